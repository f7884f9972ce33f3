import XCTest
@testable import OmniScrollCore

/// The engine never leaves the offset outside `[minOffset, maxOffset]` by
/// itself: a change the client did not make clamps an in-range offset back
/// into range unless the user is dragging, and says by how much.
final class OffsetClampingTests: XCTestCase {
    func testRemovingChildrenClampsToTheNewMaximum() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 812),
            children: [.fixed("header", height: 260), .scroll("posts", contentHeight: 500_000), .scroll("likes", contentHeight: 0)])
        container.must(.offset(3260))
        let update = container.must(.remove(["header", "posts"]))
        XCTAssertEqual(update.layout.maxOffset, 0)
        XCTAssertEqual(container.offset, 0)
        XCTAssertEqual(update.clampShift, -3260)
        XCTAssertFalse(update.eventNames.contains { $0.hasPrefix("direction") }, "a clamp is not a scroll")
    }

    func testEndRefreshingClampsToTheTopItReleases() throws {
        var (container, _) = try refreshingContainer()
        XCTAssertEqual(container.offset, -50)
        let update = container.must(.endRefreshing)
        XCTAssertEqual(update.layout.minOffset, 0)
        XCTAssertEqual(container.offset, 0)
        XCTAssertEqual(update.clampShift, 50)
    }

    func testWhileDraggingNothingIsClamped() throws {
        var (container, _) = try refreshingContainer()
        container.must(.phase(.dragging))
        let update = container.must(.endRefreshing)
        XCTAssertEqual(container.offset, -50)
        XCTAssertEqual(update.clampShift, 0)
    }

    func testShrinkingContentClampsAnOffsetAtTheEnd() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(4300))
        let update = container.must(.size(child: "bottom", 1000))
        XCTAssertEqual(update.layout.maxOffset, 2300)
        XCTAssertEqual(container.offset, 2300)
        XCTAssertEqual(update.clampShift, -2000)
    }

    func testAViewportChangeClamps() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(4300))
        let update = container.must(.viewport(Viewport(width: 375, height: 1000)))
        XCTAssertEqual(container.offset, 4100)
        XCTAssertEqual(update.clampShift, -200)
    }

    func testAnAnchoringShiftPastTheEndIsClamped() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(4300))
        let update = container.must(.size(child: "top", 2500), .size(child: "bottom", 100))
        XCTAssertEqual(update.anchorShift, 500)
        XCTAssertEqual(update.layout.maxOffset, 1900)
        XCTAssertEqual(container.offset, 1900)
        XCTAssertEqual(update.clampShift, 1900 - 4800)
    }

    func testAnOffsetTheClientGivesIsTakenAsGiven() throws {
        var (container, _) = try seedContainer()
        let update = container.must(.size(child: "bottom", 1000), .offset(4300))
        XCTAssertEqual(container.offset, 4300)
        XCTAssertEqual(update.clampShift, 0)
    }

    func testAnOverscrollTheClientLeftIsItsOwn() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(-30), .phase(.decelerating))
        let update = container.must(.size(child: "bottom", 1000))
        XCTAssertEqual(container.offset, -30, "the client is animating it back")
        XCTAssertEqual(update.clampShift, 0)
    }

    /// Refreshing at rest: pulled past the threshold, released, scrolled to
    /// the held inset's top (−50).
    private func refreshingContainer() throws -> (Container, ContainerUpdate) {
        var (container, update) = try Container.create(
            viewport: Viewport(width: 375, height: 800), children: [.scroll("list", contentHeight: 3000)],
            options: ContainerOptions(refresh: RefreshOptions(threshold: 60, height: 50)))
        container.must(.phase(.dragging))
        container.must(.offset(-80))
        update = container.must(.phase(.idle))
        XCTAssertTrue(update.eventNames.contains("refreshDidTrigger"))
        XCTAssertEqual(update.clampShift, 0, "the trigger widens the range; the overscroll is the client's")
        container.must(.offset(-50))
        return (container, update)
    }
}
