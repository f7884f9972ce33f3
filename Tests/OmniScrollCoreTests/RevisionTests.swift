import XCTest
@testable import OmniScrollCore

/// `revision` counts the change lists that changed anything: one that
/// changes nothing leaves it as it was.
final class RevisionTests: XCTestCase {
    func testAScrollToTheChildAlreadyAtItsTargetLeavesTheRevision() throws {
        var (container, _) = try seedContainer()
        container.must(.scrollToChild("bottom", position: .top, animated: false))
        let revision = container.revision
        let update = container.must(.scrollToChild("bottom", position: .top, animated: false))
        XCTAssertEqual(update.target, ScrollTargetResult(offset: 2000, pending: false))
        XCTAssertFalse(update.didChange)
        XCTAssertEqual(container.revision, revision)
    }

    func testAPendingTargetIsAChangeOnceNotTwice() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.scroll("web", contentHeight: nil), .scroll("list", contentHeight: 3000)])
        let revision = container.revision
        XCTAssertTrue(container.must(.scrollToChild("list", position: .top, animated: false)).didChange)
        XCTAssertEqual(container.revision, revision + 1, "the pending target is state a snapshot keeps")
        XCTAssertFalse(container.must(.scrollToChild("list", position: .top, animated: false)).didChange)
        XCTAssertEqual(container.revision, revision + 1)
    }
}
