import OmniScrollJSON
import XCTest
import OmniScrollTestSupport

/// A restored grid answers like the original: seeded random grid walks
/// (drags, rests, viewport changes, far jumps; every recenter mode, full and
/// delta), a snapshot mid-way restored under another id, then the same later
/// calls to both give the same replies but the session id. The seed is
/// printed on failure.
final class GridRestoreTests: XCTestCase {
    private func request(_ id: Int, _ method: String, _ params: JSONObject) -> String {
        var w = JSONWriter()
        w.value(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": .object(params)])
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private func update(_ id: Int, _ session: String, _ params: JSONObject) -> String {
        var p = params
        p["session"] = .string(session)
        return request(id, "grid.update", p)
    }

    func testARestoredGridAnswersLikeTheOriginal() throws {
        for seed in UInt64(1)...UInt64(6) {
            var random = SeededGenerator(seed: seed)
            let recenter = ["idle", "threshold", "never"][Int.random(in: 0..<3, using: &random)]
            var create: JSONObject = [
                "id": "g", "viewport": ["width": 375, "height": 800], "tile": ["width": 100, "height": 70],
                "contentSize": ["width": 20_000, "height": 20_000], "overscan": .number(Double(Int.random(in: 0...2, using: &random))),
                "recenter": .string(recenter), "options": ["delta": .bool(Bool.random(using: &random))],
            ]
            if recenter == "threshold" { create["threshold"] = .number(Double.random(in: 50...3000, using: &random).rounded()) }
            let ticks = gridWalk(120, using: &random)
            let cut = Int.random(in: 0..<ticks.count, using: &random)

            var before = [request(0, "grid.create", create)]
            for params in ticks[..<cut] { before.append(update(before.count, "g", params)) }
            before.append(request(before.count, "session.snapshot", ["session": "g"]))
            let snapshot = try XCTUnwrap(parsed(replies(before).last!)?["result"], "seed \(seed)")

            var after = before.dropLast() + [request(before.count, "session.restore", ["snapshot": snapshot, "id": "r"])]
            for params in ticks[cut...] {
                after.append(update(after.count, "g", params))
                after.append(update(after.count, "r", params))
            }
            let results = replies(Array(after)).map { parsed($0) }
            XCTAssertNil(results[cut + 1]?["error"], "seed \(seed): restore")
            for step in 0..<(ticks.count - cut) {
                let original = results[cut + 2 + 2 * step], restored = results[cut + 3 + 2 * step]
                XCTAssertNotNil(original?["result"], "seed \(seed) step \(cut + step)")
                var renamed = restored?["result"]?.objectValue
                XCTAssertEqual(renamed?["session"], "r", "seed \(seed) step \(cut + step)")
                renamed?["session"] = "g"
                XCTAssertEqual(renamed.map(JSONValue.object), original?["result"], "seed \(seed) step \(cut + step)")
            }
        }
    }
}
