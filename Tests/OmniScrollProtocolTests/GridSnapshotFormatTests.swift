import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A grid's snapshot has one format, 1 (docs/protocol.md, GridSnapshot);
/// any other, or none, is -32602 at `params.snapshot.format` and adds no
/// session (issue 26, finding 8: 2, null, 1.5, 1e400 and a missing format restored).
final class GridSnapshotFormatTests: XCTestCase {
    func testAGridSnapshotOfAnotherFormatIsRefused() throws {
        let lines = replies([
            #"{"jsonrpc":"2.0","id":1,"method":"grid.create","params":{"id":"g","viewport":{"width":375,"height":800},"tile":{"width":100,"height":100}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.snapshot","params":{"session":"g"}}"#,
        ])
        let result = try XCTUnwrap(lines[1].range(of: #""result":"#), lines[1])
        let snapshot = String(lines[1][result.upperBound...].dropLast())
        XCTAssertTrue(snapshot.hasPrefix(#"{"format":1,"#), snapshot)
        for format in [#""format":2,"#, #""format":null,"#, #""format":1.5,"#, #""format":1e400,"#, #""format":"1","#, ""] {
            let doctored = snapshot.replacingOccurrences(of: #""format":1,"#, with: format)
            let reply = replies([#"{"jsonrpc":"2.0","id":3,"method":"session.restore","params":{"id":"r","snapshot":\#(doctored)}}"#,
                                 #"{"jsonrpc":"2.0","id":4,"method":"session.list"}"#])
            XCTAssertEqual(parsed(reply[0])?["error"]?["data"]?["param"]?.stringValue, "params.snapshot.format", "\(format): \(reply[0])")
            XCTAssertEqual(parsed(reply[1])?["result"]?["sessions"]?.arrayValue?.count, 0, reply[1])
        }
        let faithful = replies([#"{"jsonrpc":"2.0","id":3,"method":"session.restore","params":{"id":"r","snapshot":\#(snapshot)}}"#])[0]
        XCTAssertNotNil(parsed(faithful)?["result"], faithful)
    }
}
