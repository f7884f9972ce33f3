import XCTest
@testable import OmniScrollCore

/// Collapsing headers far along (issue 26, finding 3): a header carried
/// 2e12 past its pin line writes that in `state.headerScroll`, and what it
/// writes it restores (the part's bound is an offset's, 0…1e24).
final class CollapsingHeaderEdgesTests: XCTestCase {
    func testAHeaderScrolledFarAlongRestoresFromItsOwnSnapshot() throws {
        for mode in CollapsingChild.Mode.allCases {
            var container = try Container.create(
                viewport: Viewport(width: 375, height: 800),
                children: [.collapsing("bar", maxHeight: 200, minHeight: 50, mode: mode)]
                    + (0..<3).map { .scroll("list\($0)", contentHeight: 1e12) }).0
            container.must(.offset(1e12))
            container.must(.offset(2e12))
            let snapshot = container.snapshot()
            XCTAssertEqual(snapshot.state["headerScroll"]?.numbers?.first ?? 0, 2e12, accuracy: 1, "\(mode)")
            var restored = try Container(restoring: snapshot)
            XCTAssertEqual(restored.snapshot(), snapshot, "\(mode)")
            XCTAssertEqual(restored.must(.offset(1.5e12)).layout.child(0), container.must(.offset(1.5e12)).layout.child(0), "\(mode)")
        }
    }

    func testAHeaderOffsetPastTheBoundIsRefused() throws {
        let container = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.collapsing("bar", maxHeight: 200, minHeight: 50, mode: .floating), .scroll("list", contentHeight: 3000)]).0
        var snapshot = container.snapshot()
        snapshot.state["headerScroll"] = .array([.number(2e24)])
        XCTAssertThrowsError(try Container(restoring: snapshot)) { error in
            XCTAssertEqual((error as! ContainerError).field, FieldPath("state").member("headerScroll").index(0))
        }
    }

    /// A size below the header's minHeight would leave a header its own
    /// snapshot cannot restore (issue 26, the soak's snapshotRoundTrip): it
    /// is refused as at creation, and changes nothing.
    func testAMaxHeightBelowTheMinHeightIsRefused() throws {
        var container = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.collapsing("bar", maxHeight: 200, minHeight: 50), .scroll("list", contentHeight: 3000)]).0
        let before = container.snapshot()
        for size in [0, 2.2250738585072014e-308, 49.999] {
            XCTAssertThrowsError(try container.apply(.size(child: "bar", size))) { error in
                let error = error as! ContainerError
                XCTAssertEqual(error.field, FieldPath("contentHeight"), "\(size)")
                XCTAssertEqual(error.reason, "must not be less than the collapsing child's minHeight (50)")
            }
            XCTAssertEqual(container.snapshot(), before, "\(size)")
        }
        container.must(.size(child: "bar", 50))
        XCTAssertNoThrow(try Container(restoring: container.snapshot()))
    }

    /// A header whose pin line is 1e12 below its natural top (under a
    /// sticky bar pinned 1e12 down), at an offset of 1e24, is carried
    /// 1e24 + 1e12 past it: the part holds at most an offset's bound
    /// (the contract soak's snapshotRoundTrip).
    func testAHeaderCarriedPastTheOffsetBoundWritesTheBound() throws {
        for mode in CollapsingChild.Mode.allCases {
            var container = try Container.create(
                viewport: Viewport(width: 375, height: 800),
                children: [.sticky("bar", height: 1e12, pinOffset: 1e12), .collapsing("header", maxHeight: 200, minHeight: 50, mode: mode),
                           .scroll("list", contentHeight: 3000)]).0
            container.must(.offset(Bounds.maxOffset))
            let snapshot = container.snapshot()
            XCTAssertEqual(snapshot.state["headerScroll"]?.numbers ?? [Bounds.maxOffset], [Bounds.maxOffset], "\(mode)")
            XCTAssertEqual(try Container(restoring: snapshot).snapshot(), snapshot, "\(mode)")
        }
    }

    /// Issue 26, finding 6: at offset 1e24 the pin line and the effective
    /// offset are both 1e24, and their sum lost the 200-point header's place.
    func testAHeaderScrolledAwayFarAlongStaysWhereItLeft() throws {
        for mode in [CollapsingChild.Mode.scroll, .floating] {
            var container = try Container.create(
                viewport: Viewport(width: 375, height: 800),
                children: [.scroll("above", contentHeight: 300),
                           .collapsing("bar", maxHeight: 200, minHeight: 50, mode: mode),
                           .scroll("list", contentHeight: 3000)]).0
            for offset in [1e15, 3.5e21, 1e24] {
                let bar = container.must(.offset(offset)).layout.child(1)
                XCTAssertEqual(bar.frame.y, 450, "\(mode) at \(offset)")
                XCTAssertEqual(bar.frame.height, 50, "\(mode) at \(offset)")
            }
        }
    }
}
