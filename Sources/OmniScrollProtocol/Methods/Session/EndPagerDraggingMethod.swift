import OmniScrollCore
import OmniScrollJSON

/// `session.endPagerDragging`: a horizontal swipe released. The pager snaps
/// to the page its `pageSnap` picks (docs/design.md#pager) with the session preset's
/// spring, advanced by `session.tick` from `time` (or the first tick); the
/// landing page becomes selected when the snap ends.
struct EndPagerDraggingMethod: MethodDeclaration {
    static let name: StaticString = "session.endPagerDragging"
    struct Params: ParamList {
        let session = SessionParams.session
        let child: Param<String> = .required("child", SessionParams.id)
        let velocity: Param<Double> = .required("velocity", SessionParams.velocity)
        let time: Param<Double?> = .optional("time", SessionParams.time)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let velocity: Double
    let time: Double?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.read(Self.params.child)
        velocity = try params.read(Self.params.velocity)
        time = try params.read(Self.params.time)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.endPagerDragging(child, velocity: velocity, time: time), to: session, &state, &result)
    }
}
