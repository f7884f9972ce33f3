import OmniScrollCore
import OmniScrollJSON

/// `session.setInsets`: content insets; a member not given keeps its value.
struct SetInsetsMethod: MethodDeclaration {
    static let name: StaticString = "session.setInsets"
    static let params: [Member] = [.session] + SessionParams.insets.members
    static let result = ResultSchema.component("Layout")

    let session: String
    let insets: InsetsPatch

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.string("session")
        insets = try InsetsPatch(params)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let insets = insets.applied(to: try state.sessions.session(session).engine.container().insets)
        try SessionChange.apply(.insets(insets), to: session, &state, &result, path: SessionParams.flattenedPath(of:))
    }
}
