import OmniScrollCore
import OmniScrollJSON
import OmniScrollTemplates

/// A built-in container, created whole in one call: the children and options
/// of `protocol/templates/<name>.json`. Every field given beside `template`
/// in `session.create` overrides the template's.
///
/// A template file is a `session.create` request's `children` and `options`
/// and is decoded by the very members and functions that decode those params,
/// so it is validated like a request. Files are decoded once, at first use;
/// a test decodes every one, so a broken file fails the tests and never
/// ships (were one to, the create naming it gets -32603, the worker runs on).
struct SessionTemplate: Sendable {
    let children: [ChildSpec]
    let options: ContainerOptions
    let delta: Bool

    /// The members a template file may have: `session.create`'s own.
    static let members: [Member] = [CreateMethod.children, CreateMethod.options]

    /// Every template's name, in the order of the `template` enum.
    static let names = TemplateFiles.all.map(\.name)

    /// A name the `template` param gave, which its enum (`names`) has checked.
    struct Name: RawRepresentable {
        let rawValue: String
    }

    /// Every template, decoded (or the reason it does not decode), by name.
    private static let catalogue: [String: Result<SessionTemplate, RPCError>] = Dictionary(
        uniqueKeysWithValues: TemplateFiles.all.map { file in
            (file.name, Result { () throws(RPCError) in
                do throws(RPCError) { return try SessionTemplate(json: file.bytes, file: "protocol/templates/\(file.name).json") } catch {
                    throw RPCError.internalError("template \(file.name): \(error.message)")
                }
            })
        })

    static func named(_ name: Name) throws(RPCError) -> SessionTemplate {
        guard let template = catalogue[name.rawValue] else { throw RPCError.internalError("no template file \(name.rawValue).json") }
        return try template.get()
    }

    /// Decodes a template file; errors name `file` and the member at fault.
    init(json bytes: [UInt8], file: String) throws(RPCError) {
        var parser = JSONParser()
        // A Result, since `withUnsafeBytes` only rethrows untyped errors.
        let decoded = bytes.withUnsafeBytes { (raw) in Result { () throws(RPCError) -> (children: [ChildSpec], options: ContainerOptions, delta: Bool) in
            let root: JSONElement
            do throws(JSONParseError) { root = try parser.parseElement(raw) } catch {
                throw RPCError.internalError("\(file): \(error.reason) at byte \(error.offset)")
            }
            guard root.kind == .object else { throw RPCError.invalidParams(path: file, reason: "must be an object") }
            let template = try ParamDecoder(root, path: file, members: Self.members)
            guard let array = try template.optionalArray("children") else { throw template.invalid("children", "required") }
            let children = try SessionParams.children(array)
            let (options, delta) = try template.optionalObject("options").map { (o) throws(RPCError) in
                try SessionParams.options(o, base: ContainerOptions(), baseDelta: false)
            } ?? (ContainerOptions(), false)
            return (children, options, delta)
        } }
        (children, options, delta) = try decoded.get()
    }
}
