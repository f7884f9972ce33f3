import XCTest
@testable import OmniScrollCore

/// Both trackers against Flutter's own tests of them (FlutterVelocityData
/// cites the source): the same samples give Flutter's velocities within its
/// tolerance.
final class VelocityTrackerTests: XCTestCase {
    private func history(_ gesture: FlutterVelocityData.Gesture) -> [PointerHistory] {
        var history = PointerHistory()
        return gesture.samples.map { sample in
            history.append(PointerSample(x: sample.x, y: sample.y, time: Int64(sample.ms) * 1000))
            return history
        }
    }

    /// Flutter's `_withinTolerance`: |actual − expected| / |expected| < 0.1 %.
    private func assertWithin(_ actual: Double, _ expected: Double, _ message: String) {
        XCTAssertLessThan(abs((actual - expected) / expected), FlutterVelocityData.tolerance,
                          "\(message): \(actual), Flutter \(expected)")
    }

    /// "Velocity tracker gives expected results": each recorded gesture's `up`.
    func testLeastSquaresReproducesFlutterOnItsRecordedGestures() {
        XCTAssertEqual(FlutterVelocityData.gestures.count, FlutterVelocityData.expected.count)
        for (k, gesture) in FlutterVelocityData.gestures.enumerated() {
            let estimate = LeastSquaresVelocityTracker.estimate(history(gesture).last!)
            assertWithin(estimate.velocity.x, FlutterVelocityData.expected[k].x, "gesture \(k) x")
            assertWithin(estimate.velocity.y, FlutterVelocityData.expected[k].y, "gesture \(k) y")
        }
    }

    /// "Interrupted velocity estimation": a 40+ ms gap ends the samples the fit uses.
    func testLeastSquaresStopsAtAGapAsFlutterDoes() {
        let estimate = LeastSquaresVelocityTracker.estimate(history(FlutterVelocityData.interrupted).last!)
        assertWithin(estimate.velocity.x, FlutterVelocityData.interruptedExpected.x, "x")
        assertWithin(estimate.velocity.y, FlutterVelocityData.interruptedExpected.y, "y")
        // The travel is over the five samples after the gap alone.
        XCTAssertEqual(estimate.travel.y, 451.4285583496094 - 355.71429443359375)
    }

    /// "No data velocity estimation", and fewer than three samples.
    func testLeastSquaresGivesZeroWithoutEnoughSamples() {
        XCTAssertEqual(LeastSquaresVelocityTracker.estimate(PointerHistory()), .zero)
        let two = PointerHistory([PointerSample(x: 0, y: 0, time: 0), PointerSample(x: 5, y: 9, time: 8000)])
        XCTAssertEqual(LeastSquaresVelocityTracker.estimate(two).velocity, Point(x: 0, y: 0))
    }

    /// The settled detail Flutter's gestures depend on: a sample exactly 100 ms
    /// old and a gap of exactly 40 ms are kept (microsecond integers).
    func testLeastSquaresKeepsASampleExactlyAtTheHorizonAndGap() {
        let samples = [0, 40_000, 60_000, 100_000].map { PointerSample(x: 0, y: Double($0) / 1000, time: Int64($0)) }
        let estimate = LeastSquaresVelocityTracker.estimate(PointerHistory(samples))
        XCTAssertEqual(estimate.travel.y, 100, "all four samples used")
        XCTAssertEqual(estimate.velocity.y, 1000, accuracy: 1e-9)
        let older = [PointerSample(x: 0, y: 0, time: -1)] + samples.dropFirst()
        XCTAssertEqual(LeastSquaresVelocityTracker.estimate(PointerHistory(older)).travel.y, 60, "a sample 100.001 ms old is dropped")
    }

    /// "Makes consistent velocity estimates with consistent velocity" (the
    /// iOS tracker): one point per second, from the fourth sample on.
    func testIOSTrackerMakesConsistentEstimatesAsFlutterDoes() {
        var history = PointerHistory()
        for i in 1...10 {
            history.append(PointerSample(x: 0, y: -Double(i), time: Int64(i) * 1_000_000))
            if i >= 4 { XCTAssertEqual(IOSVelocityTracker.estimate(history).velocity, Point(x: 0, y: -1), "sample \(i)") }
        }
    }

    /// The weights: 0.6 of the pair ending two samples back, 0.35 one back, 0.05 the newest.
    func testIOSTrackerWeighsTheLastThreePairs() {
        let samples = [(0, 0.0), (10_000, 10.0), (20_000, 30.0), (30_000, 60.0)].map {
            PointerSample(x: 0, y: $0.1, time: Int64($0.0))
        }
        let estimate = IOSVelocityTracker.estimate(PointerHistory(samples))
        XCTAssertEqual(estimate.velocity.y, 0.6 * 1000 + 0.35 * 2000 + 0.05 * 3000, accuracy: 1e-9)
        XCTAssertEqual(estimate.travel.y, 60)
        let sameTime = PointerHistory([PointerSample(x: 0, y: 0, time: 0), PointerSample(x: 0, y: 5, time: 0)])
        XCTAssertEqual(IOSVelocityTracker.estimate(sameTime).velocity, Point(x: 0, y: 0), "dt = 0 counts 0")
    }

    /// "Assume zero velocity when there are no recent samples": an `up` more
    /// than 40 ms after the newest sample finds the finger at rest.
    func testAFingerThatRestedHasNoVelocity() {
        let gesture = FlutterVelocityData.gestures[3]
        var finger = PointerGesture(down: PointerSample(x: gesture.samples[0].x, y: gesture.samples[0].y,
                                                        time: Int64(gesture.samples[0].ms) * 1000), caught: false, pager: nil)
        for s in gesture.samples.dropFirst() {
            _ = finger.move(PointerSample(x: s.x, y: s.y, time: Int64(s.ms) * 1000), constants: PointerConstants(.flutter),
                            pans: false) { Point(x: 0, y: 0) }
        }
        for preset in PhysicsPreset.allCases {
            let constants = PointerConstants(preset)
            XCTAssertNotEqual(finger.velocity(at: finger.lastTime + 40_000, constants: constants), .zero, "\(preset)")
            XCTAssertEqual(finger.velocity(at: finger.lastTime + 40_001, constants: constants), .zero, "\(preset)")
        }
    }
}
