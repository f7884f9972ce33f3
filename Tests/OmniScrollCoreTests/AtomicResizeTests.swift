import XCTest
@testable import OmniScrollCore

/// The size changes of one list are one change: anchored against the layout
/// before the list, whatever their order and whatever comes before them.
final class AtomicResizeTests: XCTestCase {
    private func profile() throws -> Container {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 812),
            children: [.fixed("header", height: 260), .sticky("seg", height: 44),
                       .scroll("posts", contentHeight: 500_000), .scroll("likes", contentHeight: 0)])
        container.must(.offset(3260))
        return container
    }

    func testTheOrderOfTheSizesDoesNotMatter() throws {
        var a = try profile(), b = try profile()
        let ua = a.must(.size(child: "posts", 0), .size(child: "likes", 8000))
        let ub = b.must(.size(child: "likes", 8000), .size(child: "posts", 0))
        XCTAssertEqual(a.snapshot(), b.snapshot())
        XCTAssertEqual(ua.events, ub.events)
        XCTAssertEqual(a.offset, 3260)
        XCTAssertEqual(ua.anchorShift, 0)
        XCTAssertGreaterThan(a.child("likes").visibleHeight, 0)
    }

    func testAChangeBeforeTheSizesDoesNotStopTheAnchoring() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(3000))
        let update = container.must(.viewport(Viewport(width: 375, height: 700)), .insets(Insets(top: 10, bottom: 100)),
                                    .size(child: "top", 2500))
        XCTAssertEqual(update.anchorShift, 500)
        XCTAssertEqual(container.offset, 3500)
    }
}
