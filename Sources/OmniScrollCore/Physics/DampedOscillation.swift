/// The closed-form solution y(t) of a damped spring about its rest point, for
/// y(0) = y₀ and y′(0) = v₀ (Flutter's `_CriticalSolution`,
/// `_OverdampedSolution`, `_UnderdampedSolution`). Each form's derivative is
/// again of its form, which gives velocity and acceleration, and each form's
/// zeros are known in closed form, which splits time into pieces where y and
/// y′ are monotone (see `SpringSimulation`).
enum DampedOscillation: Equatable, Sendable {
    /// y = (c₁ + c₂·t)·eʳᵗ
    case critical(rate: Double, c1: Double, c2: Double)
    /// y = c₁·eʳ¹ᵗ + c₂·eʳ²ᵗ, r₁ < r₂ < 0
    case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    /// y = eʳᵗ·(c₁·cos ωt + c₂·sin ωt)
    case underdamped(rate: Double, frequency: Double, c1: Double, c2: Double)

    /// A discriminant c² − 4mk this small against c² counts as 0: a spring
    /// made with ratio 1 misses 0 by rounding, and the over- or underdamped
    /// forms divide by √|c² − 4mk|, so near 0 they lose every digit.
    static let criticalTolerance = 1e-9

    init(_ spring: SpringDescription, displacement y0: Double, velocity v0: Double) {
        let m = spring.mass, k = spring.stiffness, c = spring.damping
        let discriminant = c * c - 4 * m * k
        if abs(discriminant) <= Self.criticalTolerance * c * c {
            let r = -c / (2 * m)
            self = .critical(rate: r, c1: y0, c2: v0 - r * y0)
        } else if discriminant > 0 {
            let root = discriminant.squareRoot()
            let r1 = (-c - root) / (2 * m), r2 = (-c + root) / (2 * m)
            let c2 = (v0 - r1 * y0) / (r2 - r1)
            self = .overdamped(r1: r1, r2: r2, c1: y0 - c2, c2: c2)
        } else {
            let w = (-discriminant).squareRoot() / (2 * m)
            let r = -c / (2 * m)
            self = .underdamped(rate: r, frequency: w, c1: y0, c2: (v0 - r * y0) / w)
        }
    }

    func callAsFunction(_ t: Double) -> Double {
        switch self {
        case let .critical(r, c1, c2):
            return (c1 + c2 * t) * Elementary.exp(r * t)
        case let .overdamped(r1, r2, c1, c2):
            return c1 * Elementary.exp(r1 * t) + c2 * Elementary.exp(r2 * t)
        case let .underdamped(r, w, c1, c2):
            return Elementary.exp(r * t) * (c1 * Elementary.cos(w * t) + c2 * Elementary.sin(w * t))
        }
    }

    /// y′, in the same form.
    var derivative: DampedOscillation {
        switch self {
        case let .critical(r, c1, c2):
            return .critical(rate: r, c1: c2 + r * c1, c2: r * c2)
        case let .overdamped(r1, r2, c1, c2):
            return .overdamped(r1: r1, r2: r2, c1: c1 * r1, c2: c2 * r2)
        case let .underdamped(r, w, c1, c2):
            return .underdamped(rate: r, frequency: w, c1: r * c1 + w * c2, c2: r * c2 - w * c1)
        }
    }

    /// The zeros in (0, limit), ascending; none when y is identically 0.
    func zeros(before limit: Double) -> [Double] {
        switch self {
        case let .critical(_, c1, c2):
            guard c2 != 0 else { return [] }
            let t = -c1 / c2
            return t > 0 && t < limit ? [t] : []
        case let .overdamped(r1, r2, c1, c2):
            // c₁·eʳ¹ᵗ = −c₂·eʳ²ᵗ ⇔ t = ln(−c₂/c₁)/(r₁ − r₂)
            guard c1 != 0, -c2 / c1 > 0 else { return [] }
            let t = Elementary.log(-c2 / c1) / (r1 - r2)
            return t > 0 && t < limit ? [t] : []
        case let .underdamped(_, w, c1, c2):
            // c₁·cos θ + c₂·sin θ = 0 at θ ≡ atan2(−c₁, c₂) (mod π)
            guard c1 != 0 || c2 != 0 else { return [] }
            var phase = Elementary.atan2(-c1, c2)
            if phase <= 0 { phase += .pi }
            var zeros: [Double] = []
            var n = 0.0
            while true {
                let t = (phase + n * .pi) / w
                guard t < limit else { return zeros }
                zeros.append(t)
                n += 1
            }
        }
    }

    /// A time ≥ `from` after which |y| < `bound` for ever. Underdamped: its
    /// envelope √(c₁² + c₂²)·eʳᵗ falls below `bound`. Critically and
    /// overdamped: after the last zero of y′, y is monotone towards 0, so from
    /// there a step that doubles finds such a time.
    func settleTime(below bound: Double, from: Double) -> Double {
        switch self {
        case let .underdamped(r, _, c1, c2):
            let amplitude = (c1 * c1 + c2 * c2).squareRoot()
            guard amplitude >= bound else { return from }
            return max(from, Elementary.log(bound / amplitude) / r)
        case let .critical(r, _, _), let .overdamped(_, r, _, _):
            let monotoneFrom = max(from, derivative.zeros(before: .infinity).last ?? 0)
            guard abs(self(monotoneFrom)) >= bound else { return monotoneFrom }
            var step = 1 / abs(r)
            while abs(self(monotoneFrom + step)) >= bound, step.isFinite { step *= 2 }
            return monotoneFrom + step
        }
    }

    /// A time by which y has been on every side of 0 it will ever be on, and
    /// after which a monotone piece has begun: underdamped, three half periods
    /// (a zero falls in every half period, an extremum in the next);
    /// otherwise one time constant past the last zero of y and of y′.
    var crossingsHorizon: Double {
        switch self {
        case let .underdamped(_, w, _, _):
            return 3 * .pi / w
        case let .critical(r, _, _), let .overdamped(_, r, _, _):
            let last = (zeros(before: .infinity) + derivative.zeros(before: .infinity)).max() ?? 0
            return last + 1 / abs(r)
        }
    }
}
