import XCTest
import OmniScrollJSON
import OmniScrollTrace

/// `omniscroll trace` holds and writes a bounded amount per step, whatever the
/// number of children (issue 26, finding 8; docs/trace.md, "Bounds"): a
/// 100 000-page feed gave a page of hundreds of MB, every step listing every child.
final class TraceBoundTests: XCTestCase {
    func testAHundredThousandPageFeedGivesABoundedPage() throws {
        let pages = (0..<100_000).map { #"{"id":"p\#($0)","kind":"page"}"# }.joined(separator: ",")
        var lines = [#"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"feed","template":"feed","viewport":{"width":375,"height":800},"options":{"delta":false},"children":[\#(pages)]}}"#]
        for k in 1...3 {
            lines.append(#"{"jsonrpc":"2.0","id":\#(k + 1),"method":"session.scroll","params":{"session":"feed","offset":\#(k * 8000),"phase":"idle"}}"#)
        }
        let trace = Trace(running: Transcript(reading: lines.joined(separator: "\n") + "\n"))
        let page = TracePage.html(trace, title: "big")
        // Each step: request, reply and recorded reply cut at textBytes, at most `children` children of a few
        // hundred bytes in the Layout and the snapshot, and the page's own fixed part.
        let perStep = 3 * TraceBound.textBytes + TraceBound.children * 400
        XCTAssertLessThan(page.utf8.count, 200_000 + trace.steps.count * perStep)

        let open = #"<script id="trace-data" type="application/json">"#
        let start = try XCTUnwrap(page.range(of: open)).upperBound
        let end = try XCTUnwrap(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let data = try JSONParser.parse(String(page[start..<end]))
        let steps = try XCTUnwrap(data["steps"]?.arrayValue)
        XCTAssertEqual(steps.count, 4)
        for (i, step) in steps.enumerated() {
            let children = try XCTUnwrap(step["view"]?["layout"]?["children"]?.arrayValue, "step \(i + 1)")
            XCTAssertLessThanOrEqual(children.count, TraceBound.children, "step \(i + 1)")
            XCTAssertEqual(children.count + (step["view"]?["omittedChildren"]?.intValue ?? 0), 100_000, "step \(i + 1)")
            XCTAssertGreaterThan(step["replyMore"]?.intValue ?? 0, 0, "step \(i + 1): the reply lists every child")
            XCTAssertLessThanOrEqual(step["reply"]?.stringValue?.utf8.count ?? .max, TraceBound.textBytes)
        }
        // The scroll to 24 000 (pages of 800) keeps those within a viewport of [24 000, 24 800]: 28 to 32.
        let last = try XCTUnwrap(steps.last?["view"]?["layout"]?["children"]?.arrayValue)
        XCTAssertEqual(last.compactMap { $0["id"]?.stringValue }, ["p28", "p29", "p30", "p31", "p32"])
        XCTAssertEqual(steps[0]["method"]?.stringValue, "session.create", "the cut request still names its method")
        XCTAssertTrue(TraceStrip.svg(trace, title: "big").contains("… up to 99997 more children per step"))
    }

    func testATextIsCutAtACharacterBoundary() {
        // Two bytes each, after an odd number of ASCII bytes: the bound falls inside a character.
        let request = #"{"jsonrpc":"2.0","method":"x","params":{"s":""# + String(repeating: "é", count: TraceBound.textBytes) + #""}}"#
        let step = Trace(running: Transcript(reading: request + "\n")).steps[0]
        XCTAssertLessThanOrEqual(step.request.utf8.count, TraceBound.textBytes)
        XCTAssertGreaterThan(step.request.utf8.count, TraceBound.textBytes - 2)
        XCTAssertTrue(request.hasPrefix(step.request))
        XCTAssertEqual(step.request.utf8.count + step.cut.request, request.utf8.count)
        XCTAssertEqual(step.method, "x")
    }
}
