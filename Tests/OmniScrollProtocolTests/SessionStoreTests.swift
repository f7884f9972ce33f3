import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// Sessions keep their own engines whatever is destroyed around them, and
/// snapshots name their engine.
final class SessionStoreTests: XCTestCase {
    private func run(_ calls: [String]) -> [JSONValue] {
        var d = Dispatcher(registry: .worker(), state: WorkerState(logger: Logger(fd: -1)))
        return calls.enumerated().map { i, call in
            parsed(d.handle(#"{"jsonrpc":"2.0","id":\#(i),"method":\#(call)}"#)) ?? .null
        }
    }

    private static func create(_ id: String, height: Int) -> String {
        #""session.create","params":{"id":"\#(id)","viewport":{"width":100,"height":100},"children":[{"id":"\#(id)-child","kind":"fixed","height":\#(height)}]}"#
    }

    func testDestroyingASessionLeavesTheOthersTheirEngines() {
        let replies = run([
            Self.create("a", height: 1000), Self.create("b", height: 2000), Self.create("c", height: 3000),
            #""session.destroy","params":{"session":"a"}"#,
            #""session.scroll","params":{"session":"b","offset":50}"#,
            #""session.scroll","params":{"session":"c","offset":60}"#,
            #""session.list""#,
            #""session.destroy","params":{"session":"c"}"#,
            #""session.get","params":{"session":"b"}"#,
        ])
        XCTAssertEqual(replies[4]["result"]?["contentHeight"], 2000)
        XCTAssertEqual(replies[5]["result"]?["contentHeight"], 3000)
        XCTAssertEqual(replies[5]["result"]?["children"]?[0]?["id"], "c-child")
        XCTAssertEqual(replies[6]["result"]?["sessions"]?.arrayValue?.map { [$0["id"], $0["engine"]] },
                       [["b", "container"], ["c", "container"]])
        XCTAssertEqual(replies[8]["result"]?["offset"], 50)
        XCTAssertEqual(replies[8]["result"]?["children"]?[0]?["id"], "b-child")
    }

    func testSnapshotsNameTheirEngine() throws {
        let replies = run([Self.create("a", height: 1000), #""session.snapshot","params":{"session":"a"}"#])
        let snapshot = try XCTUnwrap(replies[1]["result"]?.objectValue)
        XCTAssertEqual(snapshot.keys.prefix(4), ["format", "engine", "session", "delta"])
        XCTAssertEqual(snapshot["engine"], "container")
        var unknown = snapshot
        unknown["engine"] = "pager"
        var w = JSONWriter()
        w.value(.object(unknown))
        let restored = run([#""session.restore","params":{"snapshot":\#(String(decoding: w.bytes, as: UTF8.self))}"#])
        XCTAssertEqual(restored[0]["error"]?["data"], ["param": "params.snapshot.engine", "reason": "must be one of container, grid"])
    }
}
