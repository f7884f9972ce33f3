import XCTest
@testable import OmniScrollCore

/// The offset at its bound, ±1e24 (issue 26, the contract soak's
/// snapshotRoundTrip): what the engine does to an offset the client put
/// there never carries it past the bound, so the snapshot restores.
final class OffsetBoundEdgesTests: XCTestCase {
    func testAnAnchoringShiftStopsAtTheBound() throws {
        var container = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("above", height: 100), .scroll("list", contentHeight: 3000)], offset: Bounds.maxOffset).0
        container.must(.size(child: "above", 1e12))
        XCTAssertEqual(container.layout.offset, Bounds.maxOffset)
        XCTAssertEqual(try Container(restoring: container.snapshot()).snapshot(), container.snapshot())
    }
}
