import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A pager's snap is reported by `snappingPagers` while it runs
/// (docs/protocol.md#pagers): the container's phase is the vertical scroll's
/// and stays `idle`, so a client's "tick until idle" loop needs the member
/// to keep going (issue 26, finding 7: the release replied `idle` and
/// nothing else, and the loop stopped while the snap still ran).
final class PagerSnapReplyTests: XCTestCase {
    private func request(_ id: Int, _ method: String, _ params: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{"session":"p"\#(params.isEmpty ? "" : ",")\#(params)}}"#
    }

    func testTheReleaseTheTicksAndGetSayASnapRunsUntilItLands() throws {
        let ticks = (1...120).map { request(4 + $0, "session.tick", #""time":\#(Double($0) / 30)"#) }
        let lines = replies([
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"p","template":"profileTabs","viewport":{"width":375,"height":800}}}"#,
            request(2, "session.scrollPager", #""child":"tabs","offset":120"#),
            request(3, "session.endPagerDragging", #""child":"tabs","velocity":600,"time":0"#),
            request(4, "session.get", ""),
        ] + ticks)
        // The ticks after the landing are -32602 (no motion in progress): `nil` here.
        let results = lines.map { parsed($0)?["result"] }
        func snapping(_ result: JSONValue?) -> [String]? { result?["snappingPagers"]?.arrayValue?.compactMap(\.stringValue) }

        XCTAssertNotNil(results[1], lines[1])
        XCTAssertNil(snapping(results[1]), "a swipe in progress is no snap")
        XCTAssertEqual(results[2]?["phase"]?.stringValue, "idle", "the phase is the vertical scroll's")
        XCTAssertEqual(snapping(results[2]), ["tabs"], "the release says its snap runs")
        XCTAssertEqual(snapping(results[3]), ["tabs"], "session.get says it while it runs")

        // The documented loop: tick while the phase is not idle or a pager snaps.
        let tickResults = Array(results[4...])
        let landed = try XCTUnwrap(tickResults.firstIndex { snapping($0) == nil }, "the snap ends within 4 s")
        XCTAssertGreaterThan(landed, 0, "the first tick is mid-snap")
        XCTAssertTrue(tickResults[..<landed].allSatisfy { snapping($0) == ["tabs"] })
        let tabs = try XCTUnwrap(tickResults[landed]?["children"]?.arrayValue?.first { $0["id"]?.stringValue == "tabs" })
        XCTAssertEqual(tabs["selected"]?.stringValue, "likes", "the loop stops on the tick where the snap lands")
        XCTAssertEqual(tabs["pageProgress"]?.doubleValue, 1)
    }
}
