import OmniScrollCore

/// The params `session.pointer` and `grid.pointer` share (docs/pointer.md):
/// one sample of one finger. Each method keeps its own instance (its members
/// learn their places in its params).
struct PointerParams: ParamList {
    /// The bound on a finger coordinate, in viewport points.
    static let maxCoordinate = 1e12
    static let coordinate = Schema.number(minimum: -maxCoordinate, maximum: maxCoordinate)
    /// Seconds on the client's clock, bounded so every time is a whole number of microseconds in range.
    static let seconds = Schema.number(minimum: -PointerSample.maxSeconds, maximum: PointerSample.maxSeconds)
    let session = SessionParams.session
    let phase: Param<PointerPhase> = .required("phase", .enumeration(of: PointerPhase.self))
    let x: Param<Double> = .required("x", coordinate)
    let y: Param<Double> = .required("y", coordinate)
    let time: Param<Double> = .required("time", seconds)
    /// Each phase as its JSON string, so a sample's `phase` is matched by
    /// its bytes: matched by name it cost a move ~600 instructions, issue 29.
    /// `move` first: most of a gesture's samples are moves.
    static let phases = EnumerationCases<PointerPhase>(first: .move)
}
