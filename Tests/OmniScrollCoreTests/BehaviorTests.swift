import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// Each behavior's transitions, one test per rule.
final class BehaviorTests: XCTestCase {
    // MARK: Scroll anchoring

    func testAnchoringShiftsTheOffsetWhenAChildAboveGrows() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(3000))
        let update = container.must(.size(child: "top", 2500))
        XCTAssertEqual(update.anchorShift, 500)
        XCTAssertEqual(container.offset, 3500)
        XCTAssertEqual(container.child("bottom").contentOffset.y, 1000, "the list keeps its place")
        XCTAssertFalse(update.eventNames.contains { $0.hasPrefix("direction") }, "anchoring is not a scroll")
    }

    func testWithoutAnchoringTheOffsetStays() throws {
        var (container, _) = try seedContainer(options: ContainerOptions(anchoring: false))
        container.must(.offset(3000))
        let update = container.must(.size(child: "top", 2500))
        XCTAssertEqual(update.anchorShift, 0)
        XCTAssertEqual(container.offset, 3000)
        XCTAssertEqual(container.child("bottom").contentOffset.y, 500)
    }

    func testTheActiveChildKeepsItsInnerOffsetWhenItChanges() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(600))
        let update = container.must(.size(child: "top", 2600))
        XCTAssertEqual(update.anchorShift, 0)
        XCTAssertEqual(container.child("top").contentOffset.y, 600)
    }

    func testAnUnchangedSizeChangesNothing() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(600))
        let revision = container.revision
        let update = container.must(.size(child: "top", 2000))
        XCTAssertFalse(update.didChange)
        XCTAssertEqual(update.events, [])
        XCTAssertEqual(container.revision, revision)
    }

    func testALateSizeRecomputesAtOnce() throws {
        var (container, created) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("web", contentHeight: nil), .scroll("list", contentHeight: 3000)])
        XCTAssertEqual(created.eventNames, [
            "childDidShow(list)", "bottomVCDidShow(list)", "childDidBecomeActive(list)",
            "didScrollToBottomContainer(list)",
        ])
        let update = container.must(.size(child: "web", 2000))
        XCTAssertEqual(container.child("list").frame.y, 2000)
        XCTAssertEqual(update.eventNames, [
            "childDidShow(web)", "topVCDidAppear(web)", "childDidResignActive(list)", "childDidBecomeActive(web)",
            "childDidHide(list)",
        ])
    }

    // MARK: Pull to refresh

    private func refreshing() throws -> Container {
        try Container.create(
            viewport: Viewport(width: 375, height: 800), insets: Insets(top: 20),
            children: [.scroll("list", contentHeight: 3000)],
            options: ContainerOptions(refresh: RefreshOptions(threshold: 60, height: 50))).0
    }

    func testRefreshArmsTriggersHoldsAndEnds() throws {
        var container = try refreshing()
        XCTAssertEqual(container.must(.phase(.dragging), .offset(-50)).eventNames.filter { $0.hasPrefix("refresh") }, [])
        XCTAssertEqual(container.must(.offset(-80)).eventNames, ["refreshDidArm"])
        XCTAssertEqual(container.must(.offset(-70)).eventNames, ["refreshDidDisarm", "directionDidChange(up)", "didScrollViewScroll(up)", "childWillHide(list)", "topVCWillDisappear(list)"])
        XCTAssertEqual(container.must(.offset(-90)).eventNames, ["refreshDidArm", "directionDidChange(down)", "didScrollViewScroll(down)"])
        let release = container.must(.phase(.decelerating))
        XCTAssertEqual(release.eventNames, ["refreshDidTrigger", "phaseDidChange(decelerating)"])
        XCTAssertEqual(release.layout.minOffset, -70, "the refresh inset is held")
        XCTAssertEqual(container.must(.offset(-70), .phase(.idle)).eventNames,
                       ["phaseDidChange(idle)", "scrollViewDidEndScrolling"], "resting in the held inset")
        XCTAssertEqual(container.must(.phase(.dragging), .offset(-150), .phase(.idle)).eventNames.filter { $0.hasPrefix("refresh") }, [],
                       "no second trigger while refreshing")
        let end = container.must(.endRefreshing)
        XCTAssertEqual(end.eventNames, ["refreshDidEnd"])
        XCTAssertEqual(end.layout.minOffset, -20)
        XCTAssertEqual(container.must(.endRefreshing).events, [], "ending twice is a no-op")
    }

    /// An animated scrollToChild while dragging takes the phase out of
    /// `dragging`: a release, so armed it triggers (it stayed armed off a
    /// drag, and the snapshot did not restore: the property walk's snapshotRoundTrip).
    func testAnAnimatedScrollWhileArmedTriggers() throws {
        var container = try refreshing()
        container.must(.phase(.dragging), .offset(-90))
        let update = container.must(.scrollToChild("list", position: .top, animated: true))
        XCTAssertEqual(container.phase, .animating)
        XCTAssertTrue(update.eventNames.contains("refreshDidTrigger"), "\(update.eventNames)")
        XCTAssertEqual(update.layout.minOffset, -70, "the refresh inset is held")
        XCTAssertEqual(try Container(restoring: container.snapshot()).snapshot(), container.snapshot())
    }

    func testReleasingUnarmedDoesNotTrigger() throws {
        var container = try refreshing()
        container.must(.phase(.dragging), .offset(-70))
        XCTAssertFalse(container.must(.phase(.idle)).eventNames.contains("refreshDidTrigger"))
    }

    // MARK: Load more

    func testLoadMoreFiresOncePerContentHeight() throws {
        var (container, created) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("list", contentHeight: 3000)],
            options: ContainerOptions(loadMore: LoadMoreOptions(distance: 300)))
        XCTAssertFalse(created.eventNames.contains("loadMoreDidTrigger"))
        XCTAssertFalse(container.must(.offset(1899)).eventNames.contains("loadMoreDidTrigger"))
        XCTAssertTrue(container.must(.offset(1900)).eventNames.contains("loadMoreDidTrigger"))
        XCTAssertFalse(container.must(.offset(2100)).eventNames.contains("loadMoreDidTrigger"))
        XCTAssertEqual(container.must(.endLoadingMore).eventNames, ["loadMoreDidEnd"])
        XCTAssertFalse(container.must(.offset(2150)).eventNames.contains("loadMoreDidTrigger"), "same content height")
        XCTAssertFalse(container.must(.size(child: "list", 4000)).eventNames.contains("loadMoreDidTrigger"))
        XCTAssertTrue(container.must(.offset(2900)).eventNames.contains("loadMoreDidTrigger"))
    }

    func testLoadMoreWaitsForEverySize() throws {
        var (container, created) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("web", contentHeight: nil), .scroll("list", contentHeight: 100)],
            options: ContainerOptions(loadMore: LoadMoreOptions(distance: 0)))
        XCTAssertFalse(created.eventNames.contains("loadMoreDidTrigger"))
        XCTAssertTrue(container.must(.size(child: "web", 300)).eventNames.contains("loadMoreDidTrigger"),
                      "short content asks for more at once")
    }

    // MARK: Scroll to child

    func testScrollToChildMovesToItsTopBelowPinnedBars() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("header", height: 300), .sticky("bar", height: 44), .scroll("list", contentHeight: 3000)])
        let update = container.must(.scrollToChild("list", position: .top, animated: false))
        XCTAssertEqual(update.target, ScrollTargetResult(offset: 300, pending: false))
        XCTAssertEqual(container.offset, 300)
        XCTAssertEqual(container.child("list").frame.y, 344)
        XCTAssertEqual(container.must(.scrollToChild("header", position: .bottom, animated: false)).target?.offset, 0)
        XCTAssertEqual(container.must(.scrollToChild("list", position: .center, animated: false)).target?.offset, 300)
    }

    func testAnimatedScrollToChildLeavesTheMoveToTheClient() throws {
        var (container, _) = try seedContainer()
        let update = container.must(.scrollToChild("bottom", position: .top, animated: true))
        XCTAssertEqual(update.target, ScrollTargetResult(offset: 2000, pending: false))
        XCTAssertEqual(container.offset, 0)
        XCTAssertEqual(container.phase, .animating)
    }

    func testAPendingTargetResolvesWhenTheSizeArrives() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("web", contentHeight: 2000), .scroll("list", contentHeight: nil)])
        let update = container.must(.scrollToChild("list", position: .top, animated: false))
        XCTAssertEqual(update.target, ScrollTargetResult(offset: nil, pending: true))
        XCTAssertEqual(container.offset, 0)
        let arrived = container.must(.size(child: "list", 3000))
        XCTAssertEqual(container.offset, 2000)
        XCTAssertEqual(arrived.events.first, ContainerEvent(.scrollTargetDidResolve, child: "list", members: [.number("offset", 2000)]))
    }

    func testATargetBelowAChildOfUnknownHeightWaitsForIt() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("web", contentHeight: nil), .scroll("list", contentHeight: 3000)])
        XCTAssertEqual(container.must(.scrollToChild("list", position: .top, animated: false)).target,
                       ScrollTargetResult(offset: nil, pending: true))
        container.must(.size(child: "web", 1600))
        XCTAssertEqual(container.offset, 1600)
    }

    func testDraggingCancelsAPendingTarget() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("web", contentHeight: 2000), .scroll("list", contentHeight: nil)])
        container.must(.scrollToChild("list", position: .top, animated: false))
        XCTAssertEqual(container.must(.phase(.dragging)).events.first, ContainerEvent(.scrollTargetDidCancel, child: "list"))
        container.must(.size(child: "list", 3000))
        XCTAssertEqual(container.offset, 0)
    }

    // MARK: Sticky pinning

    func testPinAndUnpinFireOnce() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("header", height: 300), .sticky("bar", height: 44), .scroll("list", contentHeight: 3000)])
        XCTAssertFalse(container.must(.offset(299)).eventNames.contains("childDidPin(bar)"))
        XCTAssertTrue(container.must(.offset(300)).eventNames.contains("childDidPin(bar)"))
        XCTAssertFalse(container.must(.offset(900)).eventNames.contains("childDidPin(bar)"))
        XCTAssertTrue(container.must(.offset(0)).eventNames.contains("childDidUnpin(bar)"))
    }

    func testABarWithAPinOffsetPushesTheBarsBelowIt() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.sticky("nav", height: 44, pinOffset: 20), .fixed("hero", height: 400),
                       .sticky("tabs", height: 40), .scroll("feed", contentHeight: 4000)])
        container.must(.offset(1000))
        XCTAssertEqual(container.child("nav").frame.y, 1020)
        XCTAssertEqual(container.child("tabs").frame.y, 1064, "under the nav bar, not over it")
        XCTAssertEqual(container.child("feed").frame.y, 1104)
        XCTAssertEqual(container.child("feed").frame.height, 696)
    }

    func testInsetChangesCountAsChanges() throws {
        var (container, _) = try seedContainer()
        let revision = container.revision
        XCTAssertTrue(container.must(.insets(Insets(top: 44, bottom: 100))).didChange)
        XCTAssertEqual(container.revision, revision + 1)
        XCTAssertFalse(container.must(.insets(Insets(top: 44, bottom: 100))).didChange)
    }

    // MARK: Structure

    func testInsertAndRemoveReportShowAndHide() throws {
        var (container, _) = try seedContainer()
        let before = container.layout
        let inserted = container.must(.insert([.fixed("ad", height: 100)], at: 0))
        XCTAssertEqual(inserted.changedChildren(since: before), [0, 1, 2], "the new child and the two it moved down")
        XCTAssertEqual(inserted.eventNames, ["childDidShow(ad)", "childDidResignActive(top)", "childDidBecomeActive(ad)"])
        XCTAssertEqual(container.child("top").frame.y, 100)
        let removed = container.must(.remove(["ad"]))
        XCTAssertEqual(removed.eventNames, ["childDidResignActive(ad)", "childDidBecomeActive(top)", "childDidHide(ad)"])
        XCTAssertNil(container.childIndex(of: "ad"))
    }

    func testUnknownSizesFollowInsertsAndRemovals() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("a", contentHeight: nil), .fixed("b", height: 10), .scroll("c", contentHeight: nil),
                       .scroll("d", contentHeight: nil)])
        container.must(.remove(["a", "c"]))
        container.must(.insert([.fixed("e", height: nil), .fixed("f", height: 5)], at: 0))
        XCTAssertEqual(container.snapshot().children.map(\.size), [nil, 5, 10, nil])
        XCTAssertEqual(container.must(.scrollToChild("b", position: .top, animated: false)).target?.pending, true)
        container.must(.size(child: "e", 900))
        XCTAssertEqual(container.offset, 115, "b's top (905) clamped to the maximum offset 915 − 800")
    }

    func testViewportChangeResizesScrollChildren() throws {
        var (container, _) = try seedContainer()
        container.must(.viewport(Viewport(width: 400, height: 1000)))
        XCTAssertEqual(container.child("top").frame, Rect(x: 0, y: 0, width: 400, height: 1000))
        XCTAssertEqual(container.layout.maxOffset, 4100)
    }

    // MARK: Validation

    func testAFailedChangeListChangesNothing() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(600))
        let before = container.snapshot()
        XCTAssertThrowsError(try container.apply([.size(child: "top", 100), .size(child: "nope", 5)])) { error in
            XCTAssertEqual(error as? ContainerError,
                           ContainerError(.unknownChild, change: 1, field: "child", reason: "no child 'nope' in this session", child: "nope"))
        }
        XCTAssertThrowsError(try container.apply([.offset(.nan)]))
        XCTAssertThrowsError(try container.apply([.size(child: "top", -1)]))
        XCTAssertThrowsError(try container.apply([.viewport(Viewport(width: 0, height: 800))]))
        XCTAssertThrowsError(try container.apply([.insert([.fixed("top", height: 1)], at: 0)]))
        XCTAssertThrowsError(try container.apply([.insert([.fixed("x", height: 1)], at: 3)]))
        XCTAssertThrowsError(try container.apply([.remove(["top", "top"])]))
        XCTAssertEqual(container.snapshot(), before)
    }

    func testCreationRejectsDuplicateIDs() {
        XCTAssertThrowsError(try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("a", height: 1), .fixed("a", height: 2)])) { error in
            XCTAssertEqual((error as? ContainerError)?.field, FieldPath("children").index(1).member("id"))
            XCTAssertEqual((error as? ContainerError)?.kind, .duplicateID)
        }
    }

    // MARK: Snapshot

    func testARestoredContainerContinuesIdentically() throws {
        var rng = SeededGenerator(seed: 7)
        var (original, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("header", height: 300), .sticky("bar", height: 44), .scroll("list", contentHeight: nil)],
            options: ContainerOptions(refresh: RefreshOptions(threshold: 50, height: 40), loadMore: LoadMoreOptions(distance: 100)))
        original.must(.scrollToChild("list", position: .top, animated: false))
        original.must(.phase(.dragging), .offset(-60))
        var restored = try Container(restoring: original.snapshot())
        XCTAssertEqual(restored.snapshot(), original.snapshot())
        for step in 0..<200 {
            var changes: [ContainerChange] = [.offset(Double(Int.random(in: -100...3000, using: &rng)))]
            if step == 3 { changes = [.size(child: "list", 2500)] }
            if step % 7 == 0 { changes.append(.phase(ScrollPhase.allCases.randomElement(using: &rng)!)) }
            if step % 11 == 0 { changes = [.endLoadingMore] }
            let a = original.must(changes: changes), b = restored.must(changes: changes)
            XCTAssertEqual(a.events, b.events, "step \(step)")
            XCTAssertEqual(a.layout.offset, b.layout.offset, "step \(step)")
        }
        XCTAssertEqual(restored.snapshot(), original.snapshot())
    }
}

private extension Container {
    mutating func must(changes: [ContainerChange]) -> ContainerUpdate {
        do { return try apply(changes) } catch { fatalError("unexpected \(error)") }
    }
}
