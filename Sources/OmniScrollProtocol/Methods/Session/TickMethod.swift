import OmniScrollCore
import OmniScrollJSON

/// `session.tick`: the client's frame clock reached `time` (seconds); the
/// running motion moves the offset to its position at `time − release time`
/// and, at its end, rests on its target with phase `idle`. As hot as
/// `session.scroll`: one per frame while a motion runs.
struct TickMethod: MethodDeclaration {
    static let name: StaticString = "session.tick"
    static let params: [Member] = [.session, .required("time", SessionParams.time)]
    static let result = ResultSchema.component("Layout")

    let session: String
    let time: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        time = try params.double("time")
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.tick(time), to: session, &state, &result)
    }
}
