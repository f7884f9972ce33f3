import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// `options.feed`: the current child (nearest centre, committed at idle) and
/// the preload window around it, with edge-triggered events.
final class FeedTests: XCTestCase {
    private static let viewport = Viewport(width: 375, height: 800)
    private static let feed = FeedOptions(ahead: 2, behind: 1)

    private func feedContainer(_ count: Int, offset: Double? = nil, preload: FeedOptions = feed) throws -> (Container, ContainerUpdate) {
        var options = ContainerOptions(seedEvents: false)
        options.feed = preload
        return try Container.create(viewport: Self.viewport, children: (0..<count).map { .page("p\($0)") },
                                    offset: offset, options: options)
    }

    func testCreateReportsTheFirstCurrentChildAndItsWindow() throws {
        let (container, update) = try feedContainer(10)
        XCTAssertEqual(container.currentChild, "p0")
        XCTAssertEqual(update.eventNames.filter { $0.contains("Current") || $0.contains("Preload") },
                       ["childDidBecomeCurrent(p0)", "childDidEnterPreload(p0)", "childDidEnterPreload(p1)", "childDidEnterPreload(p2)"])
    }

    func testTheCurrentChildWaitsForIdle() throws {
        var (container, _) = try feedContainer(10)
        let drag = container.must(.phase(.dragging), .offset(1300))
        XCTAssertEqual(container.currentChild, "p0")
        XCTAssertFalse(drag.eventNames.contains { $0.contains("Current") })
        let rest = container.must(.phase(.idle))
        XCTAssertEqual(container.currentChild, "p2")
        XCTAssertEqual(rest.eventNames.filter { $0.contains("Current") || $0.contains("Preload") }, [
            "childDidLeavePreload(p0)", "childDidResignCurrent(p0)", "childDidBecomeCurrent(p2)",
            "childDidEnterPreload(p3)", "childDidEnterPreload(p4)",
        ])
    }

    func testAProgrammaticScrollAtRestCommits() throws {
        var (container, _) = try feedContainer(10)
        container.must(.offset(4000))
        XCTAssertEqual(container.currentChild, "p5")
        let back = container.must(.offset(800))
        XCTAssertEqual(back.eventNames.filter { $0.contains("Preload") }, [
            "childDidLeavePreload(p7)", "childDidLeavePreload(p6)", "childDidLeavePreload(p5)", "childDidLeavePreload(p4)",
            "childDidEnterPreload(p3)", "childDidEnterPreload(p2)", "childDidEnterPreload(p1)", "childDidEnterPreload(p0)",
        ], "a move back reports in travel order, descending")
    }

    func testATieGoesToTheLowerIndex() throws {
        let (container, _) = try feedContainer(4, offset: 400)
        XCTAssertEqual(container.currentChild, "p0")
    }

    func testAppendingAndRemovingKeepTheCurrentItem() throws {
        var (container, _) = try feedContainer(3)
        container.must(.offset(1600))
        XCTAssertEqual(container.currentChild, "p2")
        let more = container.must(.insert([.page("p3"), .page("p4"), .page("p5")], at: 3))
        XCTAssertEqual(container.currentChild, "p2")
        XCTAssertEqual(more.eventNames.filter { $0.contains("Preload") }, ["childDidEnterPreload(p3)", "childDidEnterPreload(p4)"])
        let removed = container.must(.remove(["p0"]))
        XCTAssertEqual(container.currentChild, "p2")
        XCTAssertEqual(container.layout.offset, 800, "the offset follows the current child's top")
        XCTAssertFalse(removed.eventNames.contains { $0.contains("Current") })
    }

    /// Issue 26, finding 7: a rotation (800 → 700 high, every page with
    /// it) left the offset at 29600, putting p42 current; the offset follows
    /// the current child's top, so p37 stays current and at the top.
    func testAViewportResizeKeepsTheCurrentChildInPlace() throws {
        var (container, _) = try feedContainer(100)
        container.must(.offset(29600))
        XCTAssertEqual(container.currentChild, "p37")
        let rotated = container.must(.viewport(Viewport(width: 375, height: 700)))
        XCTAssertEqual(container.currentChild, "p37")
        XCTAssertEqual(container.layout.offset, 25900)
        XCTAssertEqual(rotated.anchorShift, -3700)
        XCTAssertEqual(container.layout.child(37).frame.y, 25900)
        container.must(.viewport(Viewport(width: 375, height: 800)))
        XCTAssertEqual(container.currentChild, "p37")
        XCTAssertEqual(container.layout.offset, 29600)
    }

    func testRemovingTheCurrentChildChoosesAgain() throws {
        var (container, _) = try feedContainer(5)
        container.must(.offset(1600))
        container.must(.phase(.dragging))
        let removed = container.must(.remove(["p2"]))
        XCTAssertEqual(removed.eventNames.filter { $0.contains("Current") },
                       ["childDidResignCurrent(p2)", "childDidBecomeCurrent(p3)"])
        XCTAssertEqual(container.currentChild, "p3")
    }

    func testASessionWithoutFeedHasNoCurrentChild() throws {
        let (container, update) = try seedContainer()
        XCTAssertNil(container.currentChild)
        XCTAssertFalse(update.eventNames.contains { $0.contains("Current") || $0.contains("Preload") })
    }

    func testPreloadBoundsAreChecked() {
        var options = ContainerOptions()
        options["feed"] = .object(["preload": .object(["ahead": .number(17)])])
        XCTAssertThrowsError(try Container.create(viewport: Self.viewport, children: [], options: options)) { error in
            XCTAssertEqual((error as? ContainerError)?.field.description, "options.feed.preload.ahead")
        }
        options["feed"] = .object(["preload": .object(["behind": .number(1.5)])])
        XCTAssertThrowsError(try Container.create(viewport: Self.viewport, children: [], options: options))
    }

    func testSnapshotRestoresTheCurrentChild() throws {
        var (container, _) = try feedContainer(10)
        container.must(.offset(2400))
        container.must(.phase(.dragging), .offset(5000))
        XCTAssertEqual(container.snapshot().state["feed"], .object(["current": .string("p3")]))
        var restored = try Container(restoring: container.snapshot())
        XCTAssertEqual(restored.currentChild, "p3")
        XCTAssertEqual(restored.must(.phase(.idle)).eventNames, container.must(.phase(.idle)).eventNames)
        var snapshot = container.snapshot()
        snapshot.state["feed"] = .object(["current": .string("p9")])
        XCTAssertThrowsError(try Container(restoring: snapshot), "at idle the current child is the nearest one") { error in
            XCTAssertEqual((error as? ContainerError)?.field.description, "state.feed.current")
        }
        snapshot.state["feed"] = .object(["current": .null])
        XCTAssertThrowsError(try Container(restoring: snapshot), "a feed with children has a current child")
    }

    /// After every reply: the current child changes only at idle (or when it
    /// is removed), equals the nearest-centre rule then, and the events are
    /// exactly the differences of the windows around it.
    func testSeededWalksKeepTheCurrentChildAndWindowExact() throws {
        for n in 0..<200 {
            let seed = 0xFEED_0000 + UInt64(n)
            var rng = SeededGenerator(seed: seed)
            try walk(&rng, seed: seed)
        }
    }

    private func walk(_ rng: inout SeededGenerator, seed: UInt64) throws {
        let preload = FeedOptions(ahead: Int.random(in: 0...3, using: &rng), behind: Int.random(in: 0...3, using: &rng))
        var options = ContainerOptions(seedEvents: false)
        options.feed = preload
        var next = 0
        func newChildren(_ count: Int, _ rng: inout SeededGenerator) -> [ChildSpec] {
            (0..<count).map { _ in
                next += 1
                return Bool.random(using: &rng) ? .page("c\(next)") : .fixed("c\(next)", height: Double(Int.random(in: 1...1600, using: &rng)))
            }
        }
        var (container, update) = try Container.create(
            viewport: Viewport(width: 375, height: Double(Int.random(in: 200...1000, using: &rng))),
            children: newChildren(Int.random(in: 1...30, using: &rng), &rng), options: options)
        var current: String?
        var window: [String] = []
        for step in 0..<40 {
            let layout = container.layout
            let expectedCurrent: String?
            if container.phase == .idle || current.flatMap(layout.childIndex(of:)) == nil {
                expectedCurrent = nearest(layout)
            } else {
                expectedCurrent = current
            }
            let context = "seed \(seed) step \(step)"
            XCTAssertEqual(container.currentChild, expectedCurrent, context)
            let newWindow: [String] = expectedCurrent.map { id in
                let i = layout.childIndex(of: id)!
                return (max(0, i - preload.behind)...min(layout.childCount - 1, i + preload.ahead)).map(layout.childID)
            } ?? []
            let names = update.eventNames
            XCTAssertEqual(Set(names.filter { $0.hasPrefix("childDidEnterPreload") }),
                           Set(newWindow.filter { !window.contains($0) }.map { "childDidEnterPreload(\($0))" }), context)
            XCTAssertEqual(Set(names.filter { $0.hasPrefix("childDidLeavePreload") }),
                           Set(window.filter { !newWindow.contains($0) }.map { "childDidLeavePreload(\($0))" }), context)
            let became = names.filter { $0.hasPrefix("childDidBecomeCurrent") }
            XCTAssertEqual(became, current == expectedCurrent ? [] : ["childDidBecomeCurrent(\(expectedCurrent!))"], context)
            current = expectedCurrent
            window = newWindow
            update = try container.apply(randomChange(container, &rng, newChildren))
        }
    }

    /// The nearest-centre rule, by brute force over every child.
    private func nearest(_ layout: Layout) -> String? {
        let centre = layout.offset + layout.viewport.height / 2
        var best: (Int, Double)?
        for i in 0..<layout.childCount {
            let child = layout.child(i)
            let distance = abs(layout.stack.naturalTop(i) + child.frame.height / 2 - centre)
            if best.map({ distance < $0.1 }) ?? true { best = (i, distance) }
        }
        return best.map { layout.childID($0.0) }
    }

    private func randomChange(_ container: Container, _ rng: inout SeededGenerator,
                              _ newChildren: (Int, inout SeededGenerator) -> [ChildSpec]) -> [ContainerChange] {
        let layout = container.layout
        let offset = Double.random(in: layout.minOffset - 100...layout.maxOffset + 100, using: &rng).rounded()
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return [.phase(.dragging), .offset(offset)]
        case 1, 2: return [.offset(offset)]
        case 3: return [.phase(.idle)]
        case 4: return [.phase(.decelerating), .offset(offset)]
        case 5: return [.insert(newChildren(Int.random(in: 1...5, using: &rng), &rng), at: layout.childCount)]
        case 6 where layout.childCount > 1:
            return [.remove([layout.childID(Int.random(in: 0..<layout.childCount, using: &rng))])]
        case 7: return [.viewport(Viewport(width: 375, height: Double(Int.random(in: 200...1000, using: &rng))))]
        default: return [.phase(.idle), .offset(offset)]
        }
    }
}
