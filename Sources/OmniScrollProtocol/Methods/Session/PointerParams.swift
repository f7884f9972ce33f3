import OmniScrollCore

/// The params `session.pointer` and `grid.pointer` share (docs/pointer.md):
/// one sample of one finger.
enum PointerParams {
    /// The bound on a finger coordinate, in viewport points.
    static let maxCoordinate = 1e12
    static let coordinate = ParamSchema.number(minimum: -maxCoordinate, maximum: maxCoordinate)
    /// Seconds on the client's clock, bounded so every time is a whole number of microseconds in range.
    static let seconds = ParamSchema.number(minimum: -PointerSample.maxSeconds, maximum: PointerSample.maxSeconds)
    static let phase: Param<PointerPhase> = .required("phase", .enumeration(of: PointerPhase.self))
    static let x: Param<Double> = .required("x", coordinate)
    static let y: Param<Double> = .required("y", coordinate)
    static let time: Param<Double> = .required("time", seconds)
    static let members: [Member] = [SessionParams.session.member, phase.member, x.member, y.member, time.member]
    /// Each phase as its JSON string, so a sample's `phase` is matched by
    /// its bytes: matched by name it cost a move ~600 instructions, issue 29.
    /// `move` first: most of a gesture's samples are moves.
    static let phases = EnumerationCases<PointerPhase>(first: .move)
}
