/// A fling whose velocity decays exponentially, v(t) = v₀·eᵏᵗ, so
/// x(t) = x₀ + v₀·(eᵏᵗ − 1)/k and it comes to rest at x₀ − v₀/k (k < 0).
///
/// This is UIScrollView's deceleration (a rate r per millisecond gives
/// k = 1000·ln r) and Flutter's `FrictionSimulation` (a drag cₓ, the share of
/// the velocity left after one second, gives k = ln cₓ): one curve, two ways of
/// naming its constant. It ends by `MotionEndRule`: under 0.5 pt from rest.
public struct ExponentialDecay: Equatable, Sendable {
    /// `UIScrollView.DecelerationRate.normal`: 0.998 of the velocity is left
    /// after each millisecond (Apple's UIScrollView documentation).
    public static let iosNormalRatePerMillisecond = 0.998
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
    public static let iosFastRatePerMillisecond = 0.99
    /// The drag of Flutter's `BouncingScrollSimulation`
    /// (packages/flutter/lib/src/widgets/scroll_simulation.dart:
    /// `FrictionSimulation(0.135, …)`, "0.998^1000 = ~0.135").
    public static let flutterDragPerSecond = 0.135

    /// k = ln(share of the velocity left after one second), < 0.
    public let decayRate: Double
    public let start: Double
    public let initialVelocity: Double
    /// x₀ − v₀/k: where the fling would come to rest with nothing in the way.
    public let target: Double
    /// When under `MotionEndRule.restDistance` remains to `target`:
    /// |v₀/k|·eᵏᵗ < 0.5 ⇔ t > ln(0.5·|k|/|v₀|)/k, in closed form.
    public let duration: Double

    /// - Parameter decayRate: k < 0, in 1/s.
    public init(start: Double, velocity: Double, decayRate: Double) {
        self.decayRate = decayRate
        self.start = start
        self.initialVelocity = velocity
        let travel = -velocity / decayRate
        target = start + travel
        duration = abs(travel) > MotionEndRule.restDistance
            ? Elementary.log(MotionEndRule.restDistance / abs(travel)) / decayRate
            : 0
    }

    /// The rate for a share `rate` of the velocity left after each millisecond.
    public static func decayRate(perMillisecond rate: Double) -> Double { 1000 * Elementary.log(rate) }

    /// The rate for a share `drag` of the velocity left after each second.
    public static func decayRate(perSecond drag: Double) -> Double { Elementary.log(drag) }

    public func position(at time: Double) -> Double {
        start + initialVelocity * Elementary.expm1(decayRate * time) / decayRate
    }

    public func velocity(at time: Double) -> Double {
        initialVelocity * Elementary.exp(decayRate * time)
    }

    public func isDone(at time: Double) -> Bool { time >= duration }

    /// The time the curve passes `x` (Flutter's `FrictionSimulation.timeAtX`):
    /// ln(1 + k·(x − x₀)/v₀)/k; `nil` when `x` is not strictly on its way
    /// (`start` itself is reached at 0).
    public func time(reaching x: Double) -> Double? {
        if x == start { return 0 }
        let ahead = initialVelocity > 0 ? (x > start && x < target) : (x < start && x > target)
        guard ahead else { return nil }
        return Elementary.log1p(decayRate * (x - start) / initialVelocity) / decayRate
    }
}
