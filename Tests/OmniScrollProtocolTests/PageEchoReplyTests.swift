import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A pager's page at rest shows as its pager: its entry's text from the
/// frame's `y` on is copied from the pager's own entry in the same reply
/// (`EntryEcho`, issue 28), unless a streamed reply has sent that text on.
final class PageEchoReplyTests: XCTestCase {
    /// The pager (the last child) and its pages of the reply `line`.
    private func pager(_ line: String) throws -> (pager: JSONValue, pages: [JSONValue]) {
        let children = try XCTUnwrap(parsed(line)?["result"]?["children"]?.arrayValue, line)
        let pager = try XCTUnwrap(children.last)
        return (pager, try XCTUnwrap(pager["pages"]?.arrayValue, line))
    }

    private func create(fixed count: Int, offset: Double) -> String {
        let fixed = (0..<count).map { #"{"id":"f\#($0)","kind":"fixed","height":1}"# }.joined(separator: ",")
        return #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"offset":\#(offset),"children":[\#(fixed)\#(count > 0 ? "," : "")"#
            + #"{"id":"tabs","kind":"pager","pages":[{"id":"posts","contentHeight":5000},{"id":"likes","contentHeight":3000}]}]}}"#
    }

    /// Whatever precedes it, a streamed reply (1 024 children or more) or
    /// not, the page at rest has its pager's numbers and its own id and x.
    func testAPageAtRestHasItsPagersNumbersInEveryReply() throws {
        for count in [0, 1, 3, 1_023, 1_024] + Array(stride(from: 1_031, through: 1_400, by: 13)) {
            for offset in count < 1_024 ? [0.0, Double(count) + 123.25] : [Double(count % 7)] {
                let lines = replies([create(fixed: count, offset: offset),
                                     #"{"jsonrpc":"2.0","id":2,"method":"session.get","params":{"session":"s"}}"#])
                XCTAssertEqual(lines.count, 2)
                for line in lines {
                    let (pager, pages) = try self.pager(line)
                    XCTAssertEqual(pages.count, 1, line)
                    let page = pages[0]
                    XCTAssertEqual(page["id"]?.stringValue, "posts", "count \(count)")
                    XCTAssertEqual(page["frame"], pager["frame"], "count \(count)")
                    XCTAssertEqual(page["contentOffset"], pager["contentOffset"], "count \(count)")
                    XCTAssertEqual(page["visibleHeight"], pager["visibleHeight"], "count \(count)")
                    XCTAssertEqual(page.objectValue?.count, 4, "count \(count)")
                }
            }
        }
    }

    /// Mid-swipe the pages sit across and show their own offsets: no copy.
    func testPagesMidSwipeAreWrittenAsTheyAre() throws {
        let lines = replies([create(fixed: 1, offset: 0),
                             #"{"jsonrpc":"2.0","id":2,"method":"session.scrollPager","params":{"session":"s","child":"tabs","offset":100}}"#])
        let (_, pages) = try pager(lines[1])
        XCTAssertEqual(pages.map { $0["id"]?.stringValue }, ["posts", "likes"], lines[1])
        XCTAssertEqual(pages.map { $0["frame"]?["x"]?.doubleValue }, [-100, 275], lines[1])
    }
}
