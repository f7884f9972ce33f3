import OmniScrollCore
import OmniScrollJSON

/// `grid.scroll`: moves a grid to an offset (clamped to the content),
/// optionally setting the phase. The grid's hot path: one per frame.
struct GridScrollMethod: MethodDeclaration {
    static let name: StaticString = "grid.scroll"
    static let params: [Member] = [
        .session,
        .required("x", SessionParams.offset),
        .required("y", SessionParams.offset),
        .optional("phase", SessionParams.scrollPhase),
    ]
    static let result = ResultSchema.component("GridLayout")

    let session: String
    let x: Double
    let y: Double
    let phase: ScrollPhase?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        x = try params.double("x")
        y = try params.double("y")
        phase = try params.optionalEnumeration("phase")
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try GridChange.apply(.scroll(x: x, y: y, phase: phase), to: session, &state, &result)
    }
}
