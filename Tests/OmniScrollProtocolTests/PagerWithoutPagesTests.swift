import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A pager child must have `pages` (docs/protocol.md, `ChildSpec`). The
/// shared child schema declares it optional, because no other kind takes it,
/// so the pager's own decoding checks it: before, it read `pages` as a
/// required member and stopped the worker on a precondition.
final class PagerWithoutPagesTests: XCTestCase {
    func testAPagerWithoutPagesIsAnErrorAndTheWorkerCarriesOn() throws {
        let lines = replies([
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[{"id":"t","kind":"pager"}]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.list"}"#,
        ])
        XCTAssertEqual(lines.count, 2)
        let error = try XCTUnwrap(parsed(lines.first)?["error"])
        XCTAssertEqual(error["code"]?.doubleValue, -32602)
        XCTAssertEqual(error["data"]?["param"]?.stringValue, "params.children[0].pages")
        XCTAssertEqual(error["data"]?["reason"]?.stringValue, "required for a pager child")
        XCTAssertEqual(parsed(lines.last)?["result"]?["sessions"]?.arrayValue?.count, 0)
    }
}
