/// One position of the finger: viewport points and the client's clock in
/// whole microseconds, as Flutter's `Duration` holds a pointer event's time
/// (docs/pointer.md, "Times"): every age, gap and dt is computed on these
/// integers, so a sample exactly 100 ms old or a gap of exactly 40 ms is
/// kept, as Flutter's own test gestures need.
public struct PointerSample: Equatable, Sendable {
    public var x: Double
    public var y: Double
    /// Microseconds on the client's clock.
    public var time: Int64

    public init(x: Double, y: Double, time: Int64) {
        self.x = x
        self.y = y
        self.time = time
    }

    /// A sample at `seconds` on the client's clock, rounded to the microsecond.
    public init(x: Double, y: Double, seconds: Double) {
        self.init(x: x, y: y, time: Self.microseconds(seconds))
    }

    /// `round(seconds · 1e6)` (halves away from zero); the contract bounds
    /// `seconds` to ±1e9, well inside `Int64`. Rounded on the integers, not
    /// by `rounded()`: that is a call into the C library's `round`, ~20
    /// instructions of every `session.pointer` sample (issue 29). Below 2^52
    /// a number minus its truncation is exact, so the fraction decides as
    /// `round` does; from there on every `Double` is whole (fraction 0).
    public static func microseconds(_ seconds: Double) -> Int64 {
        let scaled = seconds * 1e6
        let whole = Int64(scaled)  // toward zero
        let fraction = scaled - Double(whole)
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }
}

extension PointerSample {
    /// The contract's bound on a pointer time (seconds): ±1e9, so every
    /// time in microseconds is an exact integer in an `Int64` and a `Double`.
    public static let maxSeconds = 1e9
    public static let maxMicroseconds = maxSeconds * 1e6
}
