import XCTest
@testable import OmniScrollCore

final class SplineFlingTests: XCTestCase {
    func testSpeedNeverGrowsAndPositionMovesMonotonicallyTowardsTheTarget() {
        forEachSeed(500, base: 0x5B1E_0000) { seed, rng in
            let fling = SplineFling(start: rng.position(), velocity: rng.velocity())
            var speed = abs(fling.velocity(at: 0))
            var remaining = abs(fling.target - fling.position(at: 0))
            for step in 1...200 {
                let t = fling.duration * Double(step) / 200
                XCTAssertLessThanOrEqual(abs(fling.velocity(at: t)), speed, "seed \(seed) t \(t)")
                XCTAssertLessThanOrEqual(abs(fling.target - fling.position(at: t)), remaining, "seed \(seed) t \(t)")
                speed = abs(fling.velocity(at: t))
                remaining = abs(fling.target - fling.position(at: t))
            }
            XCTAssertEqual(fling.position(at: fling.duration), fling.target, "seed \(seed): ends on its target at T")
            XCTAssertEqual(fling.velocity(at: fling.duration), 0, "seed \(seed): ends at rest at T")
        }
    }

    /// Flutter ≥ 3.10's point: a fling restarted from (x(t), v(t)) has T − t
    /// left and the same end, so it follows the same path.
    func testRestartingFromAnyPointFollowsTheSamePath() {
        forEachSeed(500, base: 0x5B1E_1000) { seed, rng in
            let fling = SplineFling(start: rng.position(), velocity: rng.velocity())
            let split = Double.random(in: 0..<fling.duration, using: &rng)
            let rest = SplineFling(start: fling.position(at: split), velocity: fling.velocity(at: split))
            let tolerance = 1e-9 * max(1, abs(fling.target), abs(fling.start))
            XCTAssertEqual(rest.target, fling.target, accuracy: tolerance, "seed \(seed)")
            XCTAssertEqual(split + rest.duration, fling.duration, accuracy: 1e-9 * fling.duration, "seed \(seed)")
            for step in 0...20 {
                let t = split + (fling.duration - split) * Double(step) / 20
                XCTAssertEqual(rest.position(at: t - split), fling.position(at: t), accuracy: tolerance, "seed \(seed) t \(t)")
            }
        }
    }

    func testTimeReachingInvertsPosition() {
        forEachSeed(500, base: 0x5B1E_2000) { seed, rng in
            let fling = SplineFling(start: rng.position(), velocity: rng.velocity())
            // Near T the curve is flat and the time of a position ill-conditioned.
            let t = Double.random(in: 0...(0.9 * fling.duration), using: &rng)
            let x = fling.position(at: t)
            guard let back = fling.time(reaching: x) else { return XCTFail("seed \(seed): \(x) not reached") }
            XCTAssertEqual(back, t, accuracy: 1e-6 * fling.duration, "seed \(seed)")
            XCTAssertNil(fling.time(reaching: fling.target + fling.distance), "seed \(seed): beyond its end")
        }
    }

    func testAStillReleaseGoesNowhere() {
        let fling = SplineFling(start: 12, velocity: 0)
        XCTAssertEqual(fling.duration, 0)
        XCTAssertEqual(fling.position(at: 0), 12)
        XCTAssertEqual(fling.velocity(at: 1), 0)
    }
}
