import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

final class ExponentialDecayTests: XCTestCase {
    private static let rates = [PhysicsPreset.ios, .iosFast, .flutter].map { preset -> Double in
        guard case .exponentialDecay(let rate) = preset.fling else { fatalError("\(preset) is not a decay") }
        return rate
    }

    private func randomDecay(_ rng: inout SeededGenerator) -> ExponentialDecay {
        ExponentialDecay(start: rng.position(), velocity: rng.velocity(), decayRate: Self.rates.randomElement(using: &rng)!)
    }

    func testSpeedNeverGrowsAndPositionMovesMonotonicallyTowardsTheTarget() {
        forEachSeed(500, base: 0xDECA_0000) { seed, rng in
            let decay = randomDecay(&rng)
            var speed = abs(decay.velocity(at: 0))
            var remaining = abs(decay.target - decay.position(at: 0))
            for step in 1...200 {
                let t = decay.duration * Double(step) / 200
                XCTAssertLessThanOrEqual(abs(decay.velocity(at: t)), speed, "seed \(seed) t \(t)")
                XCTAssertLessThanOrEqual(abs(decay.target - decay.position(at: t)), remaining, "seed \(seed) t \(t)")
                speed = abs(decay.velocity(at: t))
                remaining = abs(decay.target - decay.position(at: t))
            }
        }
    }

    /// A fling restarted from where another is, at its velocity, goes on along
    /// the same path and ends at the same place and time.
    func testRestartingFromAnyPointFollowsTheSamePath() {
        forEachSeed(500, base: 0xDECA_1000) { seed, rng in
            let decay = randomDecay(&rng)
            let split = Double.random(in: 0...decay.duration, using: &rng)
            let rest = ExponentialDecay(start: decay.position(at: split), velocity: decay.velocity(at: split),
                                        decayRate: decay.decayRate)
            let tolerance = 1e-9 * max(1, abs(decay.target), abs(decay.start))
            XCTAssertEqual(rest.target, decay.target, accuracy: tolerance, "seed \(seed)")
            XCTAssertEqual(split + rest.duration, decay.duration, accuracy: 1e-9, "seed \(seed)")
            for step in 0...20 {
                let t = split + (decay.duration - split) * Double(step) / 20
                XCTAssertEqual(rest.position(at: t - split), decay.position(at: t), accuracy: tolerance, "seed \(seed) t \(t)")
                XCTAssertEqual(rest.velocity(at: t - split), decay.velocity(at: t),
                               accuracy: 1e-9 * abs(decay.initialVelocity), "seed \(seed) t \(t)")
            }
        }
    }

    /// `duration` is the first time under 0.5 pt remain: 0.5 remain then, more before.
    func testDurationIsWhenHalfAPointRemains() {
        forEachSeed(500, base: 0xDECA_2000) { seed, rng in
            let decay = randomDecay(&rng)
            guard decay.duration > 0 else {
                XCTAssertLessThanOrEqual(abs(decay.target - decay.start), MotionEndRule.restDistance, "seed \(seed)")
                return
            }
            XCTAssertEqual(abs(decay.target - decay.position(at: decay.duration)), MotionEndRule.restDistance,
                           accuracy: 1e-9 * max(1, abs(decay.target)), "seed \(seed)")
            XCTAssertGreaterThan(abs(decay.target - decay.position(at: decay.duration * 0.999)),
                                 MotionEndRule.restDistance, "seed \(seed)")
        }
    }

    func testTimeReachingInvertsPosition() {
        forEachSeed(500, base: 0xDECA_3000) { seed, rng in
            let decay = randomDecay(&rng)
            let t = Double.random(in: 0...decay.duration, using: &rng)
            let x = decay.position(at: t)
            guard let back = decay.time(reaching: x) else { return XCTFail("seed \(seed): \(x) not reached") }
            XCTAssertEqual(decay.position(at: back), x, accuracy: 1e-9 * max(1, abs(x)), "seed \(seed)")
            XCTAssertNil(decay.time(reaching: decay.target + (decay.target - decay.start)), "seed \(seed): beyond rest")
        }
    }
}
