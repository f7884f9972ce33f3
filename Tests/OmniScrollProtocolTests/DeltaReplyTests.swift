import OmniScrollJSON
import XCTest

/// A delta session's replies list only the children whose frame, content
/// offset or visible height changed since the previous reply.
final class DeltaReplyTests: XCTestCase {
    private static let create = #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"d","viewport":{"width":375,"height":800},"children":[{"id":"header","kind":"fixed","height":300},{"id":"tabs","kind":"sticky","height":44},{"id":"list","kind":"scroll","contentHeight":3000},{"id":"footer","kind":"fixed","height":100}],"options":{"delta":true}}}"#

    private func listed(after requests: [String]) throws -> [String] {
        let last = try XCTUnwrap(parsed(replies([Self.create] + requests).last)?["result"])
        return try XCTUnwrap(last["children"]?.arrayValue).compactMap { $0["id"]?.stringValue }
    }

    func testASizeChangeBelowTheViewportListsOnlyThatChild() throws {
        XCTAssertEqual(try listed(after: [#"{"jsonrpc":"2.0","id":2,"method":"session.setContentHeight","params":{"session":"d","child":"footer","contentHeight":150}}"#]),
                       ["footer"])
    }

    func testAStickyBarThatPinsWhereItStoodIsNotListed() throws {
        XCTAssertEqual(try listed(after: [
            #"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"d","offset":200}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"session.scroll","params":{"session":"d","offset":300}}"#,
        ]), ["header", "list"])
    }

    func testAnInsertListsTheNewChildAndTheOnesItMoved() throws {
        XCTAssertEqual(try listed(after: [
            #"{"jsonrpc":"2.0","id":2,"method":"session.insertChildren","params":{"session":"d","children":[{"id":"ad","kind":"fixed","height":50}],"index":4}}"#,
        ]), ["ad"], "nothing above the new last child moved")
    }

    func testAViewportChangeListsTheChildrenItResized() throws {
        XCTAssertEqual(try listed(after: [
            #"{"jsonrpc":"2.0","id":2,"method":"session.setViewport","params":{"session":"d","width":375,"height":900}}"#,
        ]), ["list"], "the list's frame grows; the header, bar and footer keep theirs")
    }
}
