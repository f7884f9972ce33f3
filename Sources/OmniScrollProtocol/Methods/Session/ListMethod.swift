import OmniScrollCore
import OmniScrollJSON

/// `session.list`: every live session in creation order, with its engine,
/// its size and its revision.
struct ListMethod: MethodDeclaration {
    static let name: StaticString = "session.list"
    static let params = NoParams()
    static let result = ResultSchema.component("SessionList")

    init(_ params: borrowing ParamDecoder) throws(RPCError) {}

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        result.beginObject()
        result.key("sessions")
        result.beginArray()
        for session in state.sessions.all {
            result.beginObject()
            result.key("id"); result.string(session.id)
            result.key("engine"); result.string(session.engine.kind.rawValue)
            result.key("children"); result.number(session.engine.itemCount)
            result.key("revision"); result.number(session.engine.revision)
            result.endObject()
        }
        result.endArray()
        result.endObject()
    }
}
