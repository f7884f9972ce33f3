import OmniScrollCore
import OmniScrollJSON

/// `session.pointer`: one sample of the finger (docs/pointer.md). The
/// engine applies the preset's slop, locks the axis, drags the container or
/// swipes the pager under the finger, estimates the release velocity and
/// flings, catches a running motion on `down`, and reports a tap.
struct PointerMethod: MethodDeclaration {
    static let name: StaticString = "session.pointer"
    static let params = PointerParams()
    static let result = ResultSchema.component("Layout")

    let session: String
    let phase: PointerPhase
    let x: Double
    let y: Double
    let time: Double

    /// Inlined into the registry's call: its five reads outlined it, ~70
    /// instructions a move more than `session.drag`'s inlined one (issue 29).
    @inline(__always)
    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        phase = try params.read(Self.params.phase, among: PointerParams.phases)
        x = try params.read(Self.params.x)
        y = try params.read(Self.params.y)
        time = try params.read(Self.params.time)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.update(session, &state, &result) { (container) throws(ContainerError) in
            try container.pointer(phase, x: x, y: y, time: time)
        }
    }
}
