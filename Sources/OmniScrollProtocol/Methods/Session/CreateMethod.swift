import OmniScrollCore
import OmniScrollJSON

/// `session.create`: a new container from children (or a template), a
/// viewport, insets, an offset and options.
struct CreateMethod: MethodDeclaration {
    static let name: StaticString = "session.create"
    /// The children and options params, which template files are made of too (`SessionTemplate`).
    static let children = Member.optional("children", .array(items: SessionParams.childSpec))
    static let options = Member.optional("options", SessionParams.options)
    static let insets = Member.optional("insets", SessionParams.insets)
    static let components = Member.optional("components", SessionComponents.schema)
    static let params: [Member] = [
        .required("viewport", SessionParams.viewport),
        children,
        insets,
        .optional("offset", SessionParams.offset),
        .optional("id", SessionParams.id),
        .optional("template", .enumeration(SessionTemplate.names)),
        options,
        components,
    ]
    static let result = ResultSchema.component("Layout")

    let viewport: Viewport
    let children: [ChildSpec]
    let insets: Insets
    let offset: Double?
    let id: String?
    let options: ContainerOptions
    let delta: Bool
    /// `nil` when none are given (or the list is empty): the replies then carry no `components`.
    let components: SessionComponents?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        let template = try params.optionalEnumeration("template", as: SessionTemplate.Name.self)
            .map { (name) throws(RPCError) in try SessionTemplate.named(name) }
        viewport = try SessionParams.viewport(params.object("viewport"))
        if let array = try params.optionalArray("children") {
            children = try SessionParams.children(array)
        } else if let template {
            children = template.children
        } else {
            throw params.invalid("children", "required (or give a template)")
        }
        insets = try params.optionalObject("insets").map { (o) throws(RPCError) in try SessionParams.insets(o) } ?? template?.insets ?? .zero
        offset = try params.optionalDouble("offset")
        let base = template?.options ?? ContainerOptions()
        let baseDelta = template?.delta ?? false
        (options, delta) = try params.optionalObject("options").map { (o) throws(RPCError) in
            try SessionParams.options(o, base: base, baseDelta: baseDelta)
        } ?? (base, baseDelta)
        id = try params.optionalString("id")
        // An empty list given beside a template clears the template's components.
        components = try params.optionalArray("components").map { (array) throws(RPCError) in
            try SessionComponents.decode(array)
        } ?? template?.components
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try state.sessions.checkRoom(forChildren: children.count, existing: 0, path: "params.children")
        let created: (Container, ContainerUpdate)
        do throws(ContainerError) {
            created = try Container.create(viewport: viewport, insets: insets, children: children, offset: offset, options: options)
        } catch {
            throw SessionParams.rpcError(error, path: SessionParams.path(of: error))
        }
        // After the container is made, so a refused create uses up no generated id.
        let id = try state.sessions.newID(requested: id, path: "params.id")
        state.sessions.insert(id: id, engine: .container(created.0), delta: delta, components: components)
        var container = created.0
        LayoutEncoding.write(created.1, of: &container, in: try state.sessions.session(id).header, into: &result)
    }
}
