import OmniScrollCore
import OmniScrollJSON

/// `session.endPagerDragging`: a horizontal swipe released. The pager snaps
/// to the page its `pageSnap` picks (docs/design.md#pager) with the session preset's
/// spring, advanced by `session.tick` from `time` (or the first tick); the
/// landing page becomes selected when the snap ends.
struct EndPagerDraggingMethod: MethodDeclaration {
    static let name: StaticString = "session.endPagerDragging"
    static let params: [Member] = [
        .session,
        .required("child", SessionParams.id),
        .required("velocity", SessionParams.velocity),
        .optional("time", SessionParams.time),
    ]
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let velocity: Double
    let time: Double?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.string("child")
        velocity = try params.double("velocity")
        time = try params.optionalDouble("time")
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.endPagerDragging(child, velocity: velocity, time: time), to: session, &state, &result)
    }
}
