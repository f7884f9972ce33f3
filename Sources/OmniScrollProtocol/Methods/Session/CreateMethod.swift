import OmniScrollCore
import OmniScrollJSON

/// `session.create`: a new container from children (or a template, built-in
/// or defined), a viewport, insets, an offset and options.
struct CreateMethod: MethodDeclaration {
    static let name: StaticString = "session.create"
    /// The insets, options and components params are members of template files too (`SessionTemplate`).
    struct Params: ParamList {
        let viewport: Param<ParamDecoder> = .required("viewport", SessionParams.viewport)
        let children: Param<ParamArray?> = .optional("children", .array(items: SessionParams.childSpec))
        let insets: Param<ParamDecoder?> = .optional("insets", SessionParams.insets)
        let offset: Param<Double?> = .optional("offset", Schema.offset)
        let id: Param<String?> = .optional("id", SessionParams.id)
        let template: Param<String?> = .optional("template", .string(minLength: 1, maxLength: SessionParams.maxIDLength))
        let options: Param<ParamDecoder?> = .optional("options", SessionParams.options)
        let components: Param<ParamArray?> = .optional("components", SessionComponents.schema)
    }
    static let params = Params()
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
        template = try params.read(Self.params.template)
        viewport = try SessionParams.viewport(params.read(Self.params.viewport))
        children = try params.read(Self.params.children).map { (array) throws(RPCError) in try SessionParams.children(array) }
        if children == nil, template == nil { throw params.invalid(Self.params.children, "required (or give a template)") }
        insets = try params.read(Self.params.insets).map { (o) throws(RPCError) in try SessionParams.insets(o) }
        offset = try params.read(Self.params.offset)
        options = try params.read(Self.params.options).map { (o) throws(RPCError) in try OptionsPatch(o) }
        id = try params.read(Self.params.id)
        components = try params.read(Self.params.components).map { (array) throws(RPCError) in
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
