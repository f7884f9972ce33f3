import XCTest
@testable import OmniScrollCore

/// docs/design.md#pager's page switch rules, case by case, on the profile page
/// (header 300, bar 44, pager pinning at P = 300).
final class PagerPolicyTests: XCTestCase {
    private let pin = ProfilePage.pinPoint

    func testTheFirstSelectedPageShowsAtCreation() throws {
        let (container, update) = try ProfilePage.create()
        XCTAssertTrue(update.eventNames.contains("pageDidShow(tabs)(posts)"), "\(update.eventNames)")
        XCTAssertFalse(update.eventNames.contains("pageDidShow(tabs)(likes)"))
        XCTAssertEqual(container.layout.contentHeight, 344 + 5000)
    }

    /// The scenario: posts scrolled to 2000, likes, back to posts at
    /// 2000; the header stays scrolled away (pinned bar) throughout.
    func testPreserveBringsEachPageBackWhereItWas() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.offset(pin + 2000))
        XCTAssertEqual(container.selectedPage("tabs").offset, 2000)
        let toLikes = container.select("likes")
        XCTAssertEqual(toLikes.eventNames, ["pageDidSelect(tabs)(likes)", "pageDidShow(tabs)(likes)", "pageDidHide(tabs)(posts)",
                                            "directionDidChange(down)", "didScrollViewScroll(down)"],
                       "the switch moves the offset as a programmatic scroll does")
        XCTAssertEqual(container.offset, pin, "likes never shown: at its top, the header still pinned away")
        XCTAssertEqual(container.selectedPage("tabs").offset, 0)
        container.must(.offset(pin + 500))
        container.select("posts")
        XCTAssertEqual(container.offset, pin + 2000)
        XCTAssertEqual(container.selectedPage("tabs").offset, 2000)
        container.select("likes")
        XCTAssertEqual(container.offset, pin + 500)
        XCTAssertEqual(container.child("header").visibleHeight, 0)
    }

    func testBelowThePinPointASwitchLeavesTheOffsetAlone() throws {
        for policy in PageOffsetPolicy.allCases {
            var (container, _) = try ProfilePage.create(policy: policy)
            container.must(.offset(120))
            container.select("likes")
            XCTAssertEqual(container.offset, 120, "\(policy)")
            XCTAssertEqual(container.selectedPage("tabs").offset, 0, "\(policy)")
            XCTAssertEqual(container.child("header").visibleHeight, 180, "\(policy)")
        }
    }

    func testAtThePinPointEveryPolicyKeepsTheOffset() throws {
        for policy in PageOffsetPolicy.allCases {
            var (container, _) = try ProfilePage.create(policy: policy)
            container.must(.offset(pin))
            container.select("likes")
            XCTAssertEqual(container.offset, pin, "\(policy)")
            XCTAssertEqual(container.selectedPage("tabs").offset, 0, "\(policy)")
        }
    }

    func testAboveThePinPointEachPolicyPlacesTheNewPage() throws {
        let expected: [PageOffsetPolicy: Double] = [.preserve: 0, .reset: 0, .sync: 2000]
        for policy in PageOffsetPolicy.allCases {
            var (container, _) = try ProfilePage.create(policy: policy)
            container.must(.offset(pin + 2000))
            container.select("likes")
            XCTAssertEqual(container.selectedPage("tabs").offset, expected[policy], "\(policy)")
            XCTAssertEqual(container.offset, pin + expected[policy]!, "\(policy)")
        }
    }

    /// `sync` clamps the inner offset to the new page's range (3000 − 756).
    func testSyncClampsToTheNewPage() throws {
        var (container, _) = try ProfilePage.create(policy: .sync)
        container.must(.offset(pin + 4000))
        container.select("likes")
        XCTAssertEqual(container.selectedPage("tabs").offset, 3000 - 756)
        XCTAssertEqual(container.offset, container.layout.maxOffset)
    }

    func testUnpinningForgetsRememberedOffsets() throws {
        var (container, _) = try ProfilePage.create()
        container.must(.offset(pin + 2000))
        container.select("likes")
        container.must(.offset(100))
        container.must(.offset(pin + 10))
        container.select("posts")
        XCTAssertEqual(container.selectedPage("tabs").offset, 0, "forgotten when the header showed again")
        XCTAssertEqual(container.offset, pin)
    }

    /// A short page (200) is padded to the 756 below the bar with
    /// `fillViewport`, so the header stays pinned away; without it the
    /// offset is clamped to the shorter content and the header comes back.
    func testShortPageWithAndWithoutFillViewport() throws {
        var (filled, _) = try ProfilePage.create(likes: 200)
        filled.must(.offset(pin + 2000))
        filled.select("likes")
        XCTAssertEqual(filled.offset, pin)
        XCTAssertEqual(filled.child("header").visibleHeight, 0)
        XCTAssertEqual(filled.child("tabs").frame.height, 756)

        var (bare, _) = try ProfilePage.create(likes: 200, fillViewport: false)
        bare.must(.offset(pin + 2000))
        bare.select("likes")
        XCTAssertEqual(bare.offset, 0, "344 + 200 < 800: nothing left to scroll")
        XCTAssertEqual(bare.child("header").visibleHeight, 300)
        bare.select("posts")
        XCTAssertEqual(bare.offset, 0, "the unpin forgot posts' 2000")
    }

    /// A page's late size anchors like a child's: a pager above the viewport
    /// growing moves the offset with it; the selected page's size is the pager's.
    func testPageSizesArriveLate() throws {
        var (container, _) = try ProfilePage.create(posts: nil, likes: nil)
        XCTAssertEqual(container.layout.contentHeight, 344 + 756, "unknown pages count as 0, padded")
        container.must(.size(child: "likes", 3000))
        XCTAssertEqual(container.layout.contentHeight, 344 + 756, "likes is not selected")
        container.must(.size(child: "posts", 5000))
        XCTAssertEqual(container.layout.contentHeight, 344 + 5000)
        container.select("likes")
        XCTAssertEqual(container.layout.contentHeight, 344 + 3000)
    }

    func testSwipeLaysOutTwoPagesAndKeepsTheSelection() throws {
        var (container, _) = try ProfilePage.create(policy: .sync)
        container.must(.offset(pin + 1000))
        let swipe = container.must(.command(ScrollPager(pager: "tabs", offset: 187.5)))
        XCTAssertEqual(swipe.eventNames, ["pageDidShow(tabs)(likes)"])
        let layout = container.layout
        let i = layout.childIndex(of: "tabs")!
        XCTAssertEqual(layout.pageProgress(ofPager: i), 0.5)
        let pages = layout.pages(ofPager: i)
        XCTAssertEqual(pages.map(\.id), ["posts", "likes"])
        XCTAssertEqual(pages.map(\.frame.x), [-187.5, 187.5])
        XCTAssertEqual(pages.map(\.contentOffset.y), [1000, 1000], "sync: likes would show at the same inner offset")
        XCTAssertEqual(container.offset, pin + 1000)
        XCTAssertEqual(container.selectedPage("tabs").page, "posts")
        let back = container.must(.command(ScrollPager(pager: "tabs", offset: 0)))
        XCTAssertEqual(back.eventNames, ["pageDidHide(tabs)(likes)"])
    }

    func testTwoPagersAndAPagerAlone() throws {
        var (container, first) = try Container.create(viewport: ProfilePage.viewport, children: [
            .pager("a", PagerChild(pages: [PagerPage(id: "a1", contentHeight: 1000), PagerPage(id: "a2", contentHeight: 400)])),
            .pager("b", PagerChild(pages: [PagerPage(id: "b1", contentHeight: 2000), PagerPage(id: "b2", contentHeight: 900)],
                                   selected: 1)),
        ])
        XCTAssertTrue(first.eventNames.contains("pageDidShow(a)(a1)"))
        XCTAssertTrue(first.eventNames.contains("pageDidShow(b)(b2)"))
        XCTAssertEqual(container.layout.contentHeight, 1000 + 900)
        container.must(.offset(100))
        container.select("a2", in: "a")
        XCTAssertEqual(container.layout.contentHeight, 800 + 900, "a2 padded to the viewport")
        XCTAssertEqual(container.selectedPage("b").page, "b2")
    }

    /// The pagers' state is found by child index, so children inserted or
    /// removed around pagers move them with their selection, and a removed
    /// pager's state goes with it.
    func testChildrenInsertedAndRemovedAroundPagersKeepEachItsState() throws {
        var (container, _) = try Container.create(viewport: ProfilePage.viewport, children: [
            .pager("a", PagerChild(pages: [PagerPage(id: "a1", contentHeight: 1000), PagerPage(id: "a2", contentHeight: 400)])),
            .pager("b", PagerChild(pages: [PagerPage(id: "b1", contentHeight: 2000), PagerPage(id: "b2", contentHeight: 900)],
                                   selected: 1)),
        ])
        container.select("a2", in: "a")
        container.must(.insert([.fixed("top", height: 100)], at: 0))
        XCTAssertEqual(container.selectedPage("a").page, "a2")
        XCTAssertEqual(container.selectedPage("b").page, "b2")
        container.must(.insert([.pager("c", PagerChild(pages: [PagerPage(id: "c1", contentHeight: 500)]))], at: 2))
        XCTAssertEqual(container.selectedPage("b").page, "b2")
        container.must(.remove(["a"]))
        XCTAssertNil(container.layout.childIndex(of: "a"))
        XCTAssertEqual(container.selectedPage("c").page, "c1")
        XCTAssertEqual(container.selectedPage("b").page, "b2")
        XCTAssertEqual(container.layout.contentHeight, 100 + 800 + 900, "c1 padded to the viewport, then b2")
    }

    func testInvalidPagersAndCommandsChangeNothing() throws {
        var bad = ProfilePage.children()
        bad[2] = .pager("tabs", PagerChild(pages: [PagerPage(id: "p")], pageSnap: PageSnap(threshold: 0, minFlingVelocity: 50)))
        XCTAssertThrowsError(try Container.create(viewport: ProfilePage.viewport, children: bad)) { error in
            XCTAssertEqual((error as? ContainerError)?.field.description, "children[2].pageSnap.threshold")
        }
        bad[2] = .pager("tabs", PagerChild(pages: [PagerPage(id: "bar")]))
        XCTAssertThrowsError(try Container.create(viewport: ProfilePage.viewport, children: bad)) { error in
            XCTAssertEqual((error as? ContainerError)?.kind, .duplicateID)
        }
        var (container, _) = try ProfilePage.create()
        let before = container.snapshot()
        XCTAssertThrowsError(try container.apply(.command(SelectPage(pager: "tabs", page: "nope"))))
        XCTAssertThrowsError(try container.apply(.command(SelectPage(pager: "header", page: "posts"))))
        XCTAssertThrowsError(try container.apply(.size(child: "tabs", 10)))
        XCTAssertEqual(container.snapshot(), before)
    }
}

/// Load-more and pull-to-refresh on a pager's selected page (docs/design.md#pager).
final class PagerLoadMoreTests: XCTestCase {
    private func profile() throws -> Container {
        let options = ContainerOptions(loadMore: LoadMoreOptions(distance: 100))
        return try Container.create(viewport: ProfilePage.viewport, children: ProfilePage.children(), options: options).0
    }

    /// A pending load of posts never blocks likes': each page triggers and ends on its own.
    func testEachPageKeepsItsOwnLoadMoreState() throws {
        var container = try profile()
        let postsEnd = container.must(.offset(container.layout.maxOffset))
        XCTAssertTrue(postsEnd.eventNames.contains("loadMoreDidTrigger(posts)"), "\(postsEnd.eventNames)")
        container.select("likes")
        let likesEnd = container.must(.offset(container.layout.maxOffset))
        XCTAssertTrue(likesEnd.eventNames.contains("loadMoreDidTrigger(likes)"), "posts' pending load does not block likes")
        let ended = container.must(.endLoadingMore(page: "posts"))
        XCTAssertEqual(ended.eventNames, ["loadMoreDidEnd(posts)"])
        XCTAssertEqual(container.must(.endLoadingMore).eventNames, ["loadMoreDidEnd(likes)"], "no page: the selected one")
        let restored = try Container(restoring: container.snapshot())
        XCTAssertEqual(restored.snapshot(), container.snapshot())
        XCTAssertThrowsError(try container.apply(.endLoadingMore(page: "nope")))
    }

    func testRefreshNamesTheSelectedPageOfAPagerOnTop() throws {
        let options = ContainerOptions(refresh: RefreshOptions(threshold: 60, height: 50))
        var (container, _) = try Container.create(viewport: ProfilePage.viewport, children: [
            .pager("tabs", PagerChild(pages: [PagerPage(id: "a", contentHeight: 2000), PagerPage(id: "b", contentHeight: 2000)])),
        ], options: options)
        container.must(.phase(.dragging))
        XCTAssertEqual(container.must(.offset(-70)).eventNames.filter { $0.hasPrefix("refresh") }, ["refreshDidArm(a)"])
    }
}
