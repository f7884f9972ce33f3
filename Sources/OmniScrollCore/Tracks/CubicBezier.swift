/// A CSS cubic Bézier easing curve: P0 = (0, 0), P1 = (x1, y1), P2 = (x2, y2),
/// P3 = (1, 1) (CSS Easing Functions Level 1, "cubic Bézier easing
/// functions", https://www.w3.org/TR/css-easing-1/#cubic-bezier-easing-functions).
/// For an input progress x it finds the curve parameter t with X(t) = x and
/// answers Y(t). The polynomial form and the solver (Newton's method from
/// t = x, then bisection) follow WebKit's `UnitBezier.h` and Chromium's
/// `ui/gfx/geometry/cubic_bezier.cc`.
public struct CubicBezier: Equatable, Sendable {
    // Only the control points are stored: an easing carries its curve
    // around by value. `Polynomial` holds the coefficients, computed once,
    // for a curve evaluated again and again (a track's, at every layout).
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// The control points as given; `Easing.validate` checks them (x1, x2 in
    /// [0, 1], so X is monotone on [0, 1] and each x has one t).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The output progress at input progress `x`, clamped to [0, 1] (tracks
    /// hold their end values outside their range, so nothing asks beyond).
    /// The ends are exact: 0 → 0 and 1 → 1.
    public func callAsFunction(_ x: Double) -> Double { Polynomial(self)(x) }

    func sampleX(_ t: Double) -> Double { Polynomial(self).x(t) }

    /// t in [0, 1] with X(t) = x, for x in (0, 1).
    func parameter(forX x: Double) -> Double { Polynomial(self).parameter(forX: x) }

    /// The curve as the polynomials X(t) and Y(t), for evaluating it many
    /// times: their coefficients are the same expressions of the control
    /// points wherever they are computed, so computing them once gives the
    /// same bits as computing them per call, for ~20 instructions less a call.
    struct Polynomial: Equatable, Sendable {
        let x: Coordinate, y: Coordinate

        init(_ curve: CubicBezier) {
            x = Coordinate(curve.x1, curve.x2)
            y = Coordinate(curve.y1, curve.y2)
        }

        /// How close X(t) must come to x. Chromium asks 1e-7 (`kBezierEpsilon`);
        /// Newton converges quadratically, so 1e-12 costs a step or two more and
        /// puts the output within 1e-12·|dY/dX| of the exact curve, far below
        /// anything a client draws, and close enough that nearby inputs keep
        /// their order.
        static let precision = 1e-12
        /// WebKit's `UnitBezier::solveCurveX` tries 8 Newton steps before bisecting.
        static let newtonSteps = 8

        /// `CubicBezier.callAsFunction`.
        func callAsFunction(_ x: Double) -> Double {
            guard x > 0 else { return 0 }
            guard x < 1 else { return 1 }
            return y(parameter(forX: x))
        }

        /// `CubicBezier.parameter(forX:)`.
        @inline(__always)  // a call passes the polynomial through memory: ~9 instructions more a solve
        func parameter(forX x: Double) -> Double {
            let curve = self.x
            var t = x
            for _ in 0..<Self.newtonSteps {
                let error = curve(t) - x
                if abs(error) < Self.precision { return t }
                let slope = curve.slope(t)
                // A flat spot would throw the step far off; bisection handles it.
                guard abs(slope) > Self.precision else { break }
                t -= error / slope
                // X may cross x again outside [0, 1]; only the root inside counts.
                guard t >= 0, t <= 1 else { break }
            }
            // X is non-decreasing on [0, 1] with X(0) = 0 < x < 1 = X(1): halve
            // the bracket until X(t) is close enough or the bracket is one ulp.
            var low = 0.0, high = 1.0
            t = x
            while true {
                let value = curve(t)
                if abs(value - x) < Self.precision { return t }
                if value < x { low = t } else { high = t }
                let middle = low + (high - low) / 2
                guard middle > low, middle < high else { return t }
                t = middle
            }
        }
    }

    /// One coordinate of the curve, ((a·t + b)·t + c)·t: the Bernstein form
    /// with the implicit end points 0 and 1 expanded (UnitBezier's coefficients).
    struct Coordinate: Equatable, Sendable {
        let a: Double, b: Double, c: Double
        /// 3·a and 2·b, the slope's coefficients: `3 * a * t` is `(3 * a) * t`,
        /// so the products computed once are the ones each step computed.
        let slopeA: Double, slopeB: Double

        init(_ p1: Double, _ p2: Double) {
            c = 3 * p1
            b = 3 * (p2 - p1) - c
            a = 1 - c - b
            slopeA = 3 * a
            slopeB = 2 * b
        }

        func callAsFunction(_ t: Double) -> Double { ((a * t + b) * t + c) * t }
        /// (3·a·t + 2·b)·t + c.
        func slope(_ t: Double) -> Double { (slopeA * t + slopeB) * t + c }
    }
}
