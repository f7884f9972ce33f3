import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A Layout reply copies each child's entry opening (`{"id":…,"frame":{"x":…,"y":`)
/// and `activeChild` from what the session's previous reply wrote
/// (`ChildEntryCache`, issue 28) only while the child at that index has
/// the same id: a reply after the children moved names each child as a
/// fresh session would.
final class KeptEntryReplyTests: XCTestCase {
    /// The children's ids of a reply, in order, and its `activeChild`.
    private func ids(_ line: String) throws -> (children: [String], active: String?) {
        let result = try XCTUnwrap(parsed(line)?["result"], line)
        let children = try XCTUnwrap(result["children"]?.arrayValue, line).compactMap { $0["id"]?.stringValue }
        return (children, result["activeChild"]?.stringValue)
    }

    func testAnEntryNamesTheChildNowAtItsIndex() throws {
        // A long id does not fit a kept opening: it is written anew each time.
        let long = String(repeating: "long", count: 12)
        let lines = replies([
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"scroll","contentHeight":2000},{"id":"\u2028b","kind":"scroll","contentHeight":3000}]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"s","offset":10}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"session.insertChildren","params":{"session":"s","children":[{"id":"\#(long)","kind":"scroll","contentHeight":1000}],"index":0}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"session.scroll","params":{"session":"s","offset":20}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"session.removeChildren","params":{"session":"s","children":["\#(long)"]}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"session.scroll","params":{"session":"s","offset":30}}"#,
        ])
        XCTAssertEqual(lines.count, 6)
        let expected: [[String]] = [["a", "\u{2028}b"], ["a", "\u{2028}b"], [long, "a", "\u{2028}b"], [long, "a", "\u{2028}b"],
                                    ["a", "\u{2028}b"], ["a", "\u{2028}b"]]
        for (line, children) in zip(lines, expected) {
            let (listed, active) = try ids(line)
            XCTAssertEqual(listed, children, line)
            XCTAssertEqual(active, children.first, line)
        }
        // The escaped id stays escaped when its text is copied.
        XCTAssertTrue(lines[5].contains(#"{"id":"\u2028b","frame":"#), lines[5])
        // Each reply is the one a fresh session in that state gives.
        let fresh = replies([
            #"{"jsonrpc":"2.0","id":6,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"scroll","contentHeight":2000},{"id":"\u2028b","kind":"scroll","contentHeight":3000}],"offset":30}}"#,
        ])
        let children = { (line: String) in try XCTUnwrap(parsed(line)?["result"]?["children"], line) }
        XCTAssertEqual(try children(lines[5]), try children(fresh[0]))
    }

    /// Children 0 and 32 share a slot: each reply names both, none the other's id.
    func testChildrenSharingASlotKeepTheirOwnIds() throws {
        let children = (0..<40).map { #"{"id":"c\#($0)","kind":"fixed","height":10}"# }.joined(separator: ",")
        let lines = replies([
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[\#(children)]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.get","params":{"session":"s"}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"session.get","params":{"session":"s"}}"#,
        ])
        for line in lines {
            XCTAssertEqual(try ids(line).children, (0..<40).map { "c\($0)" }, line)
        }
    }
}
