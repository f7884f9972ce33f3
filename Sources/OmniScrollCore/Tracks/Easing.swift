/// An easing function from CSS Easing Functions Level 1
/// (https://www.w3.org/TR/css-easing-1/): it maps the input progress through
/// a keyframe interval, 0…1, to the output progress that mixes the
/// interval's two values.
public enum Easing: Equatable, Sendable {
    case linear
    /// cubic-bezier(0.25, 0.1, 0.25, 1)
    case ease
    /// cubic-bezier(0.42, 0, 1, 1)
    case easeIn
    /// cubic-bezier(0, 0, 0.58, 1)
    case easeOut
    /// cubic-bezier(0.42, 0, 0.58, 1)
    case easeInOut
    case cubicBezier(CubicBezier)
    /// steps(n, jump-end): n equal steps, the first at 0, the jump to 1 only at the end.
    case steps(Int)

    /// The largest |y1|, |y2| of a `cubic-bezier`. CSS sets no bound; this
    /// one keeps every output finite: the curve stays within its control
    /// points' hull, so an output progress is within ±10⁶ and a track value
    /// within (1 + 2·10⁶)·`Track.maxValue`.
    public static let maxOrdinate = 1e6
    /// The most steps a `steps(n)` takes (any count beyond is finer than a pixel).
    public static let maxSteps = Int(Int32.max)

    /// The output progress at input progress `x`, clamped to [0, 1].
    public func callAsFunction(_ x: Double) -> Double { prepared(x) }

    /// This easing ready to be evaluated many times (a track's, at every
    /// layout): a keyword as its curve, a curve as its polynomials.
    var prepared: Prepared {
        switch self {
        case .linear: return .linear
        // The keyword curves (https://www.w3.org/TR/css-easing-1/#cubic-bezier-easing-functions).
        case .ease: return .curve(CubicBezier.Polynomial(CubicBezier(0.25, 0.1, 0.25, 1)))
        case .easeIn: return .curve(CubicBezier.Polynomial(CubicBezier(0.42, 0, 1, 1)))
        case .easeOut: return .curve(CubicBezier.Polynomial(CubicBezier(0, 0, 0.58, 1)))
        case .easeInOut: return .curve(CubicBezier.Polynomial(CubicBezier(0.42, 0, 0.58, 1)))
        case .cubicBezier(let curve): return .curve(CubicBezier.Polynomial(curve))
        case .steps(let count): return .steps(count)
        }
    }

    /// An easing as evaluated: three kinds of function, the curves'
    /// coefficients computed once (what a `TrackSet` keeps per track).
    enum Prepared: Equatable, Sendable {
        case linear
        case curve(CubicBezier.Polynomial)
        case steps(Int)

        /// The output progress at input progress `x`, clamped to [0, 1].
        func callAsFunction(_ x: Double) -> Double {
            switch self {
            case .linear: return min(max(x, 0), 1)
            case .curve(let curve): return curve(x)
            case .steps(let count): return Easing.jumpEnd(x, steps: count)
            }
        }
    }

    /// CSS Easing 1's step easing algorithm with jump-end
    /// (https://www.w3.org/TR/css-easing-1/#step-easing-algo): the current
    /// step ⌊x·n⌋ over n jumps, so n at x = 1. Below 1 the step is at most
    /// n − 1, which the rounded product x·n can overshoot for a large n.
    fileprivate static func jumpEnd(_ x: Double, steps: Int) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let n = Double(steps)
        return min((x * n).rounded(.down), n - 1) / n
    }

    /// The checks an easing built in code passes (parsed ones already have):
    /// x1, x2 in [0, 1], y1, y2 finite within ±`maxOrdinate`, 1 ≤ n ≤ `maxSteps`.
    public func validate(field: FieldPath) throws(ContainerError) {
        switch self {
        case .linear, .ease, .easeIn, .easeOut, .easeInOut:
            return
        case .cubicBezier(let curve):
            for (name, x) in [("x1", curve.x1), ("x2", curve.x2)] where !(x >= 0 && x <= 1) {
                throw ContainerError(.invalidValue, field: field,
                                     reason: "cubic-bezier \(name) must be a number between 0 and 1, got \(CSSNumber.text(x))")
            }
            for (name, y) in [("y1", curve.y1), ("y2", curve.y2)] where !(abs(y) <= Self.maxOrdinate) {
                throw ContainerError(.invalidValue, field: field,
                                     reason: "cubic-bezier \(name) must be a finite number between -1e6 and 1e6, got \(CSSNumber.text(y))")
            }
        case .steps(let count):
            guard count >= 1, count <= Self.maxSteps else {
                throw ContainerError(.invalidValue, field: field,
                                     reason: "steps count must be an integer between 1 and \(Self.maxSteps), got \(count)")
            }
        }
    }

    /// The CSS text that parses back to this easing: `ease-in`,
    /// `cubic-bezier(0.1, 0.7, 1, 0.1)`, `steps(4)`.
    public var cssText: String {
        switch self {
        case .linear: return "linear"
        case .ease: return "ease"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case .cubicBezier(let c):
            return "cubic-bezier(\([c.x1, c.y1, c.x2, c.y2].map(CSSNumber.text).joined(separator: ", ")))"
        case .steps(let count): return "steps(\(count))"
        }
    }
}
