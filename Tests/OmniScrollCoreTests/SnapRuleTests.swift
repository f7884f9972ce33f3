import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

final class SnapRuleTests: XCTestCase {
    private func target(_ rule: SnapRule, release: Double = 0, velocity: Double = 0, end: Double,
                        dragStart: Double? = nil, viewport: Double? = nil) -> Double? {
        rule.target(release: release, velocity: velocity, projectedEnd: end, dragStart: dragStart ?? release, viewport: viewport)
    }

    func testMandatoryPicksThePointNearestTheProjectedEnd() {
        let rule = SnapRule(positions: .points([0, 300, 1000]))
        XCTAssertEqual(target(rule, end: 140), 0)
        XCTAssertEqual(target(rule, end: 150), 0, "a tie goes to the lower point")
        XCTAssertEqual(target(rule, end: 151), 300)
        XCTAssertEqual(target(rule, end: 5000), 1000)
        XCTAssertEqual(target(rule, end: -90), 0)
        XCTAssertNil(target(SnapRule(positions: .points([])), end: 10))
    }

    func testIntervalSnapsToTheNearestMultiple() {
        let rule = SnapRule(positions: .interval(250))
        XCTAssertEqual(target(rule, end: 374), 250)
        XCTAssertEqual(target(rule, end: 376), 500)
        XCTAssertEqual(target(rule, end: -130), -250)
    }

    /// Proximity snaps only within a third of the viewport (Chromium), or the distance given.
    func testProximitySnapsOnlyWhenNearEnough() {
        let rule = SnapRule(positions: .points([0, 1000]), mode: .proximity(distance: nil))
        XCTAssertEqual(target(rule, end: 260, viewport: 800), 0)
        XCTAssertNil(target(rule, end: 270, viewport: 800), "270 > 800/3")
        let near = SnapRule(positions: .points([0, 1000]), mode: .proximity(distance: 50))
        XCTAssertEqual(target(near, end: 960, viewport: 800), 1000)
        XCTAssertNil(target(near, end: 900, viewport: 800))
    }

    /// Flutter's PageScrollPhysics: page = x/size, ±0.5 above the fling
    /// threshold, rounded, at most one page from the start page.
    func testPagingMovesAtMostOnePageFromTheDragsStartPage() {
        let rule = SnapRule(positions: .interval(800), mode: .paging(minFlingVelocity: SnapRule.defaultMinFlingVelocity))
        XCTAssertEqual(target(rule, release: 1000, velocity: 0, end: 0, dragStart: 800), 800, "1.25 rounds to 1")
        XCTAssertEqual(target(rule, release: 1000, velocity: 51, end: 0, dragStart: 800), 1600, "1.25 + 0.5 rounds to 2")
        XCTAssertEqual(target(rule, release: 1000, velocity: 50, end: 0, dragStart: 800), 800, "50 is no fling")
        XCTAssertEqual(target(rule, release: 1000, velocity: -5000, end: 0, dragStart: 800), 800, "1.25 − 0.5 rounds to 1")
        XCTAssertEqual(target(rule, release: 3000, velocity: 9000, end: 0, dragStart: 800), 1600, "one page from page 1")
        XCTAssertEqual(target(rule, release: -900, velocity: -9000, end: 0, dragStart: 0), -800, "one page below page 0")
    }

    /// Children of different heights page by their tops, one child at a time.
    func testPagingByChildTopsMovesAtMostOneChild() {
        let rule = SnapRule(positions: .points([0, 100, 600, 700, 2000]), mode: .paging(minFlingVelocity: 50))
        XCTAssertEqual(target(rule, release: 340, velocity: 0, end: 0, dragStart: 100), 100, "page 1.48 rounds to 1")
        XCTAssertEqual(target(rule, release: 340, velocity: 400, end: 0, dragStart: 100), 600, "page 1.48 + 0.5")
        XCTAssertEqual(target(rule, release: 1900, velocity: 400, end: 0, dragStart: 100), 600, "at most one child from child 1")
        XCTAssertEqual(target(rule, release: 650, velocity: -400, end: 0, dragStart: 700), 600, "page 2.5 − 0.5 rounds to 2")
        XCTAssertEqual(target(rule, release: 5000, velocity: 400, end: 0, dragStart: 2000), 2000, "no page past the last")
    }

    /// A restore believes a release's spring to an interval stop only when
    /// `nearest` could have answered it (`answers`): every stop `nearest`
    /// gives, across the interval's bound (1e-15) and the offsets' (±1e24),
    /// is recognised, and a point halfway between two stops is not.
    func testAnswersEveryIntervalStopAReleaseComputesAndNoOther() {
        for n in 0..<2000 {
            let seed = 0x5AAB_0000 + UInt64(n)
            var rng = SeededGenerator(seed: seed)
            let size = Elementary.pow(10, Double.random(in: -15...12, using: &rng))
            let end = (Bool.random(using: &rng) ? 1 : -1) * Elementary.pow(10, Double.random(in: -16...24, using: &rng))
            let rule = SnapRule(positions: .interval(size))
            guard let stop = rule.nearest(to: end) else { return XCTFail("seed \(seed): no stop") }
            XCTAssertTrue(rule.answers(stop), "seed \(seed): \(stop), the stop nearest \(end) every \(size)")
            let q = (end / size).rounded(.down)
            if abs(q) < 1e12 {
                XCTAssertFalse(rule.answers((q + 0.5) * size), "seed \(seed): halfway past stop \(q) every \(size)")
            }
        }
        let points = SnapRule(positions: .points([0, 300, 900]))
        XCTAssertTrue(points.answers(300))
        XCTAssertFalse(points.answers(150))
    }
}
