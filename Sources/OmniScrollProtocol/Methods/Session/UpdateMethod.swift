import OmniScrollCore
import OmniScrollJSON

/// `session.update`: several sizes, the viewport, insets, offset and phase
/// in one atomic call.
struct UpdateMethod: MethodDeclaration {
    static let name: StaticString = "session.update"
    struct Params: ParamList {
        let session = SessionParams.session
        let sizes: Param<ParamDecoder.NumberMap?> = .optional("sizes", .map(values: Schema.length))
        let viewport: Param<ParamDecoder?> = .optional("viewport", SessionParams.viewport)
        let insets: Param<ParamDecoder?> = .optional("insets", SessionParams.insets)
        let offset: Param<Double?> = .optional("offset", Schema.offset)
        let phase: Param<ScrollPhase?> = .optional("phase", SessionParams.scrollPhase)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    /// The sizes in message order, each with its JSON path.
    let sizes: [(name: String, value: Double, path: String)]
    let viewport: Viewport?
    let insets: InsetsPatch?
    let offset: Double?
    let phase: ScrollPhase?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        sizes = try params.read(Self.params.sizes) ?? []
        viewport = try params.read(Self.params.viewport).map { (o) throws(RPCError) in try SessionParams.viewport(o) }
        insets = try params.read(Self.params.insets).map { (o) throws(RPCError) in try InsetsPatch(o) }
        offset = try params.read(Self.params.offset)
        phase = try params.read(Self.params.phase)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        var changes = sizes.map { ContainerChange.size(child: $0.name, $0.value) }
        if let viewport { changes.append(.viewport(viewport)) }
        if let insets { changes.append(.insets(insets.applied(to: try state.sessions.session(session).engine.container().insets))) }
        if let offset { changes.append(.offset(offset)) }
        if let phase { changes.append(.phase(phase)) }
        let sizes = sizes
        try SessionChange.apply(changes, to: session, &state, &result) { error in
            error.change < sizes.count ? sizes[error.change].path : SessionParams.path(of: error)
        }
    }
}
