import OmniScrollCore
import OmniScrollJSON

/// `session.setInsets`: content insets; a member not given keeps its value.
struct SetInsetsMethod: MethodDeclaration {
    static let name: StaticString = "session.setInsets"
    struct Params: ParamList {
        let session = SessionParams.session
        let insets = ObjectMembers(SessionParams.insets)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let insets: InsetsPatch

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.read(Self.params.session)
        insets = try InsetsPatch(params)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let insets = insets.applied(to: try state.sessions.session(session).engine.container().insets)
        try SessionChange.apply(.insets(insets), to: session, &state, &result, path: SessionParams.flattenedPath(of:))
    }
}
