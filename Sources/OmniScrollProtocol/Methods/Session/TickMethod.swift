import OmniScrollCore
import OmniScrollJSON

/// `session.tick`: the client's frame clock reached `time` (seconds); the
/// running motion moves the offset to its position at `time − release time`
/// and, at its end, rests on its target with phase `idle`. As hot as
/// `session.scroll`: one per frame while a motion runs.
struct TickMethod: MethodDeclaration {
    static let name: StaticString = "session.tick"
    struct Params: ParamList {
        let session = SessionParams.session
        let time: Param<Double> = .required("time", SessionParams.time)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let time: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        time = try params.read(Self.params.time)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.tick(time), to: session, &state, &result)
    }
}
