import XCTest
@testable import OmniScrollCore

/// What a delta reply lists (`ContainerUpdate.changedChildren`) at the
/// edges the contract soak reached (issue 26, deltaMergesToGet): a child
/// whose frame, content offset and visible height stay the same can still
/// change what its reply says.
final class DeltaEdgesTests: XCTestCase {
    /// A pager 0 tall (its selected page empty) swiped half across to a
    /// page 700 tall: a scroll shows more of that page.
    func testAPagerWhosePagesShowMoreIsListed() throws {
        var container = try Container.create(viewport: Viewport(width: 375, height: 800), children: [
            .fixed("top", height: 300),
            .pager("tabs", PagerChild(pages: [PagerPage(id: "empty", contentHeight: 0), PagerPage(id: "tall", contentHeight: 700)],
                                      fillViewport: false)),
            .fixed("bottom", height: 2000),
        ]).0
        container.must(.scrollPager("tabs", offset: 187))
        let before = container.layout
        let update = container.must(.offset(200))
        XCTAssertTrue(before.child(1).reportsSame(as: update.layout.child(1)), "the pager itself reports the same")
        XCTAssertNotEqual(before.pages(ofPager: 1), update.layout.pages(ofPager: 1))
        XCTAssertEqual(update.changedChildren(since: before), [0, 1, 2])
    }

    /// The same pager half across when the viewport grows taller: the page
    /// it swipes onto is cut at the viewport, so it shows more, while the
    /// pager itself, its width and its swipe stay the same (the contract
    /// soak, seed 3: a 5e-324 wide viewport going from 307 to 959 tall).
    func testAPagerWhosePagesATallerViewportShowsMoreOfIsListed() throws {
        var container = try Container.create(viewport: Viewport(width: 375, height: 300), children: [
            .pager("tabs", PagerChild(pages: [PagerPage(id: "empty", contentHeight: 0), PagerPage(id: "tall", contentHeight: 1944)],
                                      fillViewport: false)),
            .fixed("bottom", height: 2000),
        ]).0
        container.must(.scrollPager("tabs", offset: 187))
        let before = container.layout
        let update = container.must(.viewport(Viewport(width: 375, height: 900)))
        XCTAssertTrue(before.child(0).reportsSame(as: update.layout.child(0)), "the pager itself reports the same")
        XCTAssertNotEqual(before.pages(ofPager: 0), update.layout.pages(ofPager: 0))
        XCTAssertTrue(update.changedChildren(since: before).contains(0))
    }

    /// A header collapsing from 300 to 150 widens the window of every scroll
    /// child below it, `min(C, V − P)`: one 5000 below the viewport grows
    /// from 500 to 650 tall without coming into view.
    func testAScrollChildFarBelowACollapsingHeaderIsListed() throws {
        var container = try Container.create(viewport: Viewport(width: 375, height: 800), children: [
            .collapsing("bar", maxHeight: 300, minHeight: 100), .scroll("a", contentHeight: 3000),
            .fixed("gap", height: 5000), .scroll("b", contentHeight: 3000),
        ]).0
        let before = container.layout
        let update = container.must(.offset(150))
        XCTAssertEqual(before.child(3).frame.height, 500)
        XCTAssertEqual(update.layout.child(3).frame.height, 650)
        XCTAssertEqual(update.changedChildren(since: before), [0, 1, 3])
    }

    /// A header whose maxHeight equalled its minHeight (nothing to collapse:
    /// `collapse` 0) grows while scrolled past: its frame stays minHeight
    /// tall, and its `collapse` becomes 1.
    func testAHeaderWhoseCollapseChangesIsListed() throws {
        var container = try Container.create(viewport: Viewport(width: 375, height: 800), children: [
            .collapsing("bar", maxHeight: 1e-300, minHeight: 1e-300), .scroll("list", contentHeight: 3000),
        ], offset: 500, options: ContainerOptions(anchoring: false)).0
        let before = container.layout
        let update = container.must(.size(child: "bar", 123.5))
        XCTAssertEqual(before.collapse(ofChild: 0), 0)
        XCTAssertEqual(update.layout.collapse(ofChild: 0), 1)
        XCTAssertTrue(before.child(0).reportsSame(as: update.layout.child(0)), "the frame stays minHeight tall where it was")
        XCTAssertTrue(update.changedChildren(since: before).contains(0))
    }
}
