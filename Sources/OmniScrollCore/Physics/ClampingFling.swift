/// The `android` fling with its edges: `SplineFling` cut where it reaches a
/// bound, as Flutter's `ClampingScrollPhysics` stops a ballistic scroll at the
/// boundary. Released past a bound, it springs back with the velocity that
/// points inwards (Flutter's `ClampingScrollPhysics.createBallisticSimulation`
/// hands its out-of-range spring `min(0, velocity)`) and ends on reaching it.
public struct ClampingFling: Equatable, Sendable {
    public enum Stage: Equatable, Sendable {
        case fling(SplineFling)
        case springBack(SpringSimulation)
    }

    public let stage: Stage
    public let target: Double
    public let duration: Double

    public init(start: Double, velocity: Double, bounds: ScrollBounds?, spring: SpringDescription) {
        if let bounds, !bounds.contains(start) {
            let bound = bounds.clamp(start)
            let inwards = start > bound ? min(velocity, 0) : max(velocity, 0)
            let back = SpringSimulation(spring: spring, start: start, target: bound, velocity: inwards)
            stage = .springBack(back)
            target = bound
            duration = min(back.duration, back.firstTime(beyond: bound, upward: start < bound) ?? .infinity)
            return
        }
        let fling = SplineFling(start: start, velocity: velocity)
        stage = .fling(fling)
        if let bounds, !bounds.contains(fling.target) {
            // A target past the bound by a rounding error reaches it only at T.
            target = bounds.clamp(fling.target)
            duration = fling.time(reaching: target) ?? fling.duration
        } else {
            target = fling.target
            duration = fling.duration
        }
    }

    public func position(at time: Double) -> Double {
        switch stage {
        case .fling(let fling): fling.position(at: time)
        case .springBack(let spring): spring.position(at: time)
        }
    }

    public func velocity(at time: Double) -> Double {
        switch stage {
        case .fling(let fling): fling.velocity(at: time)
        case .springBack(let spring): spring.velocity(at: time)
        }
    }

    public func isDone(at time: Double) -> Bool { time >= duration }
}
