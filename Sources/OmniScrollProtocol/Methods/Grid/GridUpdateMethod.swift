import OmniScrollCore
import OmniScrollJSON

/// `grid.update`: changes a grid's viewport, offset and phase at once
/// (a rotation that keeps a point in view, a programmatic scroll that ends
/// at rest); members not given keep their values.
struct GridUpdateMethod: MethodDeclaration {
    static let name: StaticString = "grid.update"
    static let params: [Member] = [
        .session,
        .optional("viewport", SessionParams.viewport),
        .optional("x", SessionParams.offset),
        .optional("y", SessionParams.offset),
        .optional("phase", SessionParams.scrollPhase),
    ]
    static let result = ResultSchema.component("GridLayout")

    let session: String
    let change: TileGridChange

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        change = TileGridChange(
            viewport: try params.optionalObject("viewport").map { (o) throws(RPCError) in try SessionParams.viewport(o) },
            x: try params.optionalDouble("x"), y: try params.optionalDouble("y"),
            phase: try params.optionalEnumeration("phase"))
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try GridChange.apply(change, to: session, &state, &result)
    }
}
