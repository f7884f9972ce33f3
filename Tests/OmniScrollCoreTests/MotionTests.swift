import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

final class MotionTests: XCTestCase {
    private func randomSnap(_ rng: inout SeededGenerator) -> SnapRule? {
        let positions: SnapRule.Positions
        if Bool.random(using: &rng) {
            positions = .interval(Double.random(in: 40...900, using: &rng))
        } else {
            var points = (0..<Int.random(in: 1...12, using: &rng)).map { _ in Double.random(in: -300...9_000, using: &rng) }
            points.sort()
            positions = .points(points)
        }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return nil
        case 1: return SnapRule(positions: positions)
        case 2: return SnapRule(positions: positions, mode: .proximity(distance: nil))
        default: return SnapRule(positions: positions, mode: .paging(minFlingVelocity: SnapRule.defaultMinFlingVelocity))
        }
    }

    private struct Case {
        var preset: PhysicsPreset, position: Double, velocity: Double
        var bounds: ScrollBounds?, snap: SnapRule?, dragStart: Double
        let viewport = 800.0
        var motion: Motion {
            Motion(preset: preset, position: position, velocity: velocity, bounds: bounds, snap: snap,
                   viewport: viewport, dragStart: dragStart)
        }
    }

    private func randomCase(_ rng: inout SeededGenerator) -> Case {
        let position = rng.position()
        return Case(preset: rng.preset(), position: position, velocity: rng.velocity(), bounds: rng.bounds(),
                    snap: randomSnap(&rng), dragStart: position + Double.random(in: -600...600, using: &rng))
    }

    /// The end rule: from `duration` on, exactly on `target` with velocity 0,
    /// and the last step onto it is under half a point.
    func testEveryMotionEndsAtRestExactlyOnItsTarget() {
        forEachSeed(2000, base: 0x3071_0000) { seed, rng in
            let motion = randomCase(&rng).motion
            XCTAssertTrue(motion.target.isFinite && motion.duration.isFinite && motion.duration >= 0, "seed \(seed)")
            for t in [motion.duration, motion.duration + 0.016, motion.duration * 2 + 1] {
                XCTAssertEqual(motion.position(at: t), motion.target, "seed \(seed) t \(t)")
                XCTAssertEqual(motion.velocity(at: t), 0, "seed \(seed) t \(t)")
                XCTAssertTrue(motion.isDone(at: t), "seed \(seed)")
            }
            guard motion.duration > 0 else { return }
            let justBefore = motion.duration.nextDown
            XCTAssertFalse(motion.isDone(at: justBefore), "seed \(seed)")
            XCTAssertLessThanOrEqual(abs(motion.position(at: justBefore) - motion.target),
                                     MotionEndRule.restDistance * (1 + 1e-9) + 1e-9 * abs(motion.target), "seed \(seed)")
        }
    }

    func testAMotionWithBoundsComesToRestWithinThem() {
        forEachSeed(2000, base: 0x3071_1000) { seed, rng in
            var c = randomCase(&rng)
            if c.bounds == nil { c.bounds = ScrollBounds(min: 0, max: 3000) }
            let motion = c.motion
            XCTAssertTrue(c.bounds!.contains(motion.target), "seed \(seed): rests at \(motion.target)")
        }
    }

    /// Android clamps: released within the bounds, it never leaves them.
    func testAndroidNeverLeavesItsBounds() {
        forEachSeed(1000, base: 0x3071_2000) { seed, rng in
            var c = randomCase(&rng)
            c.preset = .android
            let bounds = ScrollBounds(min: 0, max: Double.random(in: 0...6000, using: &rng))
            c.bounds = bounds
            c.position = Double.random(in: bounds.min...bounds.max, using: &rng)
            let motion = c.motion
            for step in 0...400 {
                let x = motion.position(at: motion.duration * Double(step) / 400)
                XCTAssertTrue(bounds.contains(x), "seed \(seed) step \(step): \(x) outside \(bounds)")
            }
        }
    }

    /// Unbounded and unsnapped, every preset's fling slows down all the way and
    /// only ever moves towards where it ends.
    func testAFreeFlingOnlySlowsAndMovesTowardsItsTarget() {
        forEachSeed(1000, base: 0x3071_3000) { seed, rng in
            let motion = Motion(preset: rng.preset(), position: rng.position(), velocity: rng.velocity())
            var speed = abs(motion.velocity(at: 0)), remaining = abs(motion.target - motion.position(at: 0))
            for step in 1...300 {
                let t = motion.duration * Double(step) / 300
                XCTAssertLessThanOrEqual(abs(motion.velocity(at: t)), speed, "seed \(seed) t \(t)")
                XCTAssertLessThanOrEqual(abs(motion.target - motion.position(at: t)), remaining, "seed \(seed) t \(t)")
                speed = abs(motion.velocity(at: t))
                remaining = abs(motion.target - motion.position(at: t))
            }
        }
    }

    /// Released within bounds and unsnapped, the speed never grows while the
    /// motion is still within them, before it first leaves them.
    func testSpeedNeverGrowsWhileDeceleratingInRange() {
        forEachSeed(1000, base: 0x3071_5000) { seed, rng in
            let bounds = ScrollBounds(min: 0, max: Double.random(in: 0...6000, using: &rng))
            let motion = Motion(preset: rng.preset(), position: Double.random(in: bounds.min...bounds.max, using: &rng),
                                velocity: rng.velocity(), bounds: bounds)
            var speed = abs(motion.velocity(at: 0))
            for step in 1...400 {
                let t = motion.duration * Double(step) / 400
                guard bounds.contains(motion.position(at: t)) else { break }
                XCTAssertLessThanOrEqual(abs(motion.velocity(at: t)), speed, "seed \(seed) t \(t)")
                speed = abs(motion.velocity(at: t))
            }
        }
    }

    /// A snapped motion ends exactly on the snap point the rule picks (clamped
    /// into the bounds) — unless it is Android's and it reached a bound first.
    func testASnappedMotionEndsExactlyOnTheSnapPoint() {
        forEachSeed(2000, base: 0x3071_4000) { seed, rng in
            var c = randomCase(&rng)
            if c.snap == nil { c.snap = SnapRule(positions: .interval(500)) }
            let unsnapped = Motion(preset: c.preset, position: c.position, velocity: c.velocity, bounds: c.bounds)
            guard let point = c.snap!.target(release: c.position, velocity: c.velocity, projectedEnd: unsnapped.target,
                                             dragStart: c.dragStart, viewport: c.viewport) else { return }
            let expected = c.bounds?.clamp(point) ?? point
            let motion = c.motion
            if c.preset == .android, let bounds = c.bounds, bounds.contains(c.position), motion.target != expected {
                XCTAssertTrue(motion.target == bounds.min || motion.target == bounds.max, "seed \(seed): \(motion.target)")
            } else {
                XCTAssertEqual(motion.target, expected, "seed \(seed)")
            }
            XCTAssertEqual(motion.position(at: motion.duration), motion.target, "seed \(seed)")
        }
    }

    /// An animated move to a point: the preset's spring, exactly onto it; Android's stops at a bound.
    func testASpringToAPointEndsExactlyOnIt() {
        let move = Motion(preset: .ios, position: 0, velocity: 0, springTo: 500)
        XCTAssertEqual(move.target, 500)
        XCTAssertGreaterThan(move.duration, 0)
        XCTAssertEqual(move.position(at: move.duration), 500)
        let samples = move.samples(every: 1.0 / 120)
        XCTAssertEqual(samples.map(\.position), samples.map(\.position).sorted(), "from rest, critically damped: no overshoot")
        let clamped = Motion(preset: .android, position: 900, velocity: 9000, springTo: 950, bounds: ScrollBounds(min: 0, max: 1000))
        XCTAssertEqual(clamped.target, 1000)
        XCTAssertLessThan(clamped.duration, SpringSimulation(spring: .critical, start: 900, target: 950, velocity: 9000).duration)
        XCTAssertEqual(move.samples(every: 0), [MotionSample(time: move.duration, position: 500, velocity: 0)])
    }

    /// iOS carries the full velocity across the edge into the spring.
    func testIosCarriesItsVelocityAcrossTheEdge() throws {
        let motion = Motion(preset: .ios, position: 0, velocity: 3000, bounds: ScrollBounds(min: 0, max: 1000))
        guard case .bouncing(let fling) = motion.curve, let edge = fling.edgeTime else { return XCTFail("no edge") }
        let decay = try XCTUnwrap(fling.decay)
        XCTAssertEqual(decay.position(at: edge), 1000, accuracy: 1e-9)
        XCTAssertEqual(motion.velocity(at: edge), decay.velocity(at: edge), accuracy: 1e-9)
        XCTAssertGreaterThan(motion.position(at: edge + 0.05), 1000, "it overshoots")
        XCTAssertEqual(motion.target, 1000)
    }

    /// Flutter hands its spring at most 5000 pt/s, in either direction.
    func testFlutterCapsTheSpeedHandedToItsSpringBothWays() {
        for (velocity, bounds) in [(20_000.0, ScrollBounds(min: 0, max: 100)), (-20_000.0, ScrollBounds(min: -100, max: 0))] {
            let motion = Motion(preset: .flutter, position: 0, velocity: velocity, bounds: bounds)
            guard case .bouncing(let fling) = motion.curve, let edge = fling.edgeTime, let decay = fling.decay else {
                return XCTFail("no edge for \(velocity)")
            }
            XCTAssertGreaterThan(abs(decay.velocity(at: edge)), 5000)
            XCTAssertEqual(motion.velocity(at: edge), velocity.sign == .minus ? -5000 : 5000, accuracy: 1e-9, "\(velocity)")
        }
    }

    /// Released past a bound, every preset springs back to it; Android ends on reaching it.
    func testAReleasePastABoundSpringsBack() {
        for preset in PhysicsPreset.allCases {
            let motion = Motion(preset: preset, position: -80, velocity: 0, bounds: ScrollBounds(min: 0, max: 1000))
            XCTAssertEqual(motion.target, 0, "\(preset)")
            XCTAssertGreaterThan(motion.duration, 0, "\(preset)")
            XCTAssertGreaterThan(motion.position(at: motion.duration / 2), -80, "\(preset)")
            XCTAssertLessThanOrEqual(motion.position(at: motion.duration / 2), 0, "\(preset)")
        }
    }

    /// Android's fling stops where it reaches a bound, at once if it starts there moving out.
    func testAndroidStopsAtTheEdge() throws {
        let motion = Motion(preset: .android, position: 0, velocity: 8000, bounds: ScrollBounds(min: 0, max: 1000))
        XCTAssertEqual(motion.target, 1000)
        XCTAssertLessThan(motion.duration, SplineFling(start: 0, velocity: 8000).duration)
        XCTAssertEqual(motion.position(at: motion.duration.nextDown), 1000, accuracy: 1e-6)
        let atEdge = Motion(preset: .android, position: 1000, velocity: 300, bounds: ScrollBounds(min: 0, max: 1000))
        XCTAssertEqual(atEdge.duration, 0)
        XCTAssertEqual(atEdge.target, 1000)
    }

    /// `sampleInterval` samples at 0, Δ, 2Δ … below the duration, then once at it.
    func testSamplesEveryIntervalThenAtTheEnd() {
        let motion = Motion(preset: .ios, position: 0, velocity: 1000)
        let samples = motion.samples(every: 1.0 / 60)
        XCTAssertEqual(samples.count, Int((motion.duration * 60).rounded(.up)) + 1)
        for (k, sample) in samples.dropLast().enumerated() {
            XCTAssertEqual(sample.time, Double(k) / 60, accuracy: 1e-12)
            XCTAssertLessThan(sample.time, motion.duration)
            XCTAssertEqual(sample.position, motion.position(at: sample.time))
        }
        XCTAssertEqual(samples.last, MotionSample(time: motion.duration, position: motion.target, velocity: 0))
        XCTAssertEqual(samples.first, MotionSample(time: 0, position: 0, velocity: 1000))
        let still = Motion(preset: .ios, position: 7, velocity: 0)
        XCTAssertEqual(still.samples(every: 0.1), [MotionSample(time: 0, position: 7, velocity: 0)])
    }
}
