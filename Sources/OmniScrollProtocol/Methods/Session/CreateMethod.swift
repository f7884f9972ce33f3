import OmniScrollCore
import OmniScrollJSON

/// `session.create`: a new container from children (or a template, built-in
/// or defined), a viewport, insets, an offset and options.
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
        .optional("template", .string(minLength: 1, maxLength: SessionParams.maxIDLength)),
        options,
        components,
    ]
    static let result = ResultSchema.component("Layout")

    let viewport: Viewport
    /// `nil` when not given: the template's.
    let children: [ChildSpec]?
    let insets: Insets?
    let offset: Double?
    let id: String?
    /// Resolved when the call applies: defined templates live in the worker's state.
    let template: String?
    let options: OptionsPatch?
    /// `nil` when not given; an empty list beside a template clears the template's components.
    let components: SessionComponents??

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        template = try params.optionalString("template")
        viewport = try SessionParams.viewport(params.object("viewport"))
        children = try params.optionalArray("children").map { (array) throws(RPCError) in try SessionParams.children(array) }
        if children == nil, template == nil { throw params.invalid("children", "required (or give a template)") }
        insets = try params.optionalObject("insets").map { (o) throws(RPCError) in try SessionParams.insets(o) }
        offset = try params.optionalDouble("offset")
        options = try params.optionalObject("options").map { (o) throws(RPCError) in try OptionsPatch(o) }
        id = try params.optionalString("id")
        components = try params.optionalArray("components").map { (array) throws(RPCError) in
            try SessionComponents.decode(array)
        }
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let template = try self.template.map { (name) throws(RPCError) in
            try state.templates.template(named: name, path: "params.template")
        }
        let children = self.children ?? template?.children ?? []
        let (options, delta) = self.options?.applied(to: template?.options ?? ContainerOptions(), delta: template?.delta ?? false)
            ?? (template?.options ?? ContainerOptions(), template?.delta ?? false)
        // `nil` when none are given (or the list is empty): the replies then carry no `components`.
        let components = self.components ?? template?.components
        try state.sessions.checkRoom(forChildren: children.count, existing: 0, path: "params.children")
        let created: (Container, ContainerUpdate)
        do throws(ContainerError) {
            created = try Container.create(viewport: viewport, insets: insets ?? template?.insets ?? .zero, children: children,
                                           offset: offset, options: options)
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
