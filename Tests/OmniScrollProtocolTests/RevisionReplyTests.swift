import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// `revision` counts the calls that changed a session, creating it the
/// first (docs/protocol.md, Layout): both engines answer 1 to their create
/// (issue 26, finding 7: `grid.create` answered 0).
final class RevisionReplyTests: XCTestCase {
    func testBothEnginesCountTheirCreateAsTheFirstChange() throws {
        let lines = replies([
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"c","viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"fixed","height":1}]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"grid.create","params":{"id":"g","viewport":{"width":375,"height":800},"tile":{"width":100,"height":100}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"grid.scroll","params":{"session":"g","x":49900,"y":49900}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"session.list"}"#,
        ])
        let revisions = try lines.prefix(3).map { try XCTUnwrap(parsed($0)?["result"]?["revision"]?.doubleValue, $0) }
        XCTAssertEqual(revisions, [1, 1, 2])
        let listed = try XCTUnwrap(parsed(lines[3])?["result"]?["sessions"]?.arrayValue, lines[3])
        XCTAssertEqual(listed.compactMap { $0["revision"]?.doubleValue }, [1, 2])
    }
}
