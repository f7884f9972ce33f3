import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A session id is 1 to 256 characters and at most 256 UTF-8 bytes
/// (docs/protocol.md, Params; issue 26, finding 8: 256 two-byte characters
/// were accepted).
final class SessionIDTests: XCTestCase {
    private func create(_ method: String, id: String) -> String {
        let params = method == "grid.create"
            ? #""viewport":{"width":375,"height":800},"tile":{"width":100,"height":100}"#
            : #""viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"fixed","height":1}]"#
        return #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":{"id":"\#(id)",\#(params)}}"#
    }

    func testAnIdOverItsByteBoundIsRefusedByName() throws {
        for method in ["session.create", "grid.create"] {
            let long = String(repeating: "é", count: 129)  // 258 bytes, 129 characters
            let lines = replies([create(method, id: long), #"{"jsonrpc":"2.0","id":2,"method":"session.list"}"#])
            XCTAssertEqual(parsed(lines[0])?["error"]?["code"]?.doubleValue, -32602, lines[0])
            XCTAssertEqual(parsed(lines[0])?["error"]?["data"]?["param"]?.stringValue, "params.id", lines[0])
            XCTAssertEqual(parsed(lines[1])?["result"]?["sessions"]?.arrayValue?.count, 0, lines[1])
            let atBound = replies([create(method, id: String(repeating: "é", count: 128))])[0]
            XCTAssertNotNil(parsed(atBound)?["result"], atBound)
        }
    }

    func testARestoredSnapshotsIdOverItsByteBoundIsRefused() throws {
        let lines = replies([
            create("session.create", id: "s"),
            #"{"jsonrpc":"2.0","id":2,"method":"session.snapshot","params":{"session":"s"}}"#,
        ])
        let result = try XCTUnwrap(lines[1].range(of: #""result":"#), lines[1])
        let snapshot = String(lines[1][result.upperBound...].dropLast())
            .replacingOccurrences(of: #""session":"s""#, with: #""session":"\#(String(repeating: "€", count: 86))""#)  // 258 bytes
        let reply = replies([#"{"jsonrpc":"2.0","id":3,"method":"session.restore","params":{"snapshot":\#(snapshot)}}"#])[0]
        XCTAssertEqual(parsed(reply)?["error"]?["data"]?["param"]?.stringValue, "params.snapshot.session", reply)
    }
}
