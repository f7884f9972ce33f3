import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// Snapshots a worker of format 1 wrote still restore: each restored session
/// answers every later call exactly as the live session it was taken from.
final class SnapshotFormat1Tests: XCTestCase {
    /// How sessions `a` (a sticky bar pinned, refreshing, loading more,
    /// dragging down) and `b` (a scroll target pending) were built.
    private static let calls = [
        #""session.create","params":{"id":"a","viewport":{"width":375,"height":800},"children":[{"id":"header","kind":"fixed","height":300},{"id":"bar","kind":"sticky","height":44},{"id":"list","kind":"scroll","contentHeight":3000}],"options":{"refresh":{"threshold":60,"height":50},"loadMore":{"distance":300}}}"#,
        #""session.scroll","params":{"session":"a","offset":-80,"phase":"dragging"}"#,
        #""session.scroll","params":{"session":"a","offset":-80,"phase":"decelerating"}"#,
        #""session.scroll","params":{"session":"a","offset":2500,"phase":"dragging"}"#,
        #""session.scroll","params":{"session":"a","offset":2400}"#,
        #""session.create","params":{"id":"b","viewport":{"width":375,"height":800},"children":[{"id":"web","kind":"scroll","contentHeight":2000},{"id":"list","kind":"scroll","contentHeight":null}]}"#,
        #""session.scroll","params":{"session":"b","offset":500}"#,
        #""session.scrollToChild","params":{"session":"b","child":"list"}"#,
    ]

    /// `session.snapshot` of `a` and `b` after `calls`, as the format 1 worker (df28c70) wrote them.
    private static let recorded = [
        #"{"format":1,"engine":"container","session":"a","delta":false,"viewport":{"width":375,"height":800},"insets":{"top":0,"bottom":0},"options":{"seedEvents":true,"anchoring":true,"refresh":{"threshold":60,"height":50},"loadMore":{"distance":300}},"children":[{"id":"header","kind":"fixed","height":300},{"id":"bar","kind":"sticky","height":44,"pinOffset":0},{"id":"list","kind":"scroll","contentHeight":3000}],"offset":2400,"phase":"dragging","direction":"down","revision":5,"state":{"visible":["bar","list"],"active":"list","leaving":null,"pinned":["bar"],"refresh":"refreshing","loadMoreTriggeredAt":3344,"loadingMore":true,"pendingTarget":null}}"#,
        #"{"format":1,"engine":"container","session":"b","delta":false,"viewport":{"width":375,"height":800},"insets":{"top":0,"bottom":0},"options":{"seedEvents":true,"anchoring":true,"refresh":null,"loadMore":null},"children":[{"id":"web","kind":"scroll","contentHeight":2000},{"id":"list","kind":"scroll","contentHeight":null}],"offset":500,"phase":"idle","direction":"up","revision":3,"state":{"visible":["web"],"active":"web","leaving":"web","pinned":[],"refresh":"idle","loadMoreTriggeredAt":null,"loadingMore":false,"pendingTarget":{"child":"list","position":"top"}}}"#,
    ]

    /// Calls made to the live session and to its restored copy alike (`SESSION` is either's id).
    private static let later = [
        #""session.scroll","params":{"session":"SESSION","offset":2600}"#,
        #""session.endLoadingMore","params":{"session":"SESSION"}"#,
        #""session.endRefreshing","params":{"session":"SESSION"}"#,
        #""session.scroll","params":{"session":"SESSION","offset":100,"phase":"idle"}"#,
        #""session.update","params":{"session":"SESSION","sizes":{"list":3000}}"#,
        #""session.scroll","params":{"session":"SESSION","offset":-80,"phase":"dragging"}"#,
        #""session.endScrolling","params":{"session":"SESSION"}"#,
        #""session.snapshot","params":{"session":"SESSION"}"#,
    ]

    func testRecordedFormat1SnapshotsAnswerAsTheLiveSessions() throws {
        var d = Dispatcher(registry: .worker(), state: WorkerState(logger: Logger(fd: -1)))
        var id = 0
        func call(_ text: String) -> JSONValue {
            id += 1
            return parsed(d.handle(#"{"jsonrpc":"2.0","id":\#(id),"method":\#(text)}"#)) ?? .null
        }
        for text in Self.calls { XCTAssertNil(call(text)["error"], text) }
        for (live, snapshot) in zip(["a", "b"], Self.recorded) {
            let copy = "\(live)-old"
            let restored = call(#""session.restore","params":{"id":"\#(copy)","snapshot":\#(snapshot)}"#)
            XCTAssertNil(restored["error"], restored.compactText)
            var events = 0
            for text in Self.later {
                let a = call(text.replacingOccurrences(of: "SESSION", with: live))["result"]
                var b = call(text.replacingOccurrences(of: "SESSION", with: copy))["result"]?.objectValue
                XCTAssertNotNil(b, text)
                b?["session"] = .string(live)
                XCTAssertEqual(b.map(JSONValue.object), a, "\(live): \(text)")
                events += a?["events"]?.arrayValue?.count ?? 0
            }
            // The later calls do change the behaviors' state, so equal replies are not vacuous.
            XCTAssertGreaterThan(events, 4, live)
        }
    }
}
