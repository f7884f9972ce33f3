import OmniScrollCore
import OmniScrollJSON

/// `session.snapshot`: the whole session as JSON, for `session.restore`.
struct SnapshotMethod: MethodDeclaration {
    static let name: StaticString = "session.snapshot"
    static let params = SessionOnlyParams()
    static let result = ResultSchema.component("AnySnapshot")

    let session: String

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        SnapshotEncoding.write(try state.sessions.session(session), into: &result)
    }
}
