import OmniScrollCore
import OmniScrollJSON

/// `grid.pointer`: one sample of the finger on a grid (docs/pointer.md,
/// "Grids"). The engine applies the preset's pan slop, pans both axes,
/// estimates the release velocity and flings (`grid.tick` advances it),
/// catches a running fling on `down`, and reports a tap on a tile.
struct GridPointerMethod: MethodDeclaration {
    static let name: StaticString = "grid.pointer"
    static let params = PointerParams()
    static let result = ResultSchema.component("GridLayout")

    let session: String
    let phase: PointerPhase
    let x: Double
    let y: Double
    let time: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        phase = try params.read(Self.params.phase, among: PointerParams.phases)
        x = try params.read(Self.params.x)
        y = try params.read(Self.params.y)
        time = try params.read(Self.params.time)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try GridChange.update(session, &state, &result) { (grid) throws(ContainerError) in
            try grid.pointer(phase, x: x, y: y, time: time)
        }
    }
}
