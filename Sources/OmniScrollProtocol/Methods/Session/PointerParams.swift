import OmniScrollCore

/// The params `session.pointer` and `grid.pointer` share (docs/pointer.md):
/// one sample of one finger.
enum PointerParams {
    /// The bound on a finger coordinate, in viewport points.
    static let maxCoordinate = 1e12
    static let coordinate = ParamSchema.number(minimum: -maxCoordinate, maximum: maxCoordinate)
    /// Seconds on the client's clock, bounded so every time is a whole number of microseconds in range.
    static let time = ParamSchema.number(minimum: -PointerSample.maxSeconds, maximum: PointerSample.maxSeconds)
    static let members: [Member] = [
        .session,
        .required("phase", .enumeration(of: PointerPhase.self)),
        .required("x", coordinate),
        .required("y", coordinate),
        .required("time", time),
    ]
    /// Each phase by its name, for `ParamDecoder.enumeration(_:among:)`: a
    /// phase matched in place builds no `String` (~700 instructions a sample, issue 29).
    static let phases = PointerPhase.allCases.map { (json: Array("\"\($0.rawValue)\"".utf8), value: $0) }
}
