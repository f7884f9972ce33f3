import OmniScrollJSON
import XCTest
import OmniScrollTestSupport

/// `session.update` with several sizes is one change: its reply does not
/// depend on the order of the keys of `sizes` (anchoring is decided against
/// the layout before the update).
final class AtomicUpdateTests: XCTestCase {
    /// The issue's profile page: a header, a sticky segment bar, a 500 000 pt
    /// posts list and an empty likes list, scrolled to 3 260.
    private static let profile = [
        #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"p","viewport":{"width":375,"height":812},"children":[{"id":"header","kind":"fixed","height":260},{"id":"seg","kind":"sticky","height":44},{"id":"posts","kind":"scroll","contentHeight":500000},{"id":"likes","kind":"scroll","contentHeight":0}]}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"p","offset":3260}}"#,
    ]

    private func update(sizes: String) -> String {
        replies(Self.profile + [#"{"jsonrpc":"2.0","id":3,"method":"session.update","params":{"session":"p","sizes":"# + sizes + "}}"]).last!
    }

    func testTheProfilePageGivesOneReplyInBothKeyOrders() throws {
        let postsFirst = update(sizes: #"{"posts":0,"likes":8000}"#)
        let likesFirst = update(sizes: #"{"likes":8000,"posts":0}"#)
        XCTAssertEqual(postsFirst, likesFirst)
        let result = try XCTUnwrap(parsed(postsFirst)?["result"])
        XCTAssertEqual(result["offset"]?.doubleValue, 3260, "posts is the anchor, and its top did not move")
        XCTAssertEqual(result["maxOffset"]?.doubleValue, 7492)
        XCTAssertNil(result["anchorShift"])
        let likes = try XCTUnwrap(result["children"]?.arrayValue?.first { $0["id"]?.stringValue == "likes" })
        XCTAssertGreaterThan(likes["visibleHeight"]?.doubleValue ?? 0, 0, "likes is on screen below the bar")
    }

    /// Random sessions, random multi-size updates: every order of the sizes'
    /// keys gives byte-identical replies (the update and the call after it).
    func testPermutedSizesGiveByteIdenticalReplies() {
        for seed in UInt64(1)...150 {
            var rng = SeededGenerator(seed: seed)
            let count = Int.random(in: 2...8, using: &rng)
            let kinds = (0..<count).map { _ in ["scroll", "scroll", "fixed", "sticky"].randomElement(using: &rng)! }
            let children = kinds.enumerated().map { i, kind in
                let size = Double(Int.random(in: 0...4000, using: &rng))
                return kind == "scroll" ? #"{"id":"c\#(i)","kind":"scroll","contentHeight":\#(size)}"#
                    : #"{"id":"c\#(i)","kind":"\#(kind)","height":\#(size / 10)}"#
            }
            let delta = Bool.random(using: &rng)
            let create = #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[\#(children.joined(separator: ","))],"options":{"delta":\#(delta)}}}"#
            let scroll = #"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"s","offset":\#(Int.random(in: 0...9000, using: &rng))}}"#
            let resized = (0..<count).shuffled(using: &rng).prefix(Int.random(in: 2...count, using: &rng))
            let sizes = resized.map { #""c\#($0)":\#(Int.random(in: 0...6000, using: &rng))"# }
            let after = #"{"jsonrpc":"2.0","id":4,"method":"session.scroll","params":{"session":"s","offset":\#(Int.random(in: 0...9000, using: &rng))}}"#
            var expected: [String]?
            for _ in 0..<4 {
                let update = #"{"jsonrpc":"2.0","id":3,"method":"session.update","params":{"session":"s","sizes":{\#(sizes.shuffled(using: &rng).joined(separator: ","))}}}"#
                let got = Array(replies([create, scroll, update, after]).suffix(2))
                if let expected {
                    XCTAssertEqual(got, expected, "seed \(seed): \(update)")
                } else {
                    expected = got
                }
            }
        }
    }
}
