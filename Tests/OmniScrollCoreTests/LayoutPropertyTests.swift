import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// Properties of the solver over thousands of random containers, at offsets
/// inside and beyond the bounds. Every failure message carries the seed.
final class LayoutPropertyTests: XCTestCase {
    static let cases = 2000
    static let tolerance = 1e-6

    /// Runs `body` for `cases` seeds; each case gets its own generator.
    private func forEachCase(_ body: (UInt64, inout SeededGenerator) throws -> Void) rethrows {
        for n in 0..<Self.cases {
            let seed = 0x05C0_0000 + UInt64(n)
            var rng = SeededGenerator(seed: seed)
            try body(seed, &rng)
        }
    }

    private func randomOffset(_ layout: Layout, _ rng: inout SeededGenerator) -> Double {
        let span = layout.maxOffset - layout.minOffset
        return (Double.random(in: (layout.minOffset - 300)...(layout.maxOffset + 300 + span * 0.1), using: &rng) * 4).rounded() / 4
    }

    func testInnerOffsetsStayWithinTheirRange() {
        forEachCase { seed, rng in
            var container = RandomContainerSpec(using: &rng).make()
            for _ in 0..<8 {
                container.must(.offset(randomOffset(container.layout, &rng)))
                let layout = container.layout
                for i in 0..<layout.childCount {
                    let child = layout.child(i)
                    let natural = layout.stack.naturalHeight(i)
                    XCTAssertGreaterThanOrEqual(child.contentOffset.y, 0, "seed \(seed) child \(i)")
                    XCTAssertLessThanOrEqual(child.contentOffset.y, natural - child.frame.height + Self.tolerance, "seed \(seed) child \(i)")
                    XCTAssertLessThanOrEqual(child.frame.height, natural + Self.tolerance, "seed \(seed) child \(i)")
                }
            }
        }
    }

    /// Below the pinned bars, the visible parts of the in-flow frames tile the
    /// viewport ∩ content with no gap and no overlap.
    func testVisibleInFlowFramesMeetWithoutGapsOrOverlaps() {
        forEachCase { seed, rng in
            var container = RandomContainerSpec(using: &rng).make()
            for _ in 0..<8 {
                container.must(.offset(randomOffset(container.layout, &rng)))
                let layout = container.layout
                var pinnedBottom = layout.offset
                for i in 0..<layout.childCount where layout.child(i).isPinned {
                    pinnedBottom = max(pinnedBottom, layout.child(i).frame.maxY)
                }
                let low = max(pinnedBottom, 0)
                let high = min(layout.offset + layout.viewport.height, layout.contentHeight)
                guard high > low else { continue }
                var cursor = low
                for i in 0..<layout.childCount where !layout.child(i).isPinned {
                    let frame = layout.child(i).frame
                    let top = max(frame.y, low)
                    let bottom = min(frame.maxY, high)
                    guard bottom > top else { continue }
                    XCTAssertEqual(top, cursor, accuracy: Self.tolerance, "seed \(seed): gap or overlap before child \(i) at y \(layout.offset)")
                    cursor = bottom
                }
                XCTAssertEqual(cursor, high, accuracy: Self.tolerance, "seed \(seed): the frames stop short at y \(layout.offset)")
            }
        }
    }

    func testMovingByDeltaMovesNothingByMoreThanDelta() {
        forEachCase { seed, rng in
            var container = RandomContainerSpec(using: &rng).make()
            for _ in 0..<6 {
                let before = container.layout
                let delta = (Double.random(in: -400...400, using: &rng) * 4).rounded() / 4
                container.must(.offset(before.offset + delta))
                let after = container.layout
                for i in 0..<after.childCount {
                    let a = before.child(i), b = after.child(i)
                    XCTAssertLessThanOrEqual(abs(b.frame.y - a.frame.y), abs(delta) + Self.tolerance, "seed \(seed) child \(i)")
                    XCTAssertLessThanOrEqual(abs(b.contentOffset.y - a.contentOffset.y), abs(delta) + Self.tolerance, "seed \(seed) child \(i)")
                }
            }
        }
    }

    func testTheSameOffsetGivesTheSameLayoutWhateverCameBefore() {
        forEachCase { seed, rng in
            let spec = RandomContainerSpec(using: &rng)
            var wandering = spec.make()
            for _ in 0..<5 { wandering.must(.offset(randomOffset(wandering.layout, &rng))) }
            // Sizes that change and change back leave no trace either.
            let i = Int.random(in: 0..<spec.children.count, using: &rng)
            let id = spec.children[i].id
            let original = spec.children[i].size ?? 0
            let y = randomOffset(wandering.layout, &rng)
            wandering.must(.size(child: id, original + 0.1))
            wandering.must(.size(child: id, original), .offset(y))
            let fresh = spec.make(offset: y)
            let a = wandering.layout, b = fresh.layout
            XCTAssertEqual(a.offset, b.offset, "seed \(seed)")
            XCTAssertEqual(a.contentView, b.contentView, "seed \(seed)")
            XCTAssertEqual(a.activeIndex, b.activeIndex, "seed \(seed)")
            for c in 0..<a.childCount {
                XCTAssertEqual(a.child(c), b.child(c), "seed \(seed) child \(c)")
            }
        }
    }

    func testWithoutStickyBarsTheLayoutIsTheClosedForm() {
        forEachCase { seed, rng in
            var container = RandomContainerSpec(using: &rng, allowSticky: false).make()
            for _ in 0..<6 {
                let y = randomOffset(container.layout, &rng)
                container.must(.offset(y))
                let layout = container.layout
                var top = 0.0
                for i in 0..<layout.childCount {
                    let natural = layout.stack.naturalHeight(i)
                    let isScroll = layout.childKind(i) == .scroll
                    let h = isScroll ? min(natural, layout.viewport.height) : natural
                    let child = layout.child(i)
                    XCTAssertEqual(child.frame.height, h, "seed \(seed) child \(i)")
                    XCTAssertEqual(child.contentOffset.y, isScroll ? min(max(y - top, 0), natural - h) : 0, "seed \(seed) child \(i)")
                    XCTAssertEqual(child.frame.y, isScroll ? min(max(y, top), top + natural - h) : top, "seed \(seed) child \(i)")
                    top += natural
                }
            }
        }
    }

    /// A child wholly above the viewport changes size: the active child stays
    /// where it is on screen and keeps its inner offset.
    func testAnchoringKeepsTheActiveChildsScreenPosition() {
        var checked = 0
        forEachCase { seed, rng in
            var container = RandomContainerSpec(using: &rng).make()
            container.must(.offset(randomOffset(container.layout, &rng)))
            let layout = container.layout
            guard let active = layout.activeIndex, active > 0 else { return }
            let above = Int.random(in: 0..<active, using: &rng)
            guard layout.stack.naturalTop(above) + layout.stack.naturalHeight(above) <= layout.offset,
                  layout.childKind(above) != .sticky else { return }
            let before = layout.child(active)
            let newSize = (Double.random(in: 0...3000, using: &rng) * 4).rounded() / 4
            let update = container.must(.size(child: layout.childID(above), newSize))
            let after = container.layout.child(active)
            XCTAssertEqual(update.anchorShift, newSize - layout.stack.naturalHeight(above), "seed \(seed)")
            XCTAssertEqual(after.frame.y - container.offset, before.frame.y - layout.offset, accuracy: Self.tolerance, "seed \(seed)")
            XCTAssertEqual(after.contentOffset.y, before.contentOffset.y, accuracy: Self.tolerance, "seed \(seed)")
            XCTAssertEqual(container.layout.activeIndex, active, "seed \(seed)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100, "the generator must reach this case often")
    }

    func testEqualInputsGiveEqualOutputs() {
        forEachCase { seed, rng in
            let spec = RandomContainerSpec(using: &rng)
            var a = spec.make(), b = spec.make()
            for _ in 0..<6 {
                let y = randomOffset(a.layout, &rng)
                let phase = ScrollPhase.allCases.randomElement(using: &rng)!
                let beforeA = a.layout, beforeB = b.layout
                let ua = a.must(.offset(y), .phase(phase)), ub = b.must(.offset(y), .phase(phase))
                XCTAssertEqual(ua.events, ub.events, "seed \(seed)")
                XCTAssertEqual(ua.changedChildren(since: beforeA), ub.changedChildren(since: beforeB), "seed \(seed)")
            }
            XCTAssertEqual(a.snapshot(), b.snapshot(), "seed \(seed)")
        }
    }

    /// A scroll tick that changes nothing visible skips the lifecycle's full
    /// pass; it must emit what the full pass would. A container restored from
    /// a snapshot has no cached indices, so its next tick is a full pass.
    func testOneChangeAppliesAsAListOfIt() throws {
        try forEachCase { seed, rng in
            var single = RandomContainerSpec(using: &rng).make()
            var listed = single
            for step in 0..<6 {
                let change: ContainerChange = step % 3 == 2
                    ? .phase(ScrollPhase.allCases.randomElement(using: &rng)!)
                    : .offset(randomOffset(single.layout, &rng))
                let a = try single.apply(change), b = try listed.apply([change])
                XCTAssertEqual(a.events, b.events, "seed \(seed) step \(step)")
                XCTAssertEqual(a.layout.offset, b.layout.offset, "seed \(seed) step \(step)")
                XCTAssertEqual(single.snapshot(), listed.snapshot(), "seed \(seed) step \(step)")
            }
        }
    }

    func testScrollTicksEmitWhatAFullPassEmits() throws {
        try forEachCase { seed, rng in
            var container = RandomContainerSpec(using: &rng).make()
            for step in 0..<12 {
                let y = step % 4 == 0
                    ? randomOffset(container.layout, &rng)
                    : container.layout.offset + Double(Int.random(in: -60...60, using: &rng))
                var changes: [ContainerChange] = [.offset(y)]
                if step % 5 == 0 { changes.append(.phase(ScrollPhase.allCases.randomElement(using: &rng)!)) }
                var fullPass = try Container(restoring: container.snapshot())
                let tick = try container.apply(changes), full = try fullPass.apply(changes)
                XCTAssertEqual(tick.events, full.events, "seed \(seed) step \(step)")
                XCTAssertEqual(container.snapshot(), fullPass.snapshot(), "seed \(seed) step \(step)")
            }
        }
    }

    /// The O(log n) lookups agree with a scan of every child.
    func testVisibleAndActiveChildrenMatchAFullScan() {
        forEachCase { seed, rng in
            var container = RandomContainerSpec(using: &rng).make()
            for _ in 0..<6 {
                container.must(.offset(randomOffset(container.layout, &rng)))
                let layout = container.layout
                let visible = (0..<layout.childCount).filter { layout.child($0).isVisible }
                XCTAssertEqual(layout.visibleIndices, visible, "seed \(seed) at y \(layout.offset)")
                var line = layout.offset
                for i in 0..<layout.childCount where layout.child(i).isPinned {
                    line = max(line, layout.child(i).frame.maxY)
                }
                var expected = layout.contentHeight == 0 || line < 0 ? 0 : layout.childCount - 1
                if layout.contentHeight > 0, line >= 0 {
                    for i in 0..<layout.childCount {
                        let top = layout.stack.naturalTop(i), height = layout.stack.naturalHeight(i)
                        if height > 0, line < top + height { expected = i; break }
                    }
                }
                XCTAssertEqual(layout.activeIndex, expected, "seed \(seed) at y \(layout.offset)")
            }
        }
    }

    /// Delta replies list exactly the children whose layout changed.
    func testChangedChildrenAreExactlyTheOnesThatChanged() {
        forEachCase { seed, rng in
            var container = RandomContainerSpec(using: &rng).make()
            for _ in 0..<6 {
                let before = container.layout
                let update = container.must(.offset(randomOffset(before, &rng)))
                let changed = update.changedChildren(since: before)
                let expected = (0..<before.childCount).filter {
                    !before.child($0).reportsSame(as: update.layout.child($0))
                }
                XCTAssertEqual(changed, expected, "seed \(seed)")
            }
        }
    }
}
