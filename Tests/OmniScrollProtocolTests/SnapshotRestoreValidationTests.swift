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

    /// Session `a`'s snapshot in format 1, as a worker of that format wrote it.
    private static let format1Snapshot = #"{"format":1,"engine":"container","session":"a","delta":false,"viewport":{"width":100,"height":100},"insets":{"top":0,"bottom":0},"options":{"seedEvents":true,"anchoring":true,"refresh":null,"loadMore":null},"children":[{"id":"top","kind":"fixed","height":50},{"id":"list","kind":"scroll","contentHeight":null}],"offset":0,"phase":"idle","direction":"none","revision":1,"state":{"visible":["top"],"active":"top","leaving":null,"pinned":[],"refresh":"idle","loadMoreTriggeredAt":null,"loadingMore":false,"pendingTarget":null}}"#

    /// Restores `a`'s snapshot (the live one, or `format1Snapshot`) as `b`
    /// with member `part` of its `state` replaced by `value`.
    private func restoreDoctored(_ part: String, _ value: JSONValue, format1: Bool = false) throws -> [JSONValue] {
        let snapshot = try XCTUnwrap(format1 ? JSONParser.parse(Self.format1Snapshot).objectValue
            : run([Self.create, #""session.snapshot","params":{"session":"a"}"#])[1]["result"]?.objectValue)
        var doctored = snapshot
        var state = try XCTUnwrap(snapshot["state"]?.objectValue)
        state[part] = value
        doctored["state"] = .object(state)
        var w = JSONWriter()
        w.value(.object(doctored))
        return run([Self.create,
                    #""session.restore","params":{"id":"b","snapshot":\#(String(decoding: w.bytes, as: UTF8.self))}"#,
                    #""session.list""#])
    }

    private func assertRefused(_ part: String, _ value: JSONValue, format1: Bool = false, param: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let replies = try restoreDoctored(part, value, format1: format1)
        XCTAssertEqual(replies[1]["error"]?["code"], -32602, file: file, line: line)
        XCTAssertEqual(replies[1]["error"]?["data"]?["param"]?.stringValue, param, file: file, line: line)
        XCTAssertEqual(replies[2]["result"]?["sessions"]?.arrayValue?.map { $0["id"] }, ["a"], "no session added",
                       file: file, line: line)
    }

    func testAVisibleChildThatDoesNotExist() throws {
        try assertRefused("visible", ["top", "ghost"], format1: true, param: "params.snapshot.state.visible")
    }

    /// Format 2 derives what the layout determines: it is not a member.
    func testAFormat2SnapshotStoresNoDerivedState() throws {
        try assertRefused("visible", ["top", "list"], param: "params.snapshot.state.visible")
    }

    func testRefreshingWithRefreshOff() throws {
        try assertRefused("refresh", "refreshing", param: "params.snapshot.state.refresh")
        try assertRefused("refresh", "refreshing", format1: true, param: "params.snapshot.state.refresh")
    }

    func testAPinnedScrollChild() throws {
        try assertRefused("pinned", ["list"], format1: true, param: "params.snapshot.state.pinned")
    }

    func testAPendingTargetNamingAMissingChild() throws {
        try assertRefused("target", ["pending": ["child": "ghost", "position": "top"]],
                          param: "params.snapshot.state.target.pending.child")
        try assertRefused("pendingTarget", ["child": "ghost", "position": "top"], format1: true,
                          param: "params.snapshot.state.pendingTarget.child")
    }

    func testLoadingBeforeLoadMoreTriggered() throws {
        try assertRefused("loadMore", ["triggeredAt": nil, "loading": true], param: "params.snapshot.state.loadMore.loading")
        try assertRefused("loadingMore", true, format1: true, param: "params.snapshot.state.loadingMore")
    }

    func testAPartOfTheWrongShape() throws {
        try assertRefused("loadMore", ["triggeredAt": "soon", "loading": false], param: "params.snapshot.state.loadMore.triggeredAt")
        try assertRefused("target", [:], param: "params.snapshot.state.target.pending")
    }

    func testTheFaithfulFormat1SnapshotRestores() throws {
        let replies = try restoreDoctored("refresh", "idle", format1: true)
        XCTAssertNil(replies[1]["error"], replies[1].compactText)
    }

    func testTheFaithfulSnapshotRestores() throws {
        let replies = try restoreDoctored("refresh", "idle")
        XCTAssertNil(replies[1]["error"], replies[1].compactText)
        XCTAssertEqual(replies[2]["result"]?["sessions"]?.arrayValue?.map { $0["id"] }, ["a", "b"])
    }
}
