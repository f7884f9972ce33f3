import XCTest
@testable import OmniScrollCore

/// The offset at the edges (issue 26, the contract soak): what the engine
/// does to an offset the client put at ±1e24 never carries it past that
/// bound, so the snapshot restores (snapshotRoundTrip); a clamp into a
/// range lands exactly on its bound (restInRange).
final class OffsetEdgesTests: XCTestCase {
    func testAnAnchoringShiftStopsAtTheBound() throws {
        var container = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("above", height: 100), .scroll("list", contentHeight: 3000)], offset: Bounds.maxOffset).0
        container.must(.size(child: "above", 1e12))
        XCTAssertEqual(container.layout.offset, Bounds.maxOffset)
        XCTAssertEqual(try Container(restoring: container.snapshot()).snapshot(), container.snapshot())
    }

    /// −2893.91 + (2893.91 − 604.65) rounds to 3e-13 below −604.65.
    func testAClampLandsExactlyOnTheBound() throws {
        var container = try Container.create(
            viewport: Viewport(width: 375, height: 800), insets: Insets(top: 2893.9104953166093, bottom: 0),
            children: [.scroll("list", contentHeight: 862.2155548066585)], offset: -2893.9104953166093).0
        let layout = container.must(.insets(Insets(top: 604.6545186181731, bottom: 0))).layout
        XCTAssertEqual(layout.offset, layout.minOffset)
        XCTAssertEqual(layout.offset, -604.6545186181731)
    }
}
