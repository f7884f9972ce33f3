/// Decelerate, cross the edge carrying the velocity, spring back: Flutter's
/// `BouncingScrollSimulation` (packages/flutter/lib/src/widgets/scroll_simulation.dart)
/// for any `ExponentialDecay` and spring — the `ios`, `iosFast` and `flutter`
/// fling. Released past a bound, it springs back from there at once.
public struct BouncingFling: Equatable, Sendable {
    /// The deceleration before the edge; `nil` when released past a bound.
    public let decay: ExponentialDecay?
    /// When the spring takes over: 0 when released past a bound, `nil` when the
    /// fling comes to rest within the bounds.
    public let edgeTime: Double?
    /// The spring back to the bound crossed, if any.
    public let springBack: SpringSimulation?
    public let target: Double
    public let duration: Double

    /// - Parameter maxTransferSpeed: the most speed the spring is handed, in
    ///   either direction (Flutter's `maxSpringTransferVelocity`), or `nil`.
    public init(start: Double, velocity: Double, decayRate: Double, bounds: ScrollBounds?,
                spring: SpringDescription, maxTransferSpeed: Double?) {
        func handOver(_ speed: Double) -> Double {
            guard let cap = maxTransferSpeed else { return speed }
            return min(max(speed, -cap), cap)
        }
        if let bounds, !bounds.contains(start) {
            let bound = bounds.clamp(start)
            let back = SpringSimulation(spring: spring, start: start, target: bound, velocity: handOver(velocity))
            decay = nil
            edgeTime = 0
            springBack = back
            target = bound
            duration = back.duration
            return
        }
        let decay = ExponentialDecay(start: start, velocity: velocity, decayRate: decayRate)
        self.decay = decay
        if let bounds, !bounds.contains(decay.target) {
            let bound = bounds.clamp(decay.target)
            // A target past the bound by a rounding error reaches it only at the end.
            let crossing = decay.time(reaching: bound) ?? decay.duration
            let back = SpringSimulation(spring: spring, start: bound, target: bound,
                                        velocity: handOver(decay.velocity(at: crossing)))
            edgeTime = crossing
            springBack = back
            target = bound
            duration = crossing + back.duration
        } else {
            edgeTime = nil
            springBack = nil
            target = decay.target
            duration = decay.duration
        }
    }

    public func position(at time: Double) -> Double {
        if let edgeTime, let springBack, time >= edgeTime { return springBack.position(at: time - edgeTime) }
        return decay?.position(at: time) ?? target
    }

    public func velocity(at time: Double) -> Double {
        if let edgeTime, let springBack, time >= edgeTime { return springBack.velocity(at: time - edgeTime) }
        return decay?.velocity(at: time) ?? 0
    }

    public func isDone(at time: Double) -> Bool { time >= duration }
}
