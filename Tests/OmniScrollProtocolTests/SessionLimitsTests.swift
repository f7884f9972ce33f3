import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// The document's promises about sizes and shapes of session params: a
/// `children` array over `--max-children` is -32004 with `data.limit` and
/// `data.value` wherever children are given, and a snapshot must have every
/// member the Snapshot schema requires.
final class SessionLimitsTests: XCTestCase {
    private func call(_ lines: [String], limits: Limits) -> [JSONValue] {
        var connection = makeConnection(limits: limits)
        let result = connection.run(Array(lines.joined(separator: "\n").utf8 + [0x0A]))
        return String(decoding: result.output, as: UTF8.self).split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
    }

    private static let threeChildren = #"[{"id":"a","kind":"fixed","height":1},{"id":"b","kind":"fixed","height":1},{"id":"c","kind":"fixed","height":1}]"#

    func testTooManyChildrenIsLimitExceededEverywhere() throws {
        var limits = Limits()
        limits.maxChildren = 2
        let snapshot = #"{"format":1,"session":"r","delta":false,"viewport":{"width":1,"height":1},"insets":{"top":0,"bottom":0},"options":{"anchoring":true,"seedEvents":true,"refresh":null,"loadMore":null},"children":\#(Self.threeChildren),"offset":0,"phase":"idle","direction":"none","revision":0,"state":{"visible":[],"active":null,"leaving":null,"pinned":[],"refresh":"idle","loadMoreTriggeredAt":null,"loadingMore":false,"pendingTarget":null}}"#
        let replies = call([
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"viewport":{"width":1,"height":1},"children":\#(Self.threeChildren)}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"id":"s","viewport":{"width":1,"height":1},"children":[]}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"session.insertChildren","params":{"session":"s","children":\#(Self.threeChildren)}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"session.restore","params":{"snapshot":\#(snapshot)}}"#,
        ], limits: limits)
        XCTAssertEqual(replies.count, 4)
        for (reply, path) in zip([replies[0], replies[2], replies[3]], ["params.children", "params.children", "params.snapshot.children"]) {
            XCTAssertEqual(reply["error"]?["code"], -32004, reply.compactText)
            XCTAssertEqual(reply["error"]?["data"]?["param"]?.stringValue, path)
            XCTAssertEqual(reply["error"]?["data"]?["limit"], "--max-children")
            XCTAssertEqual(reply["error"]?["data"]?["value"], 2)
        }
    }

    /// Each member the Snapshot schema requires, left out, is named as required.
    func testRestoreRequiresEverySnapshotMember() throws {
        let base = try JSONParser.parse(#"{"format":1,"session":"r","delta":false,"viewport":{"width":1,"height":1},"insets":{"top":0,"bottom":0},"options":{},"children":[],"offset":0,"phase":"idle","direction":"none","revision":0,"state":{"visible":[],"active":null,"leaving":null,"pinned":[],"refresh":"idle","loadMoreTriggeredAt":null,"loadingMore":false,"pendingTarget":null}}"#)
        let state = base["state"]!.objectValue!
        var cases: [(JSONValue, String)] = []
        for member in base.objectValue!.members {
            cases.append((.object(JSONObject(base.objectValue!.members.filter { $0.key != member.key })), "params.snapshot.\(member.key)"))
        }
        for member in state.members {
            var snapshot = base.objectValue!
            snapshot["state"] = .object(JSONObject(state.members.filter { $0.key != member.key }))
            cases.append((.object(snapshot), "params.snapshot.state.\(member.key)"))
        }
        XCTAssertEqual(cases.count, 20)
        for (snapshot, path) in cases {
            var w = JSONWriter()
            w.value(["jsonrpc": "2.0", "id": 1, "method": "session.restore", "params": ["snapshot": snapshot]])
            let reply = try XCTUnwrap(parsed(reply(String(decoding: w.bytes, as: UTF8.self))))
            XCTAssertEqual(reply["error"]?["data"], ["param": .string(path), "reason": "required"], path)
        }
    }
}
