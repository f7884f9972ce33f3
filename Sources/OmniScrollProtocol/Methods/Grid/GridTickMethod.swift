import OmniScrollCore
import OmniScrollJSON

/// `grid.tick`: the client's frame clock reached `time` (seconds); the
/// grid's fling moves the offset to its position then and, once both axes
/// have ended, the grid comes to rest (phase `idle`) and recenters as its
/// mode says (docs/pointer.md, "Grids"). One per frame while a fling runs.
struct GridTickMethod: MethodDeclaration {
    static let name: StaticString = "grid.tick"
    struct Params: ParamList {
        let session = SessionParams.session
        let time: Param<Double> = .required("time", SessionParams.time)
    }
    static let params = Params()
    static let result = ResultSchema.component("GridLayout")

    let session: String
    let time: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        time = try params.read(Self.params.time)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try GridChange.update(session, &state, &result) { (grid) throws(ContainerError) in try grid.tick(time) }
    }
}
