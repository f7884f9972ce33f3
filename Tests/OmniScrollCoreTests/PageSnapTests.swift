import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// docs/design.md#pager's snap rule for a pager release.
final class PageSnapTests: XCTestCase {
    private let width = 375.0

    private func land(_ snap: PageSnap = .standard, start: Int, at offset: Double, velocity: Double = 0,
                      pages: Int = 3) -> Int {
        snap.landingPage(startPage: start, offset: offset, velocity: velocity, pageWidth: width, pageCount: pages)
    }

    /// Seed 004: a slow drag changes page from half a page on (`≥`).
    func testSlowDragMovesOnceHalfAPageIsCrossed() {
        XCTAssertEqual(land(start: 0, at: 187.4), 0)
        XCTAssertEqual(land(start: 0, at: 187.5), 1, "exactly half a page is enough")
        XCTAssertEqual(land(start: 1, at: 375 - 187.5), 0)
        XCTAssertEqual(land(start: 1, at: 375 - 187.4), 1)
    }

    /// Android ViewPager's 60 % is one setting.
    func testThresholdIsConfigurable() {
        let viewPager = PageSnap(threshold: 0.6, minFlingVelocity: 50)
        XCTAssertEqual(land(viewPager, start: 0, at: 0.59 * width), 0)
        XCTAssertEqual(land(viewPager, start: 0, at: 0.6 * width), 1)
    }

    /// A flick goes to the next boundary in its direction; from rest exactly on
    /// a page, one page further (Flutter's PageScrollPhysics).
    func testFlickGoesToTheNextBoundaryInItsDirection() {
        XCTAssertEqual(land(start: 0, at: 10, velocity: 51), 1)
        XCTAssertEqual(land(start: 1, at: 375 + 10, velocity: -51), 1, "back to the boundary it passed")
        XCTAssertEqual(land(start: 1, at: 375, velocity: 51), 2, "resting on page 1: one further")
        XCTAssertEqual(land(start: 1, at: 375, velocity: -51), 0)
        XCTAssertEqual(land(start: 0, at: 10, velocity: 50), 0, "50 is no flick: the drag rule applies")
        XCTAssertEqual(land(start: 0, at: 300, velocity: -60), 0, "a flick back overrides the distance")
    }

    func testNeverMoreThanOnePageNorPastTheEnds() {
        XCTAssertEqual(land(start: 0, at: 2 * width + 100, velocity: 9000), 1)
        XCTAssertEqual(land(start: 2, at: -500, velocity: -9000), 1)
        XCTAssertEqual(land(start: 0, at: -100, velocity: -9000), 0)
        XCTAssertEqual(land(start: 2, at: 2 * width + 300), 2)
        XCTAssertEqual(land(start: 0, at: 200, pages: 1), 0)
    }

    func testValidity() {
        XCTAssertTrue(PageSnap(threshold: 1, minFlingVelocity: 0).isValid)
        XCTAssertFalse(PageSnap(threshold: 0, minFlingVelocity: 50).isValid)
        XCTAssertFalse(PageSnap(threshold: 1.01, minFlingVelocity: 50).isValid)
        XCTAssertFalse(PageSnap(threshold: .nan, minFlingVelocity: 50).isValid)
    }

    /// Over random releases: the landing page is a page, at most one from the
    /// start; a flick never lands against its direction past the start; a
    /// slow drag short of the threshold stays.
    func testPropertiesOverRandomReleases() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<5000 {
            let pages = Int.random(in: 1...6, using: &rng)
            let start = Int.random(in: 0..<pages, using: &rng)
            let snap = PageSnap(threshold: Double.random(in: 0.01...1, using: &rng),
                                minFlingVelocity: Double.random(in: 0...200, using: &rng))
            let offset = Double(start) * width + Double.random(in: -1.5...1.5, using: &rng) * width
            let velocity = Double.random(in: -3000...3000, using: &rng)
            let page = land(snap, start: start, at: offset, velocity: velocity, pages: pages)
            let context = "seed \(seed): start \(start) of \(pages), offset \(offset), velocity \(velocity), \(snap)"
            XCTAssert((0..<pages).contains(page), context)
            XCTAssertLessThanOrEqual(abs(page - start), 1, context)
            if velocity > snap.minFlingVelocity {
                XCTAssertGreaterThanOrEqual(page, min(start, Int((offset / width).rounded(.down)) + 1), context)
            } else if velocity < -snap.minFlingVelocity {
                XCTAssertLessThanOrEqual(page, max(start, Int((offset / width).rounded(.up)) - 1), context)
            } else if abs(offset - Double(start) * width) < snap.threshold * width {
                XCTAssertEqual(page, start, context)
            }
        }
    }
}
