import XCTest
@testable import OmniScrollCore

/// `EndPagerDragging`: the snap motion on ticks (docs/design.md#pager; the end rule of
/// docs/design.md#physics-and-motion), on the profile page (375 wide, posts then likes, P = 300).
final class PagerSnapMotionTests: XCTestCase {
    private let width = ProfilePage.viewport.width
    private let frame = 1.0 / 60

    private func progress(_ container: Container) -> Double {
        container.layout.pageProgress(ofPager: container.layout.childIndex(of: "tabs")!)!
    }

    /// Releases at `offset` with `velocity` (clock from 0), ticks at 1/60 s
    /// until the snap ends; answers the progress at every tick and the last update.
    private func release(_ container: inout Container, at offset: Double, velocity: Double)
        -> (progress: [Double], last: ContainerUpdate) {
        container.must(.scrollPager("tabs", offset: offset))
        var last = container.must(.endPagerDragging("tabs", velocity: velocity, time: 0))
        var seen: [Double] = []
        var n = 0
        while container.isSnapping, n < 600 {
            n += 1
            last = container.must(.tick(Double(n) * frame))
            seen.append(progress(container))
        }
        return (seen, last)
    }

    func testAReleaseLandsWherePageSnapSaysAndEndsExactlyOnTheBoundary() throws {
        let cases: [(offset: Double, velocity: Double)] = [(120, 600), (120, 20), (200, 20), (250, -600), (30, -400), (370, 3000)]
        for (offset, velocity) in cases {
            var (container, _) = try ProfilePage.create()
            let expected = PageSnap.standard.landingPage(startPage: 0, offset: offset, velocity: velocity, pageWidth: width, pageCount: 2)
            let (seen, last) = release(&container, at: offset, velocity: velocity)
            XCTAssertFalse(container.isSnapping, "offset \(offset) velocity \(velocity)")
            XCTAssertEqual(seen.last, Double(expected), "ends exactly on the boundary")
            XCTAssertEqual(container.selectedPage("tabs").page, ["posts", "likes"][expected])
            XCTAssertEqual(last.eventNames.contains("pageDidSelect(tabs)(likes)"), expected == 1, "\(last.eventNames)")
            XCTAssertTrue(seen.dropLast().allSatisfy { $0 != Double(expected) || expected == 0 }, "no early landing")
        }
    }

    func testMidMotionRepliesLayOutThePagesAtTheMovingOffset() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.offset(2300))
        container.must(.scrollPager("tabs", offset: 120))
        container.must(.endPagerDragging("tabs", velocity: 600, time: 0))
        container.must(.tick(0.1))
        let p = progress(container)
        XCTAssertGreaterThan(p, 120 / width)
        XCTAssertLessThan(p, 1)
        let tabs = container.layout.childIndex(of: "tabs")!
        XCTAssertEqual(container.layout.pages(ofPager: tabs).map(\.id), ["posts", "likes"])
        XCTAssertEqual(container.selectedPage("tabs").page, "posts", "selected stays put until the snap ends")
        XCTAssertEqual(container.offset, 2300, "the vertical offset stays put")
    }

    func testNeverMoreThanOnePageFromTheStartPage() throws {
        let children: [ChildSpec] = [.pager("tabs", PagerChild(pages: (0..<5).map { PagerPage(id: "p\($0)", contentHeight: 1000) },
                                                               selected: 2))]
        for velocity in [-50_000.0, 50_000] {
            for offset in [0.0, 375, 750, 1125, 1500] {
                var (container, _) = try Container.create(viewport: ProfilePage.viewport, children: children)
                let (seen, _) = release(&container, at: offset, velocity: velocity)
                let landed = container.selectedPage("tabs").page
                XCTAssertTrue(["p1", "p2", "p3"].contains(landed), "offset \(offset) velocity \(velocity): \(landed)")
                XCTAssertEqual(seen.last.map { Double(Int($0)) }, seen.last)
            }
        }
    }

    /// Seed 004's half page (`≥`) and Android ViewPager's 0.6, each one `pageSnap` setting.
    func testTheThresholdIsASetting() throws {
        func landing(threshold: Double, at offset: Double) throws -> String {
            let children: [ChildSpec] = [.pager("tabs", PagerChild(
                pages: [PagerPage(id: "a", contentHeight: 1000), PagerPage(id: "b", contentHeight: 1000)],
                pageSnap: PageSnap(threshold: threshold, minFlingVelocity: 50)))]
            var (container, _) = try Container.create(viewport: ProfilePage.viewport, children: children)
            _ = release(&container, at: offset, velocity: 10)
            return container.selectedPage("tabs").page
        }
        XCTAssertEqual(try landing(threshold: 0.5, at: 187.5), "b", "half a page exactly moves (seed 004's ≥)")
        XCTAssertEqual(try landing(threshold: 0.5, at: 187), "a")
        XCTAssertEqual(try landing(threshold: 0.6, at: 187.5), "a", "Android's 60 %")
        XCTAssertEqual(try landing(threshold: 0.6, at: 225), "b")
    }

    func testARestoreMidMotionReplaysIdentically() throws {
        var (live, _) = try ProfilePage.create()
        live.must(.offset(2300))
        live.must(.scrollPager("tabs", offset: 120))
        live.must(.endPagerDragging("tabs", velocity: 600))
        live.must(.tick(5))
        live.must(.tick(5.1))
        var restored = try Container(restoring: live.snapshot())
        XCTAssertEqual(restored.snapshot(), live.snapshot())
        XCTAssertTrue(restored.isSnapping)
        var n = 0
        while live.isSnapping, n < 600 {
            n += 1
            let time = 5.1 + Double(n) * frame
            let a = restored.must(.tick(time)), b = live.must(.tick(time))
            XCTAssertEqual(a.eventNames, b.eventNames, "tick \(n)")
            XCTAssertEqual(restored.layout.pageProgress(ofPager: 2), live.layout.pageProgress(ofPager: 2), "tick \(n)")
            XCTAssertEqual(restored.snapshot(), live.snapshot(), "tick \(n)")
        }
        XCTAssertFalse(live.isSnapping)
        XCTAssertFalse(restored.isSnapping)
    }

    func testADragOrASwipeStopsTheSnapWhereItIs() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.scrollPager("tabs", offset: 120))
        container.must(.endPagerDragging("tabs", velocity: 600, time: 0))
        container.must(.tick(0.1))
        let stopped = progress(container)
        container.must(.phase(.dragging))
        XCTAssertFalse(container.isSnapping)
        XCTAssertEqual(progress(container), stopped)
        container.must(.endPagerDragging("tabs", velocity: 600, time: 1))
        container.must(.tick(1.05))
        container.must(.scrollPager("tabs", offset: 200))
        XCTAssertFalse(container.isSnapping)
        XCTAssertEqual(progress(container), 200 / width)
    }

    func testBadInputChangesNothing() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.scrollPager("tabs", offset: 120))
        container.must(.endPagerDragging("tabs", velocity: 600, time: 1))
        container.must(.tick(1.1))
        let before = container.snapshot()
        let bad: [(ContainerChange, String)] = [
            (.endPagerDragging("header", velocity: 100), "child"),
            (.endPagerDragging("ghost", velocity: 100), "child"),
            (.endPagerDragging("tabs", velocity: .nan), "velocity"),
            (.endPagerDragging("tabs", velocity: .infinity), "velocity"),
            (.endPagerDragging("tabs", velocity: 1, time: .nan), "time"),
            (.tick(1.05), "time"),
        ]
        for (change, field) in bad {
            XCTAssertThrowsError(try container.apply(change)) { error in
                XCTAssertEqual((error as? ContainerError)?.field.description, field, "\(change)")
            }
            XCTAssertEqual(container.snapshot(), before, "\(change)")
        }
    }
}

extension Container {
    /// Whether a pager snap runs (its part in a snapshot).
    var isSnapping: Bool {
        snapshot().state["pagers"]?.items?.contains { $0["motion"] != .null } ?? false
    }
}
