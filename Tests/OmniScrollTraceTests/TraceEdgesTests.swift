import XCTest
import OmniScrollTrace

/// `omniscroll trace` at the contract's edges (issue 26, finding 1): a
/// pager swiped to 1e24 and a container scrolled to ±1e24 are traced and
/// drawn, where the worker and the strip's numbers trapped converting to `Int`.
final class TraceEdgesTests: XCTestCase {
    func testOffsetsOf1e24AreTracedAndDrawn() throws {
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[{"id":"tabs","kind":"pager","pages":[{"id":"a","contentHeight":2000},{"id":"b","contentHeight":2000}]}]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.scrollPager","params":{"session":"s","child":"tabs","offset":1e24}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"session.scroll","params":{"session":"s","offset":1e24}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"session.scroll","params":{"session":"s","offset":-1e24}}"#,
        ]
        let trace = Trace(running: Transcript(reading: lines.joined(separator: "\n") + "\n"))
        XCTAssertEqual(trace.steps.count, 4)
        XCTAssertEqual(trace.steps.flatMap(\.problems), [])
        XCTAssertTrue(TraceStrip.svg(trace, title: "edges").hasPrefix("<svg"))
        XCTAssertFalse(TracePage.html(trace, title: "edges").isEmpty)
    }
}
