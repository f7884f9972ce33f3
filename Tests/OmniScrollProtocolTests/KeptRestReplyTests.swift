import XCTest
import OmniScrollTestSupport
@testable import OmniScrollProtocol

/// A Layout reply copies each child's entry from its frame's `y` on, and
/// the extents (`contentHeight`, `minOffset`, `maxOffset`), from what the
/// session's earlier replies wrote when their numbers are the same doubles
/// (`NumberKeyedTexts`, issue 28). Property: after any sequence of scrolls,
/// a reply's text there is byte for byte what a fresh session (nothing
/// kept) writes at the same offset, children sharing a slot included.
final class KeptRestReplyTests: XCTestCase {
    /// The text of `line` from `start` up to `end`, both excluded.
    private func text(_ line: String, from start: String, to end: String) -> Substring? {
        guard let from = line.range(of: start), let to = line.range(of: end, range: from.upperBound..<line.endIndex)
        else { return nil }
        return line[from.upperBound..<to.lowerBound]
    }

    /// An offset in 0...maxOffset: the last one again (its text kept), a
    /// whole point, a short decimal, a double with many digits, or an end.
    private func offset(after last: Double, max: Double, _ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return last
        case 1: return Double(Int.random(in: 0...Int(max), using: &random))
        case 2: return (Double(Int.random(in: 0...Int(max) * 4, using: &random)) / 4).clamped(max)
        case 3: return (Double(Int.random(in: 0...Int(max) * 100, using: &random)) / 100).clamped(max)
        case 4: return Double.random(in: 0...max, using: &random)
        default: return Bool.random(using: &random) ? 0 : max
        }
    }

    func testKeptTextIsWhatAFreshSessionWrites() throws {
        for seed: UInt64 in 1...6 {
            var random = SeededGenerator(seed: seed)
            // 1 to 12 children: past 8, two share a kept rest's slot.
            let heights = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                Bool.random(using: &random) ? Double(Int.random(in: 100...3000, using: &random))
                    : Double(Int.random(in: 40_000...300_000, using: &random)) / 100
            }
            let children = heights.enumerated().map { #"{"id":"c\#($0)","kind":"scroll","contentHeight":\#($1)}"# }
                .joined(separator: ",")
            let create = { (id: String, offset: Double?) in
                #"{"jsonrpc":"2.0","id":0,"method":"session.create","params":{"id":"\#(id)","viewport":{"width":375,"height":800},"#
                    + #""insets":{"bottom":100},"children":[\#(children)]\#(offset.map { #","offset":\#($0)"# } ?? "")}}"#
            }
            let max = Swift.max(heights.reduce(0, +) - 700, 0)
            var requests = [create("s", nil)]
            var last = 0.0
            for step in 0..<40 {
                last = offset(after: last, max: max, &random)
                requests.append(#"{"jsonrpc":"2.0","id":\#(step + 1),"method":"session.scroll","params":{"session":"s","offset":\#(last)}}"#)
                requests.append(create("f\(step)", last))
            }
            let lines = replies(requests)
            XCTAssertEqual(lines.count, requests.count, "seed \(seed)")
            for step in 0..<40 where 2 + 2 * step < lines.count {
                let kept = lines[1 + 2 * step], fresh = lines[2 + 2 * step]
                let extents = text(kept, from: #""contentHeight":"#, to: #","direction""#)
                XCTAssertNotNil(extents, "seed \(seed): \(kept)")
                XCTAssertEqual(extents, text(fresh, from: #""contentHeight":"#, to: #","direction""#),
                               "seed \(seed), step \(step): \(requests[1 + 2 * step])")
                let entries = text(kept, from: #""children":["#, to: #"],"events""#)
                XCTAssertNotNil(entries, "seed \(seed): \(kept)")
                XCTAssertEqual(entries, text(fresh, from: #""children":["#, to: #"],"events""#),
                               "seed \(seed), step \(step): \(requests[1 + 2 * step])")
            }
        }
    }
}

private extension Double {
    func clamped(_ max: Double) -> Double { Swift.min(self, max) }
}
