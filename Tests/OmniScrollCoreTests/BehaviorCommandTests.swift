import XCTest
@testable import OmniScrollCore

/// Commands are the behaviors' own types, carried by one `ContainerChange` case.
final class BehaviorCommandTests: XCTestCase {
    /// A command no Core enum lists, as a new behavior's file would declare it.
    private struct Poke: BehaviorCommand, Equatable {
        var child: String?
    }

    func testACommandNamingAnUnknownChildIsRefusedAtChild() throws {
        var (container, _) = try seedContainer()
        let revision = container.revision
        XCTAssertThrowsError(try container.apply([.offset(10), .command(Poke(child: "nope"))])) { error in
            let error = error as? ContainerError
            XCTAssertEqual(error?.kind, .unknownChild)
            XCTAssertEqual(error?.change, 1)
            XCTAssertEqual(error?.field, "child")
        }
        XCTAssertEqual(container.revision, revision, "nothing applied")
    }

    /// A command that checks its arguments against the children (as a pager's commands do).
    private struct Visit: BehaviorCommand, Equatable {
        var page: String
        func validate(against children: CommandChildren, change: Int) throws(ContainerError) {
            guard children.pager(ofPage: page) != nil else {
                throw ContainerError(.invalidValue, change: change, field: "page", reason: "no pager page '\(page)'")
            }
        }
    }

    func testACommandsOwnCheckRefusesTheListBeforeAnythingApplies() throws {
        var (container, _) = try seedContainer()
        let revision = container.revision
        XCTAssertThrowsError(try container.apply([.offset(10), .command(Visit(page: "nope"))])) { error in
            let error = error as? ContainerError
            XCTAssertEqual(error?.kind, .invalidValue)
            XCTAssertEqual(error?.change, 1)
            XCTAssertEqual(error?.field, "page")
        }
        XCTAssertEqual(container.revision, revision, "nothing applied")
    }

    func testACommandNoBehaviorTakesChangesNothing() throws {
        var (container, _) = try seedContainer()
        XCTAssertFalse(container.must(.command(Poke(child: nil))).didChange)
    }

    func testCommandsCompareByTypeAndArguments() {
        XCTAssertEqual(ContainerChange.scrollToChild("a", position: .top, animated: false),
                       .command(ScrollToChild("a", position: .top, animated: false)))
        XCTAssertNotEqual(ContainerChange.scrollToChild("a", position: .top, animated: false),
                          .scrollToChild("a", position: .center, animated: false))
        XCTAssertNotEqual(ContainerChange.endRefreshing, .endLoadingMore)
        XCTAssertNotEqual(ContainerChange.command(Poke(child: "a")), .command(Poke(child: nil)))
    }
}
