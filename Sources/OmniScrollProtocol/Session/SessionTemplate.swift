import OmniScrollCore
import OmniScrollJSON
import OmniScrollTemplates

/// A built-in container, created whole in one call: the children, options,
/// insets and components of `protocol/templates/<name>.json`. Every field
/// given beside `template` in `session.create` overrides the template's.
///
/// A template file is a `session.create` request's `children`, `options`,
/// `insets` and `components` (and nothing else) and is decoded by the very members and functions that decode those params,
/// so it is validated like a request. Files are decoded once, at first use;
/// a test decodes every one, so a broken file fails the tests and never
/// ships (were one to, the create naming it gets -32603, the worker runs on).
struct SessionTemplate: Sendable {
    let children: [ChildSpec]
    let options: ContainerOptions
    let delta: Bool
    /// `nil` when the template gives none: the create's own (or none) apply.
    let insets: Insets?
    let components: SessionComponents?

    /// The members a template file may have: `session.create`'s own.
    static let members: [Member] = [CreateMethod.children, CreateMethod.options, CreateMethod.insets, CreateMethod.components]

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
        let decoded = bytes.withUnsafeBytes { (raw) in Result { () throws(RPCError) -> (children: [ChildSpec], options: ContainerOptions, delta: Bool, insets: Insets?, components: SessionComponents?) in
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
            let insets = try template.optionalObject("insets").map { (o) throws(RPCError) in try SessionParams.insets(o) }
            let components = try template.optionalArray("components").flatMap { (array) throws(RPCError) in
                try SessionComponents.decode(array)
            }
            return (children, options, delta, insets, components)
        } }
        (children, options, delta, insets, components) = try decoded.get()
    }
}
