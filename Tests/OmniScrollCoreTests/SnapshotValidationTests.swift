import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

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

    /// The state the layout determines, as a format 1 snapshot stored it.
    private func derivedState(of container: Container) -> DerivedState {
        let layout = container.layout
        let active = layout.activeIndex.map(layout.childID)
        return DerivedState(
            visible: layout.visibleIndices.map(layout.childID), active: active,
            leaving: container.direction == .up ? active : nil,
            pinned: layout.stack.pins.childIndices.filter { layout.child($0).isPinned }.map(layout.childID))
    }

    /// A snapshot of `container` carrying its derived state, as format 1 did.
    private func format1Snapshot(_ container: Container) -> ContainerSnapshot {
        var snapshot = container.snapshot()
        snapshot.derived = derivedState(of: container)
        return snapshot
    }

    private static func pending(_ child: String) -> OptionValue {
        .object(["pending": .object(["child": .string(child), "position": .string("top")])])
    }

    func testAVisibleChildThatDoesNotExistIsRefused() throws {
        var snapshot = format1Snapshot(try twoChildren())
        snapshot.derived?.visible = ["web", "ghost"]
        assertRefused(snapshot, field: FieldPath("state").member("visible"))
    }

    func testAnActiveOrLeavingChildTheLayoutDoesNotGiveIsRefused() throws {
        var snapshot = format1Snapshot(try twoChildren())
        snapshot.derived?.active = "list"
        assertRefused(snapshot, field: FieldPath("state").member("active"))
        snapshot = format1Snapshot(try twoChildren())
        snapshot.derived?.leaving = "web"  // the direction is none
        assertRefused(snapshot, field: FieldPath("state").member("leaving"))
    }

    func testRefreshingWithRefreshOffIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.state["refresh"] = .string("refreshing")
        assertRefused(snapshot, field: FieldPath("state").member("refresh"))
    }

    func testArmedRefreshOutsideADragIsRefused() throws {
        var snapshot = try twoChildren(options: ContainerOptions(refresh: RefreshOptions(threshold: 60, height: 60))).snapshot()
        snapshot.state["refresh"] = .string("armed")
        assertRefused(snapshot, field: FieldPath("state").member("refresh"))
    }

    func testAPinnedScrollChildIsRefused() throws {
        var snapshot = format1Snapshot(try twoChildren())
        snapshot.derived?.pinned = ["web"]
        assertRefused(snapshot, field: FieldPath("state").member("pinned"))
    }

    func testLoadMoreStateWithLoadMoreOffIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.state["loadMore"] = .object(["triggeredAt": .number(5000), "loading": .bool(true), "pages": .array([])])
        assertRefused(snapshot, field: FieldPath("state").member("loadMore").member("triggeredAt"))
    }

    /// Issue 26, finding 8: the path read `state.loadMore.pages.0.page`.
    func testAPagesEntryIsNamedByItsIndex() throws {
        var snapshot = try ProfilePage.create().0.snapshot()
        snapshot.options.loadMore = LoadMoreOptions(distance: 100)
        snapshot.state["loadMore"] = .object(["triggeredAt": .null, "loading": .bool(false), "pages": .array([
            .object(["page": .string("posts"), "triggeredAt": .null, "loading": .bool(false)]),
            .object(["page": .string("ghost"), "triggeredAt": .null, "loading": .bool(false)]),
        ])])
        XCTAssertThrowsError(try Container(restoring: snapshot)) { error in
            XCTAssertEqual((error as! ContainerError).field.description, "state.loadMore.pages[1].page")
        }
    }

    func testAPendingTargetNamingAMissingChildIsRefused() throws {
        var snapshot = try twoChildren(last: nil).snapshot()
        snapshot.state["target"] = Self.pending("ghost")
        assertRefused(snapshot, field: FieldPath("state").member("target").member("pending").member("child"))
    }

    func testAPendingTargetWhosePlaceIsKnownIsRefused() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.state["target"] = Self.pending("list")
        assertRefused(snapshot, field: FieldPath("state").member("target").member("pending").member("child"))
    }

    /// Each part is checked against its behavior's declaration before the behavior reads it.
    func testAPartOfTheWrongShapeIsRefusedAtItsMember() throws {
        var snapshot = try twoChildren().snapshot()
        snapshot.state["refresh"] = .string("sleeping")
        assertRefused(snapshot, field: FieldPath("state").member("refresh"))
        snapshot = try twoChildren().snapshot()
        snapshot.state["loadMore"] = .object(["triggeredAt": .null])
        assertRefused(snapshot, field: FieldPath("state").member("loadMore").member("loading"))
        snapshot = try twoChildren().snapshot()
        snapshot.state["target"] = .object(["pending": .object(["child": .number(1), "position": .string("top")])])
        assertRefused(snapshot, field: FieldPath("state").member("target").member("pending").member("child"))
    }

    func testEveryPartIsSavedUnderItsBehaviorsName() throws {
        let snapshot = try twoChildren().snapshot()
        XCTAssertEqual(snapshot.state, [
            "motion": .object(["running": .null, "dragStart": .null]),
            "refresh": .string("idle"),
            "headerScroll": .array([]),
            "loadMore": .object(["triggeredAt": .null, "loading": .bool(false), "pages": .array([])]),
            "target": .object(["pending": .null]),
            "pagers": .array([]),
            "feed": .object(["current": .null]),
            "pointer": .null,
        ])
        XCTAssertEqual(ContainerSnapshot.stateParts.map(\.name.description),
                       ["motion", "refresh", "target", "pagers", "headerScroll", "loadMore", "feed", "pointer"])
    }

    func testAPartLeftOutRestoresItsInitialState() throws {
        var container = try twoChildren(options: ContainerOptions(refresh: RefreshOptions(threshold: 60, height: 60)))
        var snapshot = container.snapshot()
        snapshot.state = [:]
        XCTAssertEqual(try Container(restoring: snapshot).snapshot(), container.snapshot())
        _ = try container.apply([.phase(.dragging), .offset(-80)])
        snapshot = container.snapshot()
        XCTAssertEqual(snapshot.state["refresh"], .string("armed"))
    }

    func testAStateTheLayoutDeterminesIsDerivedWhenLeftOut() throws {
        var container = try twoChildren()
        _ = try container.apply([.phase(.dragging), .offset(3000)])
        let snapshot = container.snapshot()
        XCTAssertNil(snapshot.derived)
        let restored = try Container(restoring: snapshot)
        XCTAssertEqual(restored.snapshot(), container.snapshot())
        XCTAssertNoThrow(try Container(restoring: format1Snapshot(container)))
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
            let faithful = Bool.random(using: &rng) ? format1Snapshot(container) : container.snapshot()
            let doctored = doctor(faithful, derived: derivedState(of: container), ids: ids, using: &rng)
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

    /// `snapshot` with one member of its state edited: a stored derived
    /// member (as format 1 stored them; `derived` is the true one), or a
    /// behavior's part.
    private func doctor(_ snapshot: ContainerSnapshot, derived: DerivedState, ids: [String],
                        using rng: inout SeededGenerator) -> ContainerSnapshot {
        var doctored = snapshot
        let names = ids + ["ghost"]
        func someIDs() -> [String] { names.filter { _ in Int.random(in: 0..<8, using: &rng) == 0 } }
        func someID() -> String? { Bool.random(using: &rng) ? nil : names.randomElement(using: &rng) }
        var stored = snapshot.derived ?? derived
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: stored.visible = someIDs(); doctored.derived = stored
        case 1: stored.active = someID(); doctored.derived = stored
        case 2: stored.leaving = someID(); doctored.derived = stored
        case 3: stored.pinned = someIDs(); doctored.derived = stored
        case 4:
            if snapshot.options.refresh == nil {
                doctored.state["refresh"] = .string(RefreshState.allCases.randomElement(using: &rng)!.rawValue)
            } else if snapshot.phase != .dragging {
                doctored.state["refresh"] = .string("armed")
            }
        case 5:
            if snapshot.options.loadMore == nil {
                doctored.state["loadMore"] = .object([
                    "triggeredAt": Bool.random(using: &rng) ? .number(1000) : .null, "loading": .bool(.random(using: &rng))])
            } else {
                doctored.state["loadMore"] = .object(["triggeredAt": .null, "loading": .bool(true)])
            }
        case 6:
            // A value of the wrong shape in a random part.
            let part = ContainerSnapshot.stateParts.randomElement(using: &rng)!.name.description
            doctored.state[part] = [OptionValue.null, .number(1), .string("x"), .object([:])].randomElement(using: &rng)!
        default:
            // A missing child, or one whose place is known: a target that could not be pending.
            let known = snapshot.children.prefix { $0.size != nil }.map(\.id)
            if let child = (known + ["ghost"]).randomElement(using: &rng) {
                doctored.state["target"] = Self.pending(child)
            }
        }
        return doctored
    }

    /// `triggeredAt` is a content height: between 0 and 2.2e21 (issue 26, finding 5).
    func testALoadMoreTriggerOutsideEveryContentHeightIsRefused() throws {
        for value in [1e300, -1e300, -1, 3e21] {
            var snapshot = try twoChildren(options: ContainerOptions(loadMore: LoadMoreOptions(distance: 100))).snapshot()
            snapshot.state["loadMore"] = .object(["triggeredAt": .number(value), "loading": .bool(false), "pages": .array([])])
            assertRefused(snapshot, field: FieldPath("state").member("loadMore").member("triggeredAt"))
        }
    }
}
