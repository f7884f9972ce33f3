/// A release turned into motion (docs/design.md#physics-and-motion): the preset's fling with its
/// edge policy, or, when a snap rule picks a point, the preset's spring from
/// the release to it. The one value `physics.fling` and sessions both use: a
/// pure function of the time since the release that, from `duration` on, rests
/// exactly on `target` with velocity 0 (`MotionEndRule`).
public struct Motion: Equatable, Sendable {
    enum Curve: Equatable, Sendable {
        case bouncing(BouncingFling)
        case clamping(ClampingFling)
        case spring(SpringSimulation)
    }

    public let preset: PhysicsPreset
    public let start: Double
    public let initialVelocity: Double
    /// Where it comes to rest.
    public let target: Double
    /// When it comes to rest, in seconds after the release.
    public let duration: Double
    let curve: Curve
    /// The clamp edge policy's bounds when released within them: the cut at a
    /// bound is found to rounding, so positions are held inside them too.
    let clampedTo: ScrollBounds?

    /// - Parameters:
    ///   - bounds: where it may rest; past them it springs back or stops,
    ///     per the preset's edge policy. `nil`: unbounded.
    ///   - snap: where it may come to rest; the target it picks is clamped
    ///     into `bounds`.
    ///   - viewport: the extent the proximity distance defaults from.
    ///   - dragStart: where the drag began, for paging; `position` if `nil`.
    public init(preset: PhysicsPreset, position: Double, velocity: Double, bounds: ScrollBounds? = nil,
                snap: SnapRule? = nil, viewport: Double? = nil, dragStart: Double? = nil) {
        let fling: Curve
        let end: (target: Double, duration: Double)
        switch preset.fling {
        case .exponentialDecay(let rate):
            var maxTransferSpeed: Double?
            if case .bounce(let cap) = preset.edge { maxTransferSpeed = cap }
            let bouncing = BouncingFling(start: position, velocity: velocity, decayRate: rate, bounds: bounds,
                                         spring: preset.spring, maxTransferSpeed: maxTransferSpeed)
            fling = .bouncing(bouncing)
            end = (bouncing.target, bouncing.duration)
        case .androidSpline:
            let clamping = ClampingFling(start: position, velocity: velocity, bounds: bounds, spring: preset.spring)
            fling = .clamping(clamping)
            end = (clamping.target, clamping.duration)
        }
        if let snap, let point = snap.target(release: position, velocity: velocity, projectedEnd: end.target,
                                             dragStart: dragStart ?? position, viewport: viewport) {
            self.init(preset: preset, position: position, velocity: velocity, springTo: bounds?.clamp(point) ?? point,
                      bounds: bounds)
        } else {
            self.init(preset: preset, start: position, velocity: velocity, curve: fling, target: end.target,
                      duration: end.duration, bounds: bounds)
        }
    }

    /// The preset's spring from (`position`, `velocity`) to `target`: a snapped
    /// release, or any animated move to a point. A clamping preset released
    /// within `bounds` stops where the spring would leave them.
    public init(preset: PhysicsPreset, position: Double, velocity: Double, springTo target: Double,
                bounds: ScrollBounds? = nil) {
        let spring = SpringSimulation(spring: preset.spring, start: position, target: target, velocity: velocity)
        var end = (time: spring.duration, bound: target)
        if preset.edge == .clamp, let bounds, bounds.contains(position),
           let exit = Self.exit(of: spring, from: bounds), exit.time < spring.duration {
            end = exit
        }
        self.init(preset: preset, start: position, velocity: velocity, curve: .spring(spring), target: end.bound,
                  duration: end.time, bounds: bounds)
    }

    private init(preset: PhysicsPreset, start: Double, velocity: Double, curve: Curve, target: Double,
                 duration: Double, bounds: ScrollBounds?) {
        self.preset = preset
        self.start = start
        initialVelocity = velocity
        self.curve = curve
        self.target = target
        self.duration = duration
        clampedTo = preset.edge == .clamp && bounds?.contains(start) == true ? bounds : nil
    }

    /// When and through which bound a spring released within `bounds` first leaves them, if it does.
    private static func exit(of spring: SpringSimulation, from bounds: ScrollBounds) -> (time: Double, bound: Double)? {
        let above = spring.firstTime(beyond: bounds.max, upward: true).map { (time: $0, bound: bounds.max) }
        let below = spring.firstTime(beyond: bounds.min, upward: false).map { (time: $0, bound: bounds.min) }
        return [above, below].compactMap { $0 }.min { $0.time < $1.time }
    }

    public func isDone(at time: Double) -> Bool { time >= duration }

    /// The position `time` seconds after the release (times before it count as 0).
    public func position(at time: Double) -> Double {
        guard time < duration else { return target }
        let t = max(time, 0)
        let x: Double
        switch curve {
        case .bouncing(let fling): x = fling.position(at: t)
        case .clamping(let fling): x = fling.position(at: t)
        case .spring(let spring): x = spring.position(at: t)
        }
        return clampedTo?.clamp(x) ?? x
    }

    public func velocity(at time: Double) -> Double {
        guard time < duration else { return 0 }
        let t = max(time, 0)
        switch curve {
        case .bouncing(let fling): return fling.velocity(at: t)
        case .clamping(let fling): return fling.velocity(at: t)
        case .spring(let spring): return spring.velocity(at: t)
        }
    }

    public func sample(at time: Double) -> MotionSample {
        MotionSample(time: time, position: position(at: time), velocity: velocity(at: time))
    }

    /// Samples at 0, Δ, 2Δ … below `duration`, then once at `duration`
    /// (docs/design.md#physics-and-motion). Times are k·Δ, not a running sum, so they do not drift.
    /// An interval that is not > 0 gives the end alone; the caller bounds the
    /// count (`FlingRequest.maxSamples`).
    public func samples(every interval: Double) -> [MotionSample] {
        var samples: [MotionSample] = []
        var k = 0.0
        while interval > 0, k * interval < duration {
            samples.append(sample(at: k * interval))
            k += 1
        }
        samples.append(sample(at: duration))
        return samples
    }

    public func samples(at times: [Double]) -> [MotionSample] {
        times.map(sample(at:))
    }
}
