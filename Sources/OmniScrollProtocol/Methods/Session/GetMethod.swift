import OmniScrollCore
import OmniScrollJSON

/// `session.get`: the session's current layout, whatever its engine (a
/// container's: every child, no events).
struct GetMethod: MethodDeclaration {
    static let name: StaticString = "session.get"
    static let params = SessionOnlyParams()
    static let result = ResultSchema.component("AnyLayout")

    let session: String

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let session = try state.sessions.session(session)
        session.engine.writeCurrent(of: session, into: &result)
    }
}
