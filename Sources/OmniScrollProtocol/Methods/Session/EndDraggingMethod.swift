import OmniScrollCore
import OmniScrollJSON

/// `session.endDragging`: the finger lifted. With `velocity` the engine runs
/// the release as a motion (phase `decelerating`, advanced by `session.tick`
/// from `time`, or from the first tick without it); without, phase
/// `decelerating` when the client keeps the view moving itself (`decelerate`),
/// `idle` otherwise.
struct EndDraggingMethod: MethodDeclaration {
    static let name: StaticString = "session.endDragging"
    struct Params: ParamList {
        let session = SessionParams.session
        let decelerate: Param<Bool?> = .optional("decelerate", .boolean)
        let velocity: Param<Double?> = .optional("velocity", SessionParams.velocity)
        let time: Param<Double?> = .optional("time", SessionParams.time)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let decelerate: Bool
    let velocity: Double?
    let time: Double?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.read(Self.params.session)
        decelerate = try params.read(Self.params.decelerate) ?? false
        velocity = try params.read(Self.params.velocity)
        time = try params.read(Self.params.time)
        if time != nil, velocity == nil { throw params.invalid(Self.params.time, "only with velocity") }
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        if let velocity {
            try SessionChange.apply(.release(velocity: velocity, time: time), phase: .decelerating, to: session,
                                    &state, &result)
        } else {
            try SessionChange.apply(.phase(decelerate ? .decelerating : .idle), to: session, &state, &result)
        }
    }
}
