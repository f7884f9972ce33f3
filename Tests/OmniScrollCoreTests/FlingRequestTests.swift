import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

final class FlingRequestTests: XCTestCase {
    private func error(_ request: FlingRequest) -> ContainerError? {
        do {
            _ = try FlingResult(request)
            return nil
        } catch {
            return error
        }
    }

    private func assertRejects(_ request: FlingRequest, field: String, line: UInt = #line) {
        guard let error = error(request) else { return XCTFail("accepted; expected an error at \(field)", line: line) }
        XCTAssertEqual(error.kind, .invalidValue, line: line)
        XCTAssertEqual(error.field.description, field, "\(error.reason)", line: line)
        XCTAssertFalse(error.reason.isEmpty, line: line)
    }

    func testBadInputIsRejectedNamingTheField() {
        let ok = FlingRequest(position: 0, velocity: 1000)
        var r = ok; r.position = .nan
        assertRejects(r, field: "position")
        r = ok; r.velocity = .infinity
        assertRejects(r, field: "velocity")
        r = ok; r.velocity = 2e15
        assertRejects(r, field: "velocity")
        r = ok; r.bounds = ScrollBounds(min: 10, max: 5)
        assertRejects(r, field: "bounds.min")
        r = ok; r.bounds = ScrollBounds(min: 0, max: -.infinity)
        assertRejects(r, field: "bounds.max")
        r = ok; r.viewport = 0
        assertRejects(r, field: "viewport")
        r = ok; r.dragStart = .nan
        assertRejects(r, field: "dragStart")
        r = ok; r.snap = SnapRule(positions: .points([0, 300, 200]))
        assertRejects(r, field: "snap.points[2]")
        r = ok; r.snap = SnapRule(positions: .points([0, .nan]))
        assertRejects(r, field: "snap.points[1]")
        r = ok; r.snap = SnapRule(positions: .interval(0))
        assertRejects(r, field: "snap.interval")
        r = ok; r.snap = SnapRule(positions: .interval(100), mode: .proximity(distance: nil))
        assertRejects(r, field: "snap.distance")
        r = ok; r.snap = SnapRule(positions: .interval(100), mode: .proximity(distance: -1))
        assertRejects(r, field: "snap.distance")
        r = ok; r.snap = SnapRule(positions: .interval(100), mode: .paging(minFlingVelocity: -1))
        assertRejects(r, field: "snap.minFlingVelocity")
        r = ok; r.sampling = .interval(0)
        assertRejects(r, field: "sampleInterval")
        r = ok; r.sampling = .interval(-0.1)
        assertRejects(r, field: "sampleInterval")
        r = ok; r.sampling = .interval(.nan)
        assertRejects(r, field: "sampleInterval")
        r = ok; r.sampling = .interval(1e-9)
        assertRejects(r, field: "sampleInterval")
        r = ok; r.sampling = .times([0, 0.5, -0.1])
        assertRejects(r, field: "times[2]")
        r = ok; r.sampling = .times([.infinity])
        assertRejects(r, field: "times[0]")
        XCTAssertNil(error(ok))
    }

    func testResultIsTheMotionsTargetDurationAndSamples() throws {
        let request = FlingRequest(preset: .flutter, position: 10, velocity: -700, bounds: ScrollBounds(min: 0, max: 900),
                                   sampling: .times([0.3, 0, 10]))
        let result = try FlingResult(request)
        let motion = Motion(preset: .flutter, position: 10, velocity: -700, bounds: ScrollBounds(min: 0, max: 900))
        XCTAssertEqual(result.target, 0)
        XCTAssertEqual(result.duration, motion.duration)
        XCTAssertEqual(result.samples, [motion.sample(at: 0.3), motion.sample(at: 0), motion.sample(at: 10)])
        XCTAssertNil(try FlingResult(FlingRequest(position: 0, velocity: 100)).samples)
    }

    func testAnIntervalJustWithinTheLimitGivesAtMostTheMostSamples() throws {
        let duration = Motion(preset: .ios, position: 0, velocity: 1000).duration
        let interval = duration / (Double(FlingRequest.maxSamples) - 1.5)
        let samples = try XCTUnwrap(FlingResult(FlingRequest(position: 0, velocity: 1000, sampling: .interval(interval))).samples)
        XCTAssertLessThanOrEqual(samples.count, FlingRequest.maxSamples)
        XCTAssertEqual(samples.last?.time, duration)
    }

    /// Any finite input gives either an error or finite numbers only.
    func testNoNonFiniteOutputForAnyFiniteInput() {
        func wild(_ rng: inout SeededGenerator) -> Double {
            let magnitude = Elementary.pow(10, Double.random(in: -300...15, using: &rng))
            return Bool.random(using: &rng) ? magnitude : -magnitude
        }
        var accepted = 0
        forEachSeed(3000, base: 0xF1_0000) { seed, rng in
            let wide = Bool.random(using: &rng)
            func value(_ rng: inout SeededGenerator) -> Double { wide ? wild(&rng) : rng.position() }
            let low = value(&rng)
            var request = FlingRequest(preset: rng.preset(), position: value(&rng),
                                       velocity: wide ? wild(&rng) : rng.velocity(),
                                       bounds: Bool.random(using: &rng) ? ScrollBounds(min: low, max: low + abs(value(&rng))) : nil,
                                       viewport: abs(value(&rng)),
                                       dragStart: value(&rng), sampling: .interval(0.25))
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: request.snap = SnapRule(positions: .interval(abs(value(&rng))))
            case 1: request.snap = SnapRule(positions: .points([value(&rng), value(&rng)].sorted()), mode: .proximity(distance: nil))
            case 2: request.snap = SnapRule(positions: .interval(abs(value(&rng))), mode: .paging(minFlingVelocity: 50))
            default: break
            }
            guard let result = try? FlingResult(request) else { return }
            accepted += 1
            XCTAssertTrue(result.target.isFinite && result.duration.isFinite, "seed \(seed)")
            for sample in result.samples ?? [] {
                XCTAssertTrue(sample.time.isFinite && sample.position.isFinite && sample.velocity.isFinite,
                              "seed \(seed): \(sample)")
            }
        }
        XCTAssertGreaterThan(accepted, 1000, "too few cases got through validation to test anything")
    }
}
