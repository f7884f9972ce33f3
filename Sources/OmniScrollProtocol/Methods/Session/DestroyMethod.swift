import OmniScrollCore
import OmniScrollJSON

/// `session.destroy`: forgets a session; answers `{session}`.
struct DestroyMethod: MethodDeclaration {
    static let name: StaticString = "session.destroy"
    static let params = SessionOnlyParams()
    static let result = ResultSchema.inline(.object([.required("session", .string())]))

    let session: String

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try state.sessions.remove(session)
        result.beginObject()
        result.key("session"); result.string(session)
        result.endObject()
    }
}
