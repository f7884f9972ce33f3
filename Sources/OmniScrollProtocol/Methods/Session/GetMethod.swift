import OmniScrollJSON

/// `session.get`: the session's current Layout (every child, no events).
struct GetMethod: MethodDeclaration {
    static let name: StaticString = "session.get"
    static let params: [Member] = [.session]
    static let result = ResultSchema.component("Layout")

    let session: String

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        LayoutEncoding.writeCurrent(try state.sessions.session(session), into: &result)
    }
}
