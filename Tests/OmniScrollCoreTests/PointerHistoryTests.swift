import XCTest
@testable import OmniScrollCore

/// The finger's history is a ring of the newest 20 samples (issue 29: a move allocates nothing).
final class PointerHistoryTests: XCTestCase {
    private func sample(_ k: Int) -> PointerSample { PointerSample(x: Double(k), y: Double(-k), time: Int64(k) * 8000) }

    func testAFullRingKeepsTheNewestSamplesOldestFirst() {
        var history = PointerHistory()
        for k in 0..<47 { history.append(sample(k)) }
        XCTAssertEqual(history.count, PointerHistory.capacity)
        XCTAssertEqual(history.samples, (27..<47).map(sample))
        XCTAssertEqual(history.oldest, sample(27))
        XCTAssertEqual(history.newest, sample(46))
        XCTAssertEqual((0..<history.count).map { history[$0] }, history.samples)
    }

    func testHistoriesCompareByTheirSamplesWhereverTheRingStarts() {
        var rotated = PointerHistory()
        for k in 0..<33 { rotated.append(sample(k)) }
        XCTAssertEqual(rotated, PointerHistory((13..<33).map(sample)))
        XCTAssertNotEqual(rotated, PointerHistory((12..<32).map(sample)))
        XCTAssertEqual(PointerHistory((0..<50).map(sample)).samples, (30..<50).map(sample), "the newest 20 of a longer list")
    }

    /// The next finger records into a lifted finger's storage (issue 29: a gesture allocates none).
    func testARestartedRingHoldsTheNewFingerAloneThenFillsInOrder() {
        var history = PointerHistory()
        for k in 0..<31 { history.append(sample(k)) }
        history.restart(sample(100))
        XCTAssertEqual(history.samples, [sample(100)])
        XCTAssertEqual(history.oldest, sample(100))
        for k in 101..<125 { history.append(sample(k)) }
        XCTAssertEqual(history, PointerHistory((100..<125).map(sample)))
        XCTAssertEqual(history.samples, (105..<125).map(sample))
    }

    func testTheTrackersReadARotatedRingAsTheSameSamples() {
        var rotated = PointerHistory()
        for k in 0..<29 { rotated.append(sample(k)) }
        let straight = PointerHistory(rotated.samples)
        XCTAssertEqual(LeastSquaresVelocityTracker.estimate(rotated), LeastSquaresVelocityTracker.estimate(straight))
        XCTAssertEqual(IOSVelocityTracker.estimate(rotated), IOSVelocityTracker.estimate(straight))
    }
}
