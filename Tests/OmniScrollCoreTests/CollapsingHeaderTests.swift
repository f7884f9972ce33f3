import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// The collapsing header (docs/design.md#collapsing-header-and-tracks): its extent, collapse and paint
/// extent at every offset, the floating path, the scroll children below
/// it, its events and its snapshot part. Property failures print the seed.
final class CollapsingHeaderTests: XCTestCase {
    private let viewport = Viewport(width: 375, height: 800)

    private func make(_ children: [ChildSpec], offset: Double = 0) throws -> Container {
        try Container.create(viewport: viewport, children: children, offset: offset).0
    }

    func testPinnedHeaderShrinksThenStaysAndTheListMeetsItsEdge() throws {
        var container = try make([.collapsing("bar", maxHeight: 200, minHeight: 50), .scroll("list", contentHeight: 3000)])
        // (offset, bar top, bar height, collapse, list top, list height, list inner offset)
        let goldens: [(Double, Double, Double, Double, Double, Double, Double)] = [
            (0, 0, 200, 0, 200, 600, 0),
            (100, 100, 100, 2.0 / 3, 200, 700, 0),
            (150, 150, 50, 1, 200, 750, 0),
            (400, 400, 50, 1, 450, 750, 250),
            (2400, 2400, 50, 1, 2450, 750, 2250),  // maxY: the list's last pixel at the viewport's bottom
        ]
        for (y, barTop, barHeight, collapse, listTop, listHeight, inner) in goldens {
            let layout = try container.apply(.offset(y)).layout
            let bar = layout.child(0), list = layout.child(1)
            XCTAssertEqual([bar.frame.y, bar.frame.height, layout.collapse(ofChild: 0)!], [barTop, barHeight, collapse], "bar at \(y)")
            XCTAssertEqual([list.frame.y, list.frame.height, list.contentOffset.y], [listTop, listHeight, inner], "list at \(y)")
            XCTAssertNil(layout.collapse(ofChild: 1))
        }
    }

    func testScrollHeaderShrinksThenScrollsAway() throws {
        var container = try make([.collapsing("bar", maxHeight: 200, minHeight: 50, mode: .scroll),
                                  .scroll("list", contentHeight: 3000)])
        // Collapsed at 150, then gone at 200: the list follows the window y once it has left.
        for (y, barTop, barHeight, listTop, listHeight) in [(150.0, 150.0, 50.0, 200.0, 750.0), (180, 150, 50, 200, 780),
                                                            (200, 150, 50, 200, 800), (500, 150, 50, 500, 800)] {
            let layout = try container.apply(.offset(y)).layout
            XCTAssertEqual([layout.child(0).frame.y, layout.child(0).frame.height], [barTop, barHeight], "bar at \(y)")
            XCTAssertEqual([layout.child(1).frame.y, layout.child(1).frame.height], [listTop, listHeight], "list at \(y)")
        }
        XCTAssertEqual(container.layout.child(0).visibleHeight, 0, "scrolled away")
    }

    func testFloatingHeaderComesBackAsSoonAsTheOffsetGoesDown() throws {
        var container = try make([.collapsing("bar", maxHeight: 200, minHeight: 50, mode: .floating),
                                  .scroll("list", contentHeight: 5000)])
        _ = try container.apply(.offset(2000))
        XCTAssertEqual(container.layout.child(0).visibleHeight, 0)
        let back = try container.apply(.offset(1970)).layout
        XCTAssertEqual(back.child(0).visibleHeight, 30, "30 points back after 30 points down, 1970 points from the top")
        XCTAssertEqual(back.child(1).frame.y, 2000, "the list starts below the part on screen")
        let whole = try container.apply(.offset(1700)).layout
        XCTAssertEqual([whole.child(0).frame.height, whole.collapse(ofChild: 0)!], [200, 0])
        XCTAssertEqual(try container.apply(.offset(1800)).layout.child(0).visibleHeight, 100, "going up it leaves again")
    }

    func testAHeaderCollapsesFromThePinLineBelowABar() throws {
        var container = try make([.fixed("hero", height: 300), .sticky("tabs", height: 44),
                                  .collapsing("bar", maxHeight: 100, minHeight: 40), .scroll("list", contentHeight: 3000)])
        // The bar's pin line is under the tabs (44): it starts to collapse at y = 344 − 44 = 300.
        XCTAssertEqual(try container.apply(.offset(300)).layout.collapse(ofChild: 2), 0)
        let layout = try container.apply(.offset(330)).layout
        XCTAssertEqual([layout.child(2).frame.y, layout.child(2).frame.height, layout.collapse(ofChild: 2)!], [374, 70, 0.5])
        XCTAssertEqual(layout.child(3).frame.y, 444, "the list meets the bar's bottom")
    }

    func testEventsWhenTheHeaderFinishesCollapsingAndExpanding() throws {
        var container = try make([.collapsing("bar", maxHeight: 200, minHeight: 50), .scroll("list", contentHeight: 3000)])
        func ours(_ update: ContainerUpdate) -> [String] {
            update.events.map(\.type.rawValue).filter { $0 == "childDidCollapse" || $0 == "childDidExpand" }
        }
        XCTAssertEqual(ours(try container.apply(.offset(100))), [])
        XCTAssertEqual(ours(try container.apply(.offset(150))), ["childDidCollapse"])
        XCTAssertEqual(ours(try container.apply(.offset(900))), [], "edge-triggered")
        XCTAssertEqual(ours(try container.apply(.offset(10))), [])
        XCTAssertEqual(ours(try container.apply(.offset(0))), ["childDidExpand"])
    }

    /// A sticky bar below a header pins below the header's paint extent: a
    /// floating header that comes back pushes the bar down, never covers it.
    func testStickyBarPinsBelowAFloatingHeaderThatCameBack() throws {
        var container = try make([.collapsing("bar", maxHeight: 200, minHeight: 50, mode: .floating),
                                  .sticky("tabs", height: 44), .scroll("list", contentHeight: 5000)])
        var layout = try container.apply(.offset(2000)).layout
        XCTAssertEqual([layout.child(1).frame.y, layout.child(2).frame.y], [2000, 2044], "the header gone, the bar at the top")
        layout = try container.apply(.offset(1950)).layout  // the header comes back by 50
        let tabs = layout.child(1)
        XCTAssertEqual(tabs.frame.y, 1950 + 50, "pinned below the 50 points of the header on screen")
        XCTAssertTrue(tabs.isPinned)
        XCTAssertEqual(tabs.visibleHeight, 44)
        XCTAssertEqual(layout.child(2).frame.y, 1950 + 50 + 44, "the list meets the bar's edge")
    }

    func testMinHeightAboveMaxHeightIsInvalid() {
        XCTAssertThrowsError(try make([.collapsing("bar", maxHeight: 100, minHeight: 120)])) { error in
            XCTAssertEqual((error as? ContainerError)?.field.description, "children[0].minHeight")
        }
    }

    func testTheFloatingPathSurvivesASnapshot() throws {
        var container = try make([.collapsing("bar", maxHeight: 200, minHeight: 50, mode: .floating),
                                  .scroll("list", contentHeight: 5000)])
        _ = try container.apply(.offset(2000))
        _ = try container.apply(.offset(1950))
        let snapshot = container.snapshot()
        XCTAssertEqual(snapshot.state["headerScroll"], .array([.number(150)]))
        var restored = try Container(restoring: snapshot)
        XCTAssertEqual(restored.layout.child(0), container.layout.child(0))
        XCTAssertEqual(try restored.apply(.offset(1900)).layout.child(0), try container.apply(.offset(1900)).layout.child(0))
        var impossible = snapshot
        impossible.state["headerScroll"] = .array([.number(2500)])
        XCTAssertThrowsError(try Container(restoring: impossible)) { error in
            XCTAssertEqual((error as? ContainerError)?.field.description, "state.headerScroll[0]")
        }
    }

    /// A header that does not float is not followed along the path (its
    /// offset is derived from the container's): its snapshot part is still
    /// how far the offset carries it, beside a floating header's path, and a
    /// restored container goes on as the live one does.
    func testHeadersThatDoNotFloatAreSavedAtTheOffsetThatCarriesThem() throws {
        var pinned = try make([.collapsing("bar", maxHeight: 200, minHeight: 50, mode: .pinned),
                               .scroll("list", contentHeight: 5000)])
        for offset in [50.0, 120, 300, 280] { _ = try pinned.apply(.offset(offset)) }
        XCTAssertEqual(pinned.snapshot().state["headerScroll"], .array([.number(280)]))
        var restored = try Container(restoring: pinned.snapshot())
        XCTAssertEqual(try restored.apply(.offset(90)).layout.child(0), try pinned.apply(.offset(90)).layout.child(0))

        var mixed = try make([.collapsing("top", maxHeight: 100, minHeight: 40, mode: .scroll),
                              .collapsing("bar", maxHeight: 200, minHeight: 50, mode: .floating),
                              .scroll("list", contentHeight: 5000)])
        for offset in [2000.0, 1950] { _ = try mixed.apply(.offset(offset)) }
        XCTAssertEqual(mixed.snapshot().state["headerScroll"], .array([.number(1950), .number(150)]))
        var restoredMixed = try Container(restoring: mixed.snapshot())
        for offset in [1900.0, 1990, 2100] {
            let live = try mixed.apply(.offset(offset)).layout, again = try restoredMixed.apply(.offset(offset)).layout
            XCTAssertEqual([live.child(0), live.child(1)], [again.child(0), again.child(1)], "offset \(offset)")
        }
    }

    // MARK: - Properties

    private func forEachSeed(_ cases: Int, _ body: (UInt64, inout SeededGenerator) throws -> Void) rethrows {
        for n in 0..<cases {
            let seed = 0xC011_A95E + UInt64(n)
            var rng = SeededGenerator(seed: seed)
            try body(seed, &rng)
        }
    }

    /// A fixed child, a header of a random mode and sizes, and a list.
    private func randomContainer(_ rng: inout SeededGenerator, mode: CollapsingChild.Mode? = nil) throws -> Container {
        let maxHeight = Double.random(in: 0...300, using: &rng).rounded()
        let minHeight = Double.random(in: 0...maxHeight, using: &rng).rounded()
        return try make([.fixed("hero", height: Double.random(in: 0...400, using: &rng).rounded()),
                         .collapsing("bar", maxHeight: maxHeight, minHeight: minHeight,
                                     mode: mode ?? CollapsingChild.Mode.allCases.randomElement(using: &rng)!),
                         .scroll("list", contentHeight: Double.random(in: 0...4000, using: &rng).rounded())])
    }

    func testExtentAndCollapseStayInBoundsAndAreMonotoneForPinnedAndScroll() throws {
        try forEachSeed(200) { seed, rng in
            let mode: CollapsingChild.Mode = Bool.random(using: &rng) ? .pinned : .scroll
            var container = try randomContainer(&rng, mode: mode)
            guard case .collapsing(let header) = container.snapshot().children[1].payload else { return XCTFail() }
            let maxHeight = container.snapshot().children[1].size!
            var previous: (height: Double, collapse: Double)?
            for step in 0...120 {
                let layout = try container.apply(.offset(Double(step) * 7.5 - 100)).layout
                let bar = (height: layout.child(1).frame.height, collapse: layout.collapse(ofChild: 1)!)
                XCTAssertTrue((header.minHeight...maxHeight).contains(bar.height), "seed \(seed) step \(step)")
                XCTAssertTrue((0...1).contains(bar.collapse), "seed \(seed) step \(step)")
                if let previous {
                    XCTAssertLessThanOrEqual(bar.height, previous.height, "seed \(seed) step \(step)")
                    XCTAssertGreaterThanOrEqual(bar.collapse, previous.collapse, "seed \(seed) step \(step)")
                }
                previous = bar
            }
        }
    }

    /// Flutter's `RenderSliverFloatingPersistentHeader.performLayout`, as it
    /// is written there: the effective scroll offset over a path of the
    /// header's own scroll offsets.
    private struct FlutterFloatingReference {
        var effective: Double?
        var lastActual: Double?

        mutating func layout(scrollOffset: Double, maxExtent: Double) -> Double {
            if let last = lastActual, var effective, scrollOffset < last || effective < maxExtent {
                var delta = last - scrollOffset
                let allowFloatingExpansion = delta > 0  // the user scrolls toward the top
                if allowFloatingExpansion {
                    if effective > maxExtent { effective = maxExtent }
                } else if delta > 0 {
                    delta = 0
                }
                self.effective = min(max(effective - delta, 0), scrollOffset)
            } else {
                effective = scrollOffset
            }
            lastActual = scrollOffset
            return effective!
        }
    }

    func testFloatingMatchesFlutterOverRandomPaths() throws {
        try forEachSeed(100) { seed, rng in
            var container = try randomContainer(&rng, mode: .floating)
            let spec = container.snapshot().children
            let top = spec[0].size!, maxHeight = spec[1].size!
            guard case .collapsing(let header) = spec[1].payload else { return XCTFail() }
            var reference = FlutterFloatingReference()
            _ = reference.layout(scrollOffset: 0, maxExtent: maxHeight)
            var y = 0.0
            for step in 0..<150 {
                y = max(-50, y + Double.random(in: -120...160, using: &rng).rounded())
                let layout = try container.apply(.offset(y)).layout
                let e = reference.layout(scrollOffset: max(0, y - top), maxExtent: maxHeight)
                let expected = header.state(scrolledPast: e, carried: max(0, y - top), natural: maxHeight, isHeld: y > top)
                XCTAssertEqual(layout.child(1).frame.height, expected.extent, "seed \(seed) step \(step) y \(y)")
                XCTAssertEqual(layout.collapse(ofChild: 1), expected.collapse, "seed \(seed) step \(step) y \(y)")
            }
        }
    }

    /// Within the offset bounds (past them the list's end leaves under a
    /// pinned bar, as under a sticky one): the list starts at or below the
    /// header's bottom, exactly there while it scrolls its own content.
    func testNoScrollChildIsEverHiddenUnderAHeader() throws {
        try forEachSeed(150) { seed, rng in
            var container = try randomContainer(&rng)
            let bounds = container.layout.minOffset...container.layout.maxOffset
            let listHeight = container.snapshot().children[2].size!
            var y = 0.0
            for step in 0..<100 {
                y = clamp(y + Double.random(in: -150...200, using: &rng).rounded(), bounds.lowerBound, bounds.upperBound)
                let layout = try container.apply(.offset(y)).layout
                let bar = layout.child(1), list = layout.child(2)
                guard bar.isVisible, list.isVisible else { continue }
                let barBottom = bar.frame.y + bar.frame.height
                XCTAssertGreaterThanOrEqual(list.frame.y, barBottom - 1e-9, "seed \(seed) step \(step) y \(y)")
                if list.contentOffset.y > 0, list.contentOffset.y < listHeight - list.frame.height {
                    XCTAssertEqual(list.frame.y, barBottom, accuracy: 1e-9, "no gap: seed \(seed) step \(step) y \(y)")
                }
            }
        }
    }
}
