import XCTest
@testable import OmniScrollCore

/// `visibleHeight` never exceeds the child's frame nor the viewport (issue
/// 26, finding 6): `(o + 800) − o` rounds to 800.0000000000001 at 251 of
/// the offsets `k · 0.37` below 740.
final class VisibleHeightEdgesTests: XCTestCase {
    func testVisibleHeightStaysWithinTheFrameAndTheViewportAtEveryOffset() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("tall", height: 2000), .scroll("list", contentHeight: 5000),
                       .collapsing("bar", maxHeight: 200, minHeight: 50), .scroll("rest", contentHeight: 3000)])
        var exceeded = 0
        for k in 0..<2000 {
            let layout = container.must(.offset(Double(k) * 0.37)).layout
            for i in 0..<4 {
                let child = layout.child(i)
                if child.visibleHeight > child.frame.height || child.visibleHeight > 800 { exceeded += 1 }
            }
        }
        XCTAssertEqual(exceeded, 0)
    }
}
