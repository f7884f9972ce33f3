import OmniScrollCore
import OmniScrollJSON

/// `grid.scroll`: moves a grid to an offset (clamped to the content),
/// optionally setting the phase. The grid's hot path: one per frame.
struct GridScrollMethod: MethodDeclaration {
    static let name: StaticString = "grid.scroll"
    struct Params: ParamList {
        let session = SessionParams.session
        let x: Param<Double> = .required("x", Schema.offset)
        let y: Param<Double> = .required("y", Schema.offset)
        let phase: Param<ScrollPhase?> = .optional("phase", SessionParams.scrollPhase)
    }
    static let params = Params()
    static let result = ResultSchema.component("GridLayout")

    let session: String
    let x: Double
    let y: Double
    let phase: ScrollPhase?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        x = try params.read(Self.params.x)
        y = try params.read(Self.params.y)
        phase = try params.read(Self.params.phase)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try GridChange.apply(.scroll(x: x, y: y, phase: phase), to: session, &state, &result)
    }
}
