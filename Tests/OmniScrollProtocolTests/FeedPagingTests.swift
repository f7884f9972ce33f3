import OmniScrollJSON
import XCTest
@testable import OmniScrollProtocol
import OmniScrollTestSupport

/// Paging in a feed session made from the built-in `feed` template
/// (`options.paging`, `ios` physics): flicks forwarded as a client does,
/// drags, a release velocity and ticks at 1/60 s until the phase is idle.
final class FeedPagingTests: XCTestCase {
    private static let frame = 1.0 / 60
    /// Far more ticks than a spring to a neighbouring item takes (`ios`: a few seconds).
    private static let maxTicks = 1_000

    /// Items are pages and, now and then, a taller fixed child (an ad of one
    /// to two viewports), so children of different heights are paged too.
    /// Each release moves at most one item from the one its drag began on,
    /// its motion ends exactly on that item's top (the `motion.target` the
    /// release announced), and the current child changes only in the reply
    /// where the motion ends, to the child whose centre is nearest the
    /// viewport's centre (the lower index on a tie).
    func testSeededFlicksTurnAtMostOneItemAndRestOnItsTop() throws {
        for n in 0..<25 {
            let seed = 0xFEED_9A6E + UInt64(n)
            var rng = SeededGenerator(seed: seed)
            try flicks(&rng, seed: seed)
        }
    }

    private func flicks(_ rng: inout SeededGenerator, seed: UInt64) throws {
        let viewport = Double(Int.random(in: 400...1000, using: &rng))
        var heights: [Double] = []
        var children: [JSONValue] = []
        for i in 0..<Int.random(in: 2...30, using: &rng) {
            if Int.random(in: 0..<4, using: &rng) == 0 {
                let height = Double(Int.random(in: Int(viewport)...Int(2 * viewport), using: &rng))
                heights.append(height)
                children.append(["id": .string("c\(i)"), "kind": "fixed", "height": .number(height)])
            } else {
                heights.append(viewport)
                children.append(["id": .string("c\(i)"), "kind": "page"])
            }
        }
        let tops = heights.indices.map { heights[..<$0].reduce(0, +) }
        func nearestCentre(_ offset: Double) -> Int {
            let centre = offset + viewport / 2
            return heights.indices.min { a, b in
                abs(tops[a] + heights[a] / 2 - centre) < abs(tops[b] + heights[b] / 2 - centre)
            }!
        }

        var session = Dispatcher(registry: .worker(), state: WorkerState(logger: Logger(fd: -1)))
        var id = 0
        func call(_ method: String, _ params: JSONObject) throws -> JSONValue {
            id += 1
            var w = JSONWriter()
            w.value(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": .object(params)])
            let line = try XCTUnwrap(session.handle(String(decoding: w.bytes, as: UTF8.self)))
            return try XCTUnwrap(parsed(line)?["result"], "seed \(seed): \(method) → \(line)")
        }

        var layout = try call("session.create", [
            "id": "f", "template": "feed", "viewport": ["width": 375, "height": .number(viewport)],
            "children": .array(children), "options": ["loadMore": nil],
        ])
        var current = try XCTUnwrap(layout["currentChild"]?.stringValue)
        XCTAssertEqual(current, "c0", "seed \(seed)")
        var time = 0.0
        for swipe in 0..<8 {
            let context = "seed \(seed), swipe \(swipe)"
            let offset = try XCTUnwrap(layout["offset"]?.doubleValue)
            let start = try XCTUnwrap(tops.firstIndex(of: offset), "\(context): rests on a child top, not \(offset)")
            _ = try call("session.beginDragging", ["session": "f"])
            var translation = 0.0
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                translation += Double(Int.random(in: -300...300, using: &rng))
                layout = try call("session.drag", ["session": "f", "translation": .number(translation)])
                XCTAssertEqual(layout["currentChild"]?.stringValue, current, "\(context): a drag never commits")
            }
            time += Self.frame
            let velocity = Double(Int.random(in: -6000...6000, using: &rng))
            layout = try call("session.endDragging", ["session": "f", "velocity": .number(velocity), "time": .number(time)])
            let target = layout["motion"]?["target"]?.doubleValue
            var ticks = 0
            while layout["phase"]?.stringValue != "idle" {
                XCTAssertEqual(layout["currentChild"]?.stringValue, current, "\(context): a motion in progress never commits")
                ticks += 1
                guard ticks <= Self.maxTicks else { return XCTFail("\(context): no rest after \(Self.maxTicks) ticks") }
                time += Self.frame
                layout = try call("session.tick", ["session": "f", "time": .number(time)])
            }
            let rest = try XCTUnwrap(layout["offset"]?.doubleValue)
            let end = try XCTUnwrap(tops.firstIndex(of: rest), "\(context): ends on a child top, not \(rest)")
            XCTAssertLessThanOrEqual(abs(end - start), 1, "\(context): from c\(start) to c\(end)")
            if let target { XCTAssertEqual(rest, target, "\(context): the release announced its rest") }
            current = try XCTUnwrap(layout["currentChild"]?.stringValue)
            XCTAssertEqual(current, "c\(nearestCentre(rest))", "\(context): committed at idle by the nearest centre")
        }
    }
}
