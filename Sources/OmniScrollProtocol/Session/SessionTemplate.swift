import OmniScrollCore
import OmniScrollJSON
import OmniScrollTemplates

/// A container made whole in one call: the children, options, insets and
/// components a `session.create` naming it starts from. Every field given
/// beside `template` in `session.create` overrides the template's.
///
/// A template is a `session.create` request's `children`, `options`,
/// `insets` and `components` (and nothing else) and is decoded by the very
/// members and functions that decode those params, then checked as a
/// container would check them, so it is validated like a request and a bad
/// one is refused whole, before anything uses it. Built-ins are
/// `protocol/templates/<name>.json`, decoded once at first use; a test
/// decodes every one, so a broken file fails the tests and never ships
/// (were one to, the create naming it gets -32603, the worker runs on).
/// Others come from `--templates FILE` and `session.defineTemplate`
/// (`TemplateCatalogue`).
struct SessionTemplate: Sendable {
    let children: [ChildSpec]
    let options: ContainerOptions
    let delta: Bool
    /// `nil` when the template gives none: the create's own (or none) apply.
    let insets: Insets?
    let components: SessionComponents?

    /// The members a template may have: `session.create`'s own.
    static let members: [Member] = [
        .required("children", .array(items: SessionParams.childSpec)),
        CreateMethod.params.options.member, CreateMethod.params.insets.member, CreateMethod.params.components.member,
    ]
    /// `#/components/schemas/Template`.
    static let schema = Schema.object(members)

    /// Every built-in template's name, in the order `TemplateFiles` lists them.
    static let builtInNames = TemplateFiles.all.map(\.name)

    /// Every built-in template, decoded (or the reason it does not decode), by name.
    private static let builtIns: [String: Result<SessionTemplate, RPCError>] = Dictionary(
        uniqueKeysWithValues: TemplateFiles.all.map { file in
            (file.name, Result { () throws(RPCError) in
                do throws(RPCError) { return try SessionTemplate(json: file.bytes, path: "protocol/templates/\(file.name).json") } catch {
                    throw RPCError.internalError("template \(file.name): \(error.message)")
                }
            })
        })

    /// The built-in template `name`, `nil` when there is none by that name.
    static func builtIn(_ name: String) throws(RPCError) -> SessionTemplate? {
        try builtIns[name]?.get()
    }

    /// Decodes a template object; errors name its member at fault under the decoder's path.
    init(_ template: borrowing ParamDecoder) throws(RPCError) {
        children = try SessionParams.children(template.array("children"))
        (options, delta) = try template.optionalObject("options").map { (o) throws(RPCError) in
            try SessionParams.options(o, base: ContainerOptions(), baseDelta: false)
        } ?? (ContainerOptions(), false)
        insets = try template.optionalObject("insets").map { (o) throws(RPCError) in try SessionParams.insets(o) }
        components = try template.optionalArray("components").flatMap { (array) throws(RPCError) in
            try SessionComponents.decode(array)
        }
        try check(path: template.path)
    }

    /// Decodes a template's JSON text; errors name `path` and the member at fault.
    init(json bytes: [UInt8], path: String) throws(RPCError) {
        var parser = JSONParser()
        // A Result, since `withUnsafeBytes` only rethrows untyped errors.
        let decoded = bytes.withUnsafeBytes { (raw) in Result { () throws(RPCError) -> SessionTemplate in
            let root: JSONElement
            do throws(JSONParseError) { root = try parser.parseElement(raw) } catch {
                throw RPCError.invalidParams(path: path, reason: "\(error.reason) at byte \(error.offset)")
            }
            guard root.kind == .object else { throw RPCError.invalidParams(path: path, reason: "must be an object") }
            return try SessionTemplate(ParamDecoder(root, path: path, members: Self.members))
        } }
        self = try decoded.get()
    }

    /// The faults only a container sees (duplicate ids, a page given a
    /// height, an option out of bounds), found by building one in a unit
    /// viewport: the sizes it checks do not depend on the viewport.
    private func check(path: String) throws(RPCError) {
        do throws(ContainerError) {
            _ = try Container.create(viewport: Viewport(width: 1, height: 1), insets: insets ?? .zero,
                                     children: children, options: options)
        } catch {
            throw SessionParams.rpcError(error, path: SessionParams.render(error.field, under: path))
        }
    }
}
