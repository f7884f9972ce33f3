import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// `session.restore` refuses a snapshot whose behavior state contradicts its
/// children, options or layout: -32602 naming the member under
/// `params.snapshot.state`, and no session is added.
final class SnapshotRestoreValidationTests: XCTestCase {
    private func run(_ calls: [String]) -> [JSONValue] {
        var d = Dispatcher(registry: .worker(), state: WorkerState(logger: Logger(fd: -1)))
        return calls.enumerated().map { i, call in
            parsed(d.handle(#"{"jsonrpc":"2.0","id":\#(i),"method":\#(call)}"#)) ?? .null
        }
    }

    private static let create = #""session.create","params":{"id":"a","viewport":{"width":100,"height":100},"children":[{"id":"top","kind":"fixed","height":50},{"id":"list","kind":"scroll"}]}"#

    /// Restores `a`'s snapshot as `b` with `state.<member>` replaced by `value`.
    private func restoreDoctored(_ member: String, _ value: JSONValue) throws -> [JSONValue] {
        let snapshot = try XCTUnwrap(run([Self.create, #""session.snapshot","params":{"session":"a"}"#])[1]["result"]?.objectValue)
        var doctored = snapshot
        var state = try XCTUnwrap(snapshot["state"]?.objectValue)
        state[member] = value
        doctored["state"] = .object(state)
        var w = JSONWriter()
        w.value(.object(doctored))
        return run([Self.create,
                    #""session.restore","params":{"id":"b","snapshot":\#(String(decoding: w.bytes, as: UTF8.self))}"#,
                    #""session.list""#])
    }

    private func assertRefused(_ member: String, _ value: JSONValue, param: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let replies = try restoreDoctored(member, value)
        XCTAssertEqual(replies[1]["error"]?["code"], -32602, file: file, line: line)
        XCTAssertEqual(replies[1]["error"]?["data"]?["param"]?.stringValue, param, file: file, line: line)
        XCTAssertEqual(replies[2]["result"]?["sessions"]?.arrayValue?.map { $0["id"] }, ["a"], "no session added",
                       file: file, line: line)
    }

    func testAVisibleChildThatDoesNotExist() throws {
        try assertRefused("visible", ["top", "ghost"], param: "params.snapshot.state.visible")
    }

    func testRefreshingWithRefreshOff() throws {
        try assertRefused("refresh", "refreshing", param: "params.snapshot.state.refresh")
    }

    func testAPinnedScrollChild() throws {
        try assertRefused("pinned", ["list"], param: "params.snapshot.state.pinned")
    }

    func testAPendingTargetNamingAMissingChild() throws {
        try assertRefused("pendingTarget", ["child": "ghost", "position": "top"], param: "params.snapshot.state.pendingTarget.child")
    }

    func testTheFaithfulSnapshotRestores() throws {
        let replies = try restoreDoctored("refresh", "idle")
        XCTAssertNil(replies[1]["error"], replies[1].compactText)
        XCTAssertEqual(replies[2]["result"]?["sessions"]?.arrayValue?.map { $0["id"] }, ["a", "b"])
    }
}
