import XCTest
@testable import OmniScrollCore

/// `page`: exactly one viewport tall, following viewport changes.
final class PageChildTests: XCTestCase {
    func testAPageIsOneViewportTallAndFollowsTheViewport() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800), children: [.page("a"), .fixed("b", height: 50), .page("c")])
        XCTAssertEqual(container.child("a").frame.height, 800)
        XCTAssertEqual(container.child("c").frame.y, 850)
        XCTAssertEqual(container.layout.contentHeight, 1650)
        container.must(.viewport(Viewport(width: 375, height: 600)))
        XCTAssertEqual(container.child("a").frame.height, 600)
        XCTAssertEqual(container.child("c").frame.y, 650)
        XCTAssertEqual(container.layout.contentHeight, 1250)
        XCTAssertNil(container.snapshot().children[0].size, "a page's height is never declared")
    }

    func testAPageTakesNoHeight() throws {
        XCTAssertThrowsError(try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [ChildSpec(id: "a", size: 800, payload: .page)])) { error in
            XCTAssertEqual((error as? ContainerError)?.field.description, "children[0].height")
        }
        var (container, _) = try Container.create(viewport: Viewport(width: 375, height: 800), children: [.page("a")])
        XCTAssertThrowsError(try container.apply(.size(child: "a", 100)))
    }
}
