import OmniScrollJSON
import XCTest
import OmniScrollTestSupport

/// A delta grid session's replies rebuild a full session's: a client that
/// keeps its tiles, drops `removed`, moves the kept frames by `recentered`
/// and adds `tiles` holds, after every tick, exactly the tiles (and frames)
/// a full session of the same grid lists. Seeded random drags with rests
/// (idle recenters), viewport changes and far jumps; the seed is printed on
/// failure.
final class GridDeltaReplyTests: XCTestCase {
    private typealias Tiles = [String: [Double]]

    private func request(_ id: Int, _ method: String, _ params: JSONObject) -> String {
        var w = JSONWriter()
        w.value(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": .object(params)])
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private func tiles(_ result: JSONValue?) -> Tiles {
        var out: Tiles = [:]
        for t in result?["tiles"]?.arrayValue ?? [] {
            let f = t["frame"]!
            out["\(t["col"]!.doubleValue!),\(t["row"]!.doubleValue!)"] =
                [f["x"]!.doubleValue!, f["y"]!.doubleValue!, f["width"]!.doubleValue!, f["height"]!.doubleValue!]
        }
        return out
    }

    func testDeltaRepliesRebuildTheFullReplies() {
        for seed in UInt64(1)...UInt64(3) {
            var random = SeededGenerator(seed: seed)
            var requests: [String] = []
            for (id, delta) in [("full", false), ("delta", true)] {
                requests.append(request(requests.count, "grid.create", [
                    "id": .string(id), "viewport": ["width": 375, "height": 800], "tile": ["width": 100, "height": 70],
                    "contentSize": ["width": 20_000, "height": 20_000], "overscan": 1, "options": ["delta": .bool(delta)],
                ]))
            }
            let ticks = gridWalk(150, using: &random)
            for params in ticks {
                for id in ["full", "delta"] {
                    var p = params
                    p["session"] = .string(id)
                    requests.append(request(requests.count, "grid.update", p))
                }
            }
            let results = replies(requests).map { parsed($0)?["result"] }
            var kept = tiles(results[1])
            XCTAssertEqual(kept, tiles(results[0]), "seed \(seed): create")
            for step in 1...ticks.count {
                let full = results[2 * step], delta = results[2 * step + 1]
                XCTAssertNotNil(delta, "seed \(seed) step \(step)")
                for r in delta?["removed"]?.arrayValue ?? [] {
                    kept["\(r["col"]!.doubleValue!),\(r["row"]!.doubleValue!)"] = nil
                }
                if let shift = delta?["recentered"] {
                    let dx = shift["dx"]!.doubleValue!, dy = shift["dy"]!.doubleValue!
                    kept = kept.mapValues { [$0[0] + dx, $0[1] + dy, $0[2], $0[3]] }
                }
                kept.merge(tiles(delta)) { _, new in new }
                XCTAssertEqual(kept, tiles(full), "seed \(seed) step \(step)")
                XCTAssertEqual(delta?["offset"], full?["offset"], "seed \(seed) step \(step)")
                if kept != tiles(full) { return }
            }
        }
    }
}
