import XCTest
@testable import OmniScrollCore

/// Restoring checks every behavior's part of a snapshot against the restored
/// children, options and layout: a part no sequence of calls could reach is
/// `invalidValue` naming the member under `state`.
final class SnapshotValidationTests: XCTestCase {
    private func twoChildren(options: ContainerOptions = ContainerOptions(), last: Double? = 3000) throws -> Container {
        try Container.create(
            viewport: Viewport(width: 375, height: 800), insets: Insets(top: 0, bottom: 100),
            children: [.scroll("web", contentHeight: 2000), .scroll("list", contentHeight: last)], options: options).0
    }

    private func assertRefused(_ snapshot: ContainerSnapshot, field: FieldPath,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Container(restoring: snapshot), file: file, line: line) { error in
            let error = error as! ContainerError
            XCTAssertEqual(error.kind, .invalidValue, file: file, line: line)
            XCTAssertEqual(error.field, field, "\(error.reason)", file: file, line: line)
        }
    }

    func testAVisibleChildThatDoesNotExistIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.visibility?.visible = ["web", "ghost"]
        assertRefused(snapshot, field: FieldPath("state").member("visible"))
    }

    func testAnActiveOrLeavingChildTheLayoutDoesNotGiveIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.visibility?.active = "list"
        assertRefused(snapshot, field: FieldPath("state").member("active"))
        snapshot = try twoChildren().snapshot()
        snapshot.visibility?.leaving = "web"  // the direction is none
        assertRefused(snapshot, field: FieldPath("state").member("leaving"))
    }

    func testRefreshingWithRefreshOffIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.refresh = .refreshing
        assertRefused(snapshot, field: FieldPath("state").member("refresh"))
    }

    func testArmedRefreshOutsideADragIsRefused() throws {
        var snapshot = try twoChildren(options: ContainerOptions(refresh: RefreshOptions(threshold: 60, height: 60))).snapshot()
        snapshot.refresh = .armed
        assertRefused(snapshot, field: FieldPath("state").member("refresh"))
    }

    func testAPinnedScrollChildIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.pinned = ["web"]
        assertRefused(snapshot, field: FieldPath("state").member("pinned"))
    }

    func testLoadMoreStateWithLoadMoreOffIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.loadingMore = true
        snapshot.loadMoreTriggeredAt = 5000
        assertRefused(snapshot, field: FieldPath("state").member("loadMoreTriggeredAt"))
    }

    func testAPendingTargetNamingAMissingChildIsRefused() throws {
        var snapshot = try twoChildren(last: nil).snapshot()
        snapshot.pendingTarget = PendingScrollTarget(child: "ghost", position: .top)
        assertRefused(snapshot, field: FieldPath("state").member("pendingTarget").member("child"))
    }

    func testAPendingTargetWhosePlaceIsKnownIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.pendingTarget = PendingScrollTarget(child: "list", position: .top)
        assertRefused(snapshot, field: FieldPath("state").member("pendingTarget").member("child"))
    }

    func testAStateTheLayoutDeterminesIsDerivedWhenLeftOut() throws {
        var container = try twoChildren()
        _ = try container.apply([.phase(.dragging), .offset(3000)])
        var snapshot = container.snapshot()
        snapshot.visibility = nil
        snapshot.pinned = nil
        let restored = try Container(restoring: snapshot)
        XCTAssertEqual(restored.snapshot(), container.snapshot())
    }

    /// Random member edits of random snapshots: each restore either refuses
    /// the edit naming a member under `state`, or gives a container whose
    /// later updates equal a faithful twin's. The edits are those that make
    /// the part contradict the rest (or leave it as it was): a member that
    /// is free state (`refreshing` with refresh on, a load-more height)
    /// legitimately changes what follows.
    func testDoctoredSnapshotsAreRefusedOrBehaveAsTheirTwin() throws {
        var refused = 0, accepted = 0
        for seed: UInt64 in 1...150 {
            var rng = SeededGenerator(seed: seed)
            let random = RandomContainerSpec(using: &rng)
            var children = random.children
            for i in children.indices where children[i].kind != .sticky && Int.random(in: 0..<6, using: &rng) == 0 {
                children[i].size = nil
            }
            let options = ContainerOptions(
                refresh: Bool.random(using: &rng) ? RefreshOptions(threshold: 50, height: 40) : nil,
                loadMore: Bool.random(using: &rng) ? LoadMoreOptions(distance: 300) : nil)
            var container = try Container.create(
                viewport: random.viewport, insets: random.insets, children: children, options: options).0
            let ids = children.map(\.id)
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                _ = try? container.apply(randomChanges(ids: ids, using: &rng))
            }
            let faithful = container.snapshot()
            let doctored = doctor(faithful, ids: ids, using: &rng)
            let restored: Container
            do {
                restored = try Container(restoring: doctored)
            } catch {
                let field = "\(error.field)"
                XCTAssertTrue(error.kind == .invalidValue && field.hasPrefix("state."), "seed \(seed): \(error)")
                refused += 1
                continue
            }
            accepted += 1
            var twin = try Container(restoring: faithful)
            var copy = restored
            XCTAssertEqual(copy.snapshot(), twin.snapshot(), "seed \(seed)")
            for step in 0..<8 {
                let changes = randomChanges(ids: ids, using: &rng)
                let a = Result { () throws(ContainerError) in try copy.apply(changes) }
                let b = Result { () throws(ContainerError) in try twin.apply(changes) }
                switch (a, b) {
                case (.success(let x), .success(let y)):
                    XCTAssertEqual(x.events, y.events, "seed \(seed) step \(step)")
                    XCTAssertEqual(x.layout.offset, y.layout.offset, "seed \(seed) step \(step)")
                case (.failure(let x), .failure(let y)):
                    XCTAssertEqual(x, y, "seed \(seed) step \(step)")
                default:
                    XCTFail("seed \(seed) step \(step): \(a) vs \(b)")
                }
            }
            XCTAssertEqual(copy.snapshot(), twin.snapshot(), "seed \(seed)")
        }
        // Both outcomes occur, so neither half of the property is vacuous.
        XCTAssertGreaterThan(refused, 10)
        XCTAssertGreaterThan(accepted, 10)
    }

    private func randomChanges(ids: [String], using rng: inout SeededGenerator) -> [ContainerChange] {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return [.phase(ScrollPhase.allCases.randomElement(using: &rng)!)]
        case 1: return [.size(child: ids.randomElement(using: &rng)!, Double(Int.random(in: 0...3000, using: &rng)))]
        case 2: return [.scrollToChild(ids.randomElement(using: &rng)!, position: .top, animated: false)]
        case 3: return [.endRefreshing, .endLoadingMore]
        case 4: return [.phase(.dragging), .offset(Double(Int.random(in: -120...0, using: &rng)))]
        default: return [.offset(Double(Int.random(in: -100...20_000, using: &rng)))]
        }
    }

    /// `snapshot` with one member of its state edited.
    private func doctor(_ snapshot: ContainerSnapshot, ids: [String], using rng: inout SeededGenerator) -> ContainerSnapshot {
        var doctored = snapshot
        let names = ids + ["ghost"]
        func someIDs() -> [String] { names.filter { _ in Int.random(in: 0..<8, using: &rng) == 0 } }
        func someID() -> String? { Bool.random(using: &rng) ? nil : names.randomElement(using: &rng) }
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: doctored.visibility?.visible = someIDs()
        case 1: doctored.visibility?.active = someID()
        case 2: doctored.visibility?.leaving = someID()
        case 3: doctored.pinned = someIDs()
        case 4:
            if snapshot.options.refresh == nil { doctored.refresh = RefreshState.allCases.randomElement(using: &rng)! }
            else if snapshot.phase != .dragging { doctored.refresh = .armed }
        case 5:
            if snapshot.options.loadMore == nil {
                doctored.loadingMore = Bool.random(using: &rng)
                doctored.loadMoreTriggeredAt = Bool.random(using: &rng) ? 1000 : nil
            } else {
                doctored.loadingMore = true
                doctored.loadMoreTriggeredAt = nil
            }
        default:
            // A missing child, or one whose place is known: a target that could not be pending.
            let known = snapshot.children.prefix { $0.size != nil }.map(\.id)
            if let child = (known + ["ghost"]).randomElement(using: &rng) {
                doctored.pendingTarget = PendingScrollTarget(child: child, position: .top)
            }
        }
        return doctored
    }
}
