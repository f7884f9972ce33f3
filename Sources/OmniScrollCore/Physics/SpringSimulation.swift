/// A spring from `start` with `initialVelocity` to rest at `target`
/// (Flutter's `ScrollSpringSimulation`), in closed form.
///
/// It ends by `MotionEndRule`: `duration` is the first time under 0.5 pt
/// remain to `target` and the speed is under 20 pt/s. The search is exact up to
/// bisection: the zeros of y′ and y″ (closed forms) cut time into pieces on each
/// of which y and y′ are monotone, so on a piece each condition holds on one
/// interval whose ends bisection finds; the first piece where the two intervals
/// meet gives the end. Pieces stop at a time after which both conditions hold
/// for ever (`DampedOscillation.settleTime`).
public struct SpringSimulation: Equatable, Sendable {
    public let spring: SpringDescription
    public let start: Double
    public let target: Double
    public let initialVelocity: Double
    public let duration: Double
    /// y(t) = x(t) − target.
    let displacement: DampedOscillation

    public init(spring: SpringDescription, start: Double, target: Double, velocity: Double) {
        self.spring = spring
        self.start = start
        self.target = target
        initialVelocity = velocity
        displacement = DampedOscillation(spring, displacement: start - target, velocity: velocity)
        duration = Self.endTime(of: displacement)
    }

    public func position(at time: Double) -> Double { target + displacement(time) }

    public func velocity(at time: Double) -> Double { displacement.derivative(time) }

    public func isDone(at time: Double) -> Bool { time >= duration }

    /// The first time ≥ 0 at which the position is past `level` — above it when
    /// `upward`, below it otherwise — or `nil` if it never is. A motion that
    /// must stop at a bound (Android's clamp) ends there.
    public func firstTime(beyond level: Double, upward: Bool) -> Double? {
        let offset = level - target
        let sign: Double = upward ? 1 : -1
        let past = { (t: Double) in sign * (self.displacement(t) - offset) > 0 }
        if past(0) { return 0 }
        // After `horizon` the sign of y − offset no longer changes: y stays
        // within |offset| of 0, or, at offset 0, has made its last crossing.
        let horizon: Double
        let cuts: [Double]
        if offset != 0 {
            horizon = displacement.settleTime(below: abs(offset), from: 0)
            cuts = displacement.derivative.zeros(before: horizon)
        } else {
            horizon = displacement.crossingsHorizon
            cuts = (displacement.derivative.zeros(before: horizon) + displacement.zeros(before: horizon)).sorted()
        }
        var from = 0.0
        for to in cuts + [horizon] where to > from {
            if past(to) { return Bisection.firstTrue(from: from, to: to, past) }
            from = to
        }
        return offset != 0 && sign * -offset > 0 ? horizon : nil
    }

    private static func endTime(of y: DampedOscillation) -> Double {
        let v = y.derivative
        let horizon = max(y.settleTime(below: MotionEndRule.restDistance, from: 0),
                          v.settleTime(below: MotionEndRule.restSpeed, from: 0))
        let cuts = (v.zeros(before: horizon) + v.derivative.zeros(before: horizon)).sorted()
        var from = 0.0
        for to in cuts + [horizon] where to >= from {
            let near = Bisection.band(y, bound: MotionEndRule.restDistance, from: from, to: to)
            let slow = Bisection.band(v, bound: MotionEndRule.restSpeed, from: from, to: to)
            if let near, let slow, max(near.lowerBound, slow.lowerBound) <= min(near.upperBound, slow.upperBound) {
                return max(near.lowerBound, slow.lowerBound)
            }
            from = to
        }
        return horizon
    }
}
