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

    /// `round(seconds · 1e6)`; the contract bounds `seconds` to ±1e9, well inside `Int64`.
    public static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e6).rounded()) }
}

extension PointerSample {
    /// The contract's bound on a pointer time (seconds): ±1e9, so every
    /// time in microseconds is an exact integer in an `Int64` and a `Double`.
    public static let maxSeconds = 1e9
    public static let maxMicroseconds = maxSeconds * 1e6
}
