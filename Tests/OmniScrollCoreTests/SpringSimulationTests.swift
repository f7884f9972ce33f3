import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

final class SpringSimulationTests: XCTestCase {
    /// Springs of every kind: the presets' two and random ratios either side of 1.
    private func randomSpring(_ rng: inout SeededGenerator) -> SpringDescription {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .critical
        case 1: return .flutter
        default:
            let ratio = [0.2, 0.5, 0.8, 1.0, 1.3, 2.0, 4.0].randomElement(using: &rng)!
            return SpringDescription(mass: Double.random(in: 0.2...3, using: &rng),
                                     stiffness: Double.random(in: 20...400, using: &rng), ratio: ratio)
        }
    }

    private func randomSimulation(_ rng: inout SeededGenerator) -> SpringSimulation {
        let start = rng.position()
        let target = Bool.random(using: &rng) ? start : start + Double.random(in: -2_000...2_000, using: &rng)
        return SpringSimulation(spring: randomSpring(&rng), start: start, target: target, velocity: rng.velocity())
    }

    /// Each closed form solves m·y″ + c·y′ + k·y = 0 from y(0) = x₀ − target, y′(0) = v₀.
    func testClosedFormsSolveTheSpringEquation() {
        forEachSeed(500, base: 0x5917_0000) { seed, rng in
            let sim = randomSimulation(&rng)
            let y = sim.displacement, s = sim.spring
            let scale = max(1, abs(sim.start - sim.target), abs(sim.initialVelocity))
            XCTAssertEqual(y(0), sim.start - sim.target, accuracy: 1e-9 * scale, "seed \(seed)")
            XCTAssertEqual(y.derivative(0), sim.initialVelocity, accuracy: 1e-9 * scale, "seed \(seed)")
            for t in [0.0, 0.01, 0.1, 0.5, 1.5] {
                let residual = s.mass * y.derivative.derivative(t) + s.damping * y.derivative(t) + s.stiffness * y(t)
                XCTAssertEqual(residual, 0, accuracy: 1e-9 * scale * (s.mass + s.damping + s.stiffness), "seed \(seed) t \(t)")
            }
        }
    }

    /// A critically damped spring released at rest, or moving away from its
    /// target, or from the target itself, never passes the target.
    func testCriticallyDampedSpringNeverOvershoots() {
        forEachSeed(500, base: 0x5917_1000) { seed, rng in
            let start = rng.position()
            let target = start + Double.random(in: -2_000...2_000, using: &rng)
            let away = (start - target).sign == .minus ? -abs(rng.velocity()) : abs(rng.velocity())
            let velocity = [0, away].randomElement(using: &rng)!
            let spring = SpringSimulation(spring: .critical, start: start, target: target, velocity: velocity)
            let side = start - target
            for step in 0...400 {
                let t = spring.duration * 1.5 * Double(step) / 400
                let y = spring.position(at: t) - target
                XCTAssertTrue(y == 0 || side == 0 || (y > 0) == (side > 0), "seed \(seed) t \(t): y \(y) from \(side)")
            }
        }
        forEachSeed(200, base: 0x5917_1800) { seed, rng in
            let target = rng.position()
            let spring = SpringSimulation(spring: .critical, start: target, target: target, velocity: rng.velocity())
            let side = spring.initialVelocity
            for step in 1...400 {
                let y = spring.position(at: spring.duration * 1.5 * Double(step) / 400) - target
                XCTAssertTrue(y == 0 || (y > 0) == (side > 0), "seed \(seed) step \(step): y \(y)")
            }
        }
    }

    /// `duration` is the first time under 0.5 pt remain and the speed is under
    /// 20 pt/s: both hold there (to rounding), and at no earlier time on a fine grid.
    func testDurationIsTheFirstTimeTheEndRuleHolds() {
        forEachSeed(500, base: 0x5917_2000) { seed, rng in
            let sim = randomSimulation(&rng)
            let end = sim.duration
            let y = sim.position(at: end) - sim.target, v = sim.velocity(at: end)
            XCTAssertLessThanOrEqual(abs(y), MotionEndRule.restDistance * (1 + 1e-9), "seed \(seed)")
            XCTAssertLessThanOrEqual(abs(v), MotionEndRule.restSpeed * (1 + 1e-9), "seed \(seed)")
            for step in 0..<1000 {
                let t = end * Double(step) / 1000
                let holds = abs(sim.position(at: t) - sim.target) < MotionEndRule.restDistance
                    && abs(sim.velocity(at: t)) < MotionEndRule.restSpeed
                XCTAssertFalse(holds && t < end * (1 - 1e-9), "seed \(seed): holds at \(t) before \(end)")
            }
        }
    }

    func testFirstTimeBeyondALevelIsWhereItCrosses() {
        forEachSeed(500, base: 0x5917_3000) { seed, rng in
            let sim = randomSimulation(&rng)
            let level = sim.start + Double.random(in: -300...300, using: &rng)
            let upward = Bool.random(using: &rng)
            let sign: Double = upward ? 1 : -1
            let past = { (t: Double) in sign * (sim.position(at: t) - level) > 0 }
            let grid = (0...4000).map { sim.duration * 2 * Double($0) / 4000 }
            let firstOnGrid = grid.first(where: past)
            guard let found = sim.firstTime(beyond: level, upward: upward) else {
                XCTAssertNil(firstOnGrid, "seed \(seed): passes \(level) at \(firstOnGrid ?? -1) but none found")
                return
            }
            if let firstOnGrid { XCTAssertLessThanOrEqual(found, firstOnGrid, "seed \(seed)") }
            let scale = max(1, abs(level))
            XCTAssertTrue(found == 0 ? past(0) || abs(sim.position(at: 0) - level) <= 1e-9 * scale
                                     : abs(sim.position(at: found) - level) <= 1e-6 * scale,
                          "seed \(seed): at \(found) position \(sim.position(at: found)), level \(level)")
        }
    }
}
