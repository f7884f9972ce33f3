import OmniScrollCore
import OmniScrollJSON

/// `grid.update`: changes a grid's viewport, offset and phase at once
/// (a rotation that keeps a point in view, a programmatic scroll that ends
/// at rest); members not given keep their values.
struct GridUpdateMethod: MethodDeclaration {
    static let name: StaticString = "grid.update"
    struct Params: ParamList {
        let session = SessionParams.session
        let viewport: Param<ParamDecoder?> = .optional("viewport", SessionParams.viewport)
        let x: Param<Double?> = .optional("x", Schema.offset)
        let y: Param<Double?> = .optional("y", Schema.offset)
        let phase: Param<ScrollPhase?> = .optional("phase", SessionParams.scrollPhase)
    }
    static let params = Params()
    static let result = ResultSchema.component("GridLayout")

    let session: String
    let change: TileGridChange

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        change = TileGridChange(
            viewport: try params.read(Self.params.viewport).map { (o) throws(RPCError) in try SessionParams.viewport(o) },
            x: try params.read(Self.params.x), y: try params.read(Self.params.y),
            phase: try params.read(Self.params.phase))
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try GridChange.apply(change, to: session, &state, &result)
    }
}
