import XCTest
@testable import OmniScrollCore

/// docs/design.md#stack-container's golden vectors from seed 000 and the sticky example.
final class GoldenVectorTests: XCTestCase {
    func testSeedZones() throws {
        var (container, _) = try seedContainer()
        XCTAssertEqual(container.layout.maxOffset, 4300)
        XCTAssertEqual(container.layout.minOffset, 0)
        XCTAssertEqual(container.layout.contentHeight, 5000)
        let vectors: [(y: Double, contentViewTop: Double, top: Double, bottom: Double)] = [
            (-50, 0, 0, 0), (600, 600, 600, 0), (1500, 1200, 1200, 0), (3000, 2200, 1200, 1000), (4300, 3400, 1200, 2200),
        ]
        for v in vectors {
            container.must(.offset(v.y))
            let layout = container.layout
            XCTAssertEqual(layout.contentView.top, v.contentViewTop, "contentView.top at y = \(v.y)")
            XCTAssertEqual(layout.contentView.height, 1600)
            XCTAssertEqual(container.child("top").contentOffset.y, v.top, "top offset at y = \(v.y)")
            XCTAssertEqual(container.child("bottom").contentOffset.y, v.bottom, "bottom offset at y = \(v.y)")
        }
    }

    func testFrameTopsFollowTheClosedForm() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(3000))
        XCTAssertEqual(container.child("top").frame, Rect(x: 0, y: 1200, width: 375, height: 800))
        XCTAssertEqual(container.child("bottom").frame, Rect(x: 0, y: 3000, width: 375, height: 800))
        XCTAssertEqual(container.child("top").visibleHeight, 0)
        XCTAssertEqual(container.child("bottom").visibleHeight, 800)
        XCTAssertEqual(container.layout.activeIndex, 1)
    }

    func testShortContentNeverScrollsItsChildren() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("top", contentHeight: 500), .scroll("bottom", contentHeight: 300)])
        XCTAssertEqual(container.layout.maxOffset, 0)
        for y in stride(from: -200.0, through: 400, by: 50) {
            container.must(.offset(y))
            XCTAssertEqual(container.child("top").contentOffset.y, 0)
            XCTAssertEqual(container.child("bottom").contentOffset.y, 0)
            XCTAssertEqual(container.child("top").frame.y, 0)
            XCTAssertEqual(container.child("bottom").frame.y, 500)
        }
    }

    /// Header 300, sticky bar 44, list 3000, V = 800: at maxY the list's last
    /// pixel is reachable (seed 002's code subtracts the bar twice).
    func testStickyBarLeavesTheListsLastPixelReachable() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("header", height: 300), .sticky("bar", height: 44), .scroll("list", contentHeight: 3000)])
        let maxY = container.layout.maxOffset
        XCTAssertEqual(maxY, 2544)
        container.must(.offset(maxY))
        let list = container.child("list")
        XCTAssertEqual(list.contentOffset.y, 3000 - (800 - 44))
        XCTAssertEqual(list.frame.height, 756)
        XCTAssertEqual(list.frame.y, maxY + 44, "the list sits just below the pinned bar")
        XCTAssertEqual(list.frame.maxY, maxY + 800, "the list's bottom is the viewport's bottom")
        let bar = container.child("bar")
        XCTAssertTrue(bar.isPinned)
        XCTAssertEqual(bar.frame.y, maxY)
    }

    func testStickyBarScrollsInFlowUntilItsPinLine() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("header", height: 300), .sticky("bar", height: 44, pinOffset: 20), .scroll("list", contentHeight: 3000)])
        container.must(.offset(200))
        XCTAssertFalse(container.child("bar").isPinned)
        XCTAssertEqual(container.child("bar").frame.y, 300)
        container.must(.offset(281))
        XCTAssertTrue(container.child("bar").isPinned)
        XCTAssertEqual(container.child("bar").frame.y, 301)
        XCTAssertEqual(container.child("list").frame.y, 345)
        XCTAssertEqual(container.child("list").contentOffset.y, 1)
    }

    func testStackedStickyBarsPinUnderEachOther() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("a", height: 100), .sticky("bar1", height: 40), .fixed("b", height: 200),
                       .sticky("bar2", height: 30), .scroll("list", contentHeight: 5000)])
        container.must(.offset(1000))
        XCTAssertEqual(container.child("bar1").frame.y, 1000)
        XCTAssertEqual(container.child("bar2").frame.y, 1040)
        XCTAssertEqual(container.child("list").frame.y, 1070)
        XCTAssertEqual(container.child("list").frame.height, 730)
        XCTAssertEqual(container.child("b").visibleHeight, 0)
    }
}
