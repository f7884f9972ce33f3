import XCTest
@testable import OmniScrollCore

/// A pager at the edges the contract allows (issue 26, findings 1, 3, 6):
/// offsets of ±1e24, widths of 1e-300 and 5e-324, releases at 1e15. Each
/// once trapped converting `±∞` to `Int` or answered numbers out of all
/// proportion; the horizontal offset is now held within one page past the
/// first and last page (docs/protocol.md, Pagers).
final class PagerEdgesTests: XCTestCase {
    private func progress(_ container: Container) -> Double {
        container.layout.pageProgress(ofPager: container.layout.childIndex(of: "tabs")!)!
    }

    private func pageIDs(_ container: Container) -> [String] {
        container.layout.pages(ofPager: container.layout.childIndex(of: "tabs")!).map(\.id)
    }

    private func assertInProportion(_ container: Container, file: StaticString = #filePath, line: UInt = #line) {
        let p = progress(container)
        XCTAssertTrue(p >= -1 && p <= 2, "pageProgress \(p)", file: file, line: line)
        for page in container.layout.pages(ofPager: container.layout.childIndex(of: "tabs")!) {
            XCTAssertTrue(page.frame.x.isFinite && abs(page.frame.x) <= 2 * container.viewport.width + 1e-9,
                          "frame.x \(page.frame.x)", file: file, line: line)
        }
    }

    func testAnOffsetFarPastEitherEndShowsThatPageAlone() throws {
        for (offset, page, expected) in [(1e24, "likes", 2.0), (3.5e21, "likes", 2), (-1e24, "posts", -1)] {
            var (container, _) = try ProfilePage.create()
            container.must(.scrollPager("tabs", offset: offset))
            XCTAssertEqual(progress(container), expected, "offset \(offset)")
            XCTAssertEqual(pageIDs(container), [page], "offset \(offset)")
            assertInProportion(container)
        }
    }

    func testATinyWidthKeepsEveryNumberFinite() throws {
        for width in [1e-300, 5e-324] {
            var (container, _) = try ProfilePage.create()
            container.must(.viewport(Viewport(width: width, height: 800)))
            container.must(.scrollPager("tabs", offset: 1))
            assertInProportion(container)
            container.must(.endPagerDragging("tabs", velocity: 900, time: 0))
            var time = 0.0
            while container.motion != nil || container.layout.pager(container.layout.childIndex(of: "tabs")!)!.horizontalOffset != nil,
                  time < 10 {
                time += 1.0 / 60
                container.must(.tick(time))
                assertInProportion(container)
            }
            XCTAssertEqual(container.selectedPage("tabs").page, "likes", "width \(width)")
        }
    }

    func testAWidthShrinkingMidSwipeHoldsTheProgress() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.scrollPager("tabs", offset: 200))
        container.must(.viewport(Viewport(width: 5e-324, height: 800)))
        XCTAssertEqual(progress(container), 2)
        XCTAssertEqual(pageIDs(container), ["likes"])
    }

    func testAFlickAt1e15StaysWithinOnePagePastTheEnds() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.scrollPager("tabs", offset: 100))
        container.must(.endPagerDragging("tabs", velocity: 1e15, time: 0))
        for n in 1...600 where container.layout.pager(container.layout.childIndex(of: "tabs")!)!.horizontalOffset != nil {
            container.must(.tick(Double(n) / 60))
            assertInProportion(container)
        }
        XCTAssertEqual(container.selectedPage("tabs").page, "likes")
    }

    func testARestoredOffsetOf1e24LaysOutTheLastPage() throws {
        let (container, _) = try ProfilePage.create()
        var snapshot = container.snapshot()
        snapshot.state["pagers"] = .array([.object([
            "child": .string("tabs"), "horizontalOffset": .number(1e24), "remembered": .array([]), "motion": .null,
        ])])
        let restored = try Container(restoring: snapshot)
        XCTAssertEqual(progress(restored), 2)
        XCTAssertEqual(pageIDs(restored), ["likes"])
    }

    /// 2 000 pages 1e12 wide: a snap from page 1 500 starts at 1.5e15,
    /// past the physics bound of 1e15 but an offset like any other.
    func testASnapFarAlongRestoresFromItsOwnSnapshot() throws {
        let pages = (0..<2000).map { PagerPage(id: "p\($0)", contentHeight: 1000) }
        var (container, _) = try Container.create(viewport: Viewport(width: 1e12, height: 800),
                                                  children: [.pager("tabs", PagerChild(pages: pages, selected: 1500))])
        container.must(.scrollPager("tabs", offset: 1.5e15 + 1e11))
        container.must(.endPagerDragging("tabs", velocity: 500, time: 0))
        container.must(.tick(0.1))
        let snapshot = container.snapshot()
        var restored = try Container(restoring: snapshot)
        XCTAssertEqual(restored.snapshot(), snapshot)
        XCTAssertEqual(restored.must(.tick(0.2)).layout.pageProgress(ofPager: 0),
                       container.must(.tick(0.2)).layout.pageProgress(ofPager: 0))
    }

    private func snappingSnapshot() throws -> ContainerSnapshot {
        var (container, _) = try ProfilePage.create()
        container.must(.scrollPager("tabs", offset: 120))
        container.must(.endPagerDragging("tabs", velocity: 600, time: 0))
        container.must(.tick(0.05))
        return container.snapshot()
    }

    private func changingPager(_ snapshot: ContainerSnapshot, _ change: (inout [String: OptionValue]) -> Void) -> ContainerSnapshot {
        var snapshot = snapshot
        guard case .array(var pagers) = snapshot.state["pagers"]!, case .object(var pager) = pagers[0] else {
            XCTFail("no pager part"); return snapshot
        }
        change(&pager)
        pagers[0] = .object(pager)
        snapshot.state["pagers"] = .array(pagers)
        return snapshot
    }

    private func changingSnap(_ snapshot: ContainerSnapshot, _ change: @escaping (inout [String: OptionValue]) -> Void)
        -> ContainerSnapshot {
        changingPager(snapshot) { pager in
            guard case .object(var motion) = pager["motion"]! else { return XCTFail("no snap") }
            change(&motion)
            pager["motion"] = .object(motion)
        }
    }

    func testRestoredSnapsNoCallStartsAreRefused() throws {
        let snapshot = try snappingSnapshot()
        XCTAssertNoThrow(try Container(restoring: snapshot))
        let part = FieldPath("state").member("pagers").index(0)
        let motion = part.member("motion")
        let cases: [(FieldPath, ContainerSnapshot)] = [
            (motion.member("springTo"), changingSnap(snapshot) { $0["springTo"] = .number(200) }),
            (motion.member("springTo"), changingSnap(snapshot) { $0["springTo"] = .number(1e15) }),
            (motion.member("start"), changingSnap(snapshot) { $0["start"] = .number(1e15) }),
            (part.member("remembered").index(1).member("page"), changingPager(snapshot) {
                $0["remembered"] = .array([.object(["page": .string("posts"), "offset": .number(10)]),
                                           .object(["page": .string("posts"), "offset": .number(20)])])
            }),
        ]
        for (field, broken) in cases {
            XCTAssertThrowsError(try Container(restoring: broken)) { error in
                XCTAssertEqual((error as! ContainerError).field, field, "\((error as! ContainerError).reason)")
            }
        }
    }

    /// Issue 26, finding 6: `state.pagers: []` in a session with a pager
    /// was restored as if the pager had no state; the worker writes every pager.
    func testASnapshotLeavingOutAPagerIsRefused() throws {
        var snapshot = try snappingSnapshot()
        snapshot.state["pagers"] = .array([])
        XCTAssertThrowsError(try Container(restoring: snapshot)) { error in
            XCTAssertEqual((error as! ContainerError).field, FieldPath("state").member("pagers"))
            XCTAssertTrue((error as! ContainerError).reason.contains("'tabs'"), (error as! ContainerError).reason)
        }
    }

    func testAWidthChangeLandsARunningSnapOnItsPage() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.scrollPager("tabs", offset: 120))
        container.must(.endPagerDragging("tabs", velocity: 600, time: 0))
        container.must(.tick(0.05))
        let update = container.must(.viewport(Viewport(width: 800, height: 375)))
        XCTAssertEqual(container.selectedPage("tabs").page, "likes")
        XCTAssertEqual(progress(container), 1)
        XCTAssertTrue(update.eventNames.contains("pageDidSelect(tabs)(likes)"), "\(update.eventNames)")
        XCTAssertNoThrow(try Container(restoring: container.snapshot()))
    }

    /// A snap back to the first page keeps its boundary, 0, at any width:
    /// a width that shrank under it left its start (120) past the pages, a
    /// snap no call starts, so its snapshot did not restore (the contract
    /// soak's snapshotRoundTrip). It lands its page at once, as any snap
    /// whose width changed does.
    func testAWidthShrinkingUnderASnapToTheFirstPageLandsIt() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.scrollPager("tabs", offset: 120))
        container.must(.endPagerDragging("tabs", velocity: -600, time: 0))
        container.must(.tick(0.01))
        container.must(.viewport(Viewport(width: 50, height: 800)))
        XCTAssertEqual(container.snapshot().state["pagers"]?.items?.first?["motion"], .null, "the snap landed")
        XCTAssertEqual(container.selectedPage("tabs").page, "posts")
        XCTAssertEqual(progress(container), 0)
        XCTAssertEqual(try Container(restoring: container.snapshot()).snapshot(), container.snapshot())
    }

    /// A removed pager's pages take their load-more state with them: its
    /// snapshot named a page it no longer has, and did not restore (the
    /// contract soak's snapshotRoundTrip).
    func testARemovedPagerLeavesNoLoadMoreStateBehind() throws {
        var container = try Container.create(viewport: ProfilePage.viewport, children: ProfilePage.children(),
                                              options: ContainerOptions(loadMore: LoadMoreOptions(distance: 100))).0
        XCTAssertTrue(container.must(.offset(container.layout.maxOffset)).eventNames.contains("loadMoreDidTrigger(posts)"))
        container.must(.remove(["tabs"]))
        XCTAssertEqual(container.snapshot().state["loadMore"]?["pages"], .array([]))
        XCTAssertEqual(try Container(restoring: container.snapshot()).snapshot(), container.snapshot())
    }

    /// Removing a pager while it snaps drops the snap (a width check of
    /// every running snap once trapped on the removed pager's index).
    func testRemovingASnappingPagerDropsItsSnap() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.scrollPager("tabs", offset: 120))
        container.must(.endPagerDragging("tabs", velocity: -600, time: 0))
        container.must(.remove(["tabs"]))
        XCTAssertEqual(container.snapshot().state["pagers"], .array([]))
        XCTAssertEqual(try Container(restoring: container.snapshot()).snapshot(), container.snapshot())
    }

    /// A finger on a pager that a call removes keeps no pager: its snapshot
    /// named one the session no longer has and did not restore (the
    /// contract soak's snapshotRoundTrip). A swipe of it ends; a finger not
    /// yet locked stays down without it.
    func testRemovingThePagerUnderAFingerLeavesTheFingerNone() throws {
        for swipes in [true, false] {
            var (container, _) = try ProfilePage.create()
            _ = try container.pointer(.down, x: 187, y: 500, time: 1)
            if swipes { _ = try container.pointer(.move, x: 120, y: 500, time: 1.02) }
            XCTAssertEqual(container.pointerGesture?.pager, "tabs")
            XCTAssertEqual(container.pointerGesture?.axis, swipes ? .horizontal : .pending)
            container.must(.remove(["tabs"]))
            XCTAssertEqual(container.pointerGesture == nil, swipes)
            XCTAssertNil(container.pointerGesture?.pager)
            XCTAssertEqual(try Container(restoring: container.snapshot()).snapshot(), container.snapshot(), "swipes: \(swipes)")
        }
    }
}
