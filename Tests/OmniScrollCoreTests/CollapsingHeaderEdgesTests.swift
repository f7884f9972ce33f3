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
