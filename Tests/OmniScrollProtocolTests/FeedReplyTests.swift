import Foundation
import OmniScrollJSON
import XCTest
@testable import OmniScrollProtocol
import OmniScrollTestSupport

/// A feed session's replies: components named in registration order and
/// only for the types they subscribe to, and replies whose size follows the
/// viewport rather than the number of items.
final class FeedReplyTests: XCTestCase {
    private static let feedTypes = ["childDidBecomeCurrent", "childDidResignCurrent", "childDidEnterPreload",
                                    "childDidLeavePreload", "childDidShow", "childDidHide", "loadMoreDidTrigger"]

    private func request(_ id: Int, _ method: String, _ params: JSONValue) -> String {
        var w = JSONWriter()
        w.value(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params])
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private func pages(_ count: Int) -> JSONValue { .array((0..<count).map { ["id": .string("p\($0)"), "kind": "page"] }) }

    /// Random subscriptions and a random walk of drags, releases and scrolls
    /// at rest: each event names exactly the components subscribed to its
    /// type, in registration order.
    func testSeededWalksNameExactlyTheSubscribersInRegistrationOrder() throws {
        for n in 0..<40 {
            let seed = 0xC0_3000 + UInt64(n)
            var rng = SeededGenerator(seed: seed)
            let components: [(name: String, events: [String])] = (0..<Int.random(in: 1...5, using: &rng)).map { k in
                ("c\(k)", Self.feedTypes.filter { _ in Bool.random(using: &rng) })
            }
            var requests = [request(0, "session.create", [
                "id": "f", "viewport": ["width": 375, "height": 800], "children": pages(Int.random(in: 1...60, using: &rng)),
                "options": ["delta": true, "feed": ["preload": ["ahead": .number(Double(Int.random(in: 0...3, using: &rng)))]],
                            "loadMore": ["distance": 800]],
                "components": .array(components.map { ["name": .string($0.name), "events": .array($0.events.map(JSONValue.string))] }),
            ])]
            for id in 1...30 {
                let offset = JSONValue.number(Double(Int.random(in: 0...48_000, using: &rng)))
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: requests.append(request(id, "session.beginDragging", ["session": "f"]))
                case 1: requests.append(request(id, "session.scroll", ["session": "f", "offset": offset]))
                case 2: requests.append(request(id, "session.endDragging", ["session": "f", "decelerate": .bool(Bool.random(using: &rng))]))
                default: requests.append(request(id, "session.endScrolling", ["session": "f"]))
                }
            }
            var seen = 0
            for line in replies(requests) {
                let reply = try XCTUnwrap(parsed(line), "seed \(seed)")
                guard let events = reply["result"]?["events"]?.arrayValue else { continue }
                for event in events {
                    let type = try XCTUnwrap(event["type"]?.stringValue)
                    let named = event["components"]?.arrayValue?.compactMap(\.stringValue)
                    XCTAssertEqual(named, components.filter { $0.events.contains(type) }.map(\.name), "seed \(seed): \(type)")
                    seen += 1
                }
            }
            XCTAssertGreaterThan(seen, 0, "seed \(seed)")
        }
    }

    /// The same scrolls over 100 pages and over 20 000 write the same
    /// replies but for the numbers the item count sets (the content height,
    /// the maximum offset, the content view's height).
    /// Issue 26, finding 8: a feed without children left `currentChild`
    /// out; it is `null` then, as `activeChild` is, in every reply.
    func testAFeedWithoutChildrenAnswersCurrentChildNull() throws {
        let lines = replies([
            request(1, "session.create", ["id": "f", "viewport": ["width": 375, "height": 800], "children": [],
                                          "options": ["feed": ["preload": ["ahead": 1]]]]),
            request(2, "session.get", ["session": "f"]),
            request(3, "session.insertChildren", ["session": "f", "children": pages(2)]),
        ])
        for line in lines.prefix(2) {
            let keys = try XCTUnwrap(parsed(line)?["result"]?.objectValue, line).members.map(\.key)
            XCTAssertEqual(keys.firstIndex(of: "currentChild"), keys.firstIndex(of: "activeChild").map { $0 + 1 }, line)
            XCTAssertEqual(parsed(line)?["result"]?["currentChild"], .null, line)
        }
        XCTAssertEqual(parsed(lines[2])?["result"]?["currentChild"]?.stringValue, "p0", lines[2])
    }

    func testScrollRepliesDoNotGrowWithTheItems() {
        func scrolls(_ count: Int) -> [String] {
            var requests = [request(0, "session.create", ["id": "f", "template": "feed", "viewport": ["width": 375, "height": 800],
                                                          "children": pages(count), "options": ["loadMore": nil]])]
            requests.append(request(1, "session.beginDragging", ["session": "f"]))
            for i in 0..<40 { requests.append(request(2 + i, "session.scroll", ["session": "f", "offset": .number(Double(i) * 97.5)])) }
            requests.append(request(50, "session.endScrolling", ["session": "f"]))
            let contentSize = try! NSRegularExpression(pattern: #"("contentHeight"|"maxOffset"|"contentView":\{"top":[-0-9.e+]+,"height"):[0-9.e+]+"#)
            return replies(requests).dropFirst().map { line in
                contentSize.stringByReplacingMatches(in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "")
            }
        }
        let few = scrolls(100)
        XCTAssertEqual(few, scrolls(20_000))
        XCTAssertLessThan(few.map(\.utf8.count).max() ?? 0, 1_200, "a scroll lists the few children in view")
    }
}
