import XCTest
import OmniScrollJSON
import OmniScrollTrace

/// A grid step's layout panel shows what the step's own reply says about
/// the call: the tiles it added and removed and whether it recentered
/// (issue 26, finding 7: the panel took them from a `session.get`, which
/// always answers `added: []`, `removed: []` and no `recentered`).
final class TraceGridStepTests: XCTestCase {
    func testAGridStepsAddedRemovedAndRecenteredAreItsReplys() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("protocol/conformance/grid.jsonl")
        let trace = Trace(running: Transcript(reading: try String(contentsOf: url, encoding: .utf8)))
        var added = 0, recentered = 0
        for step in trace.steps {
            guard let result = step.reply.flatMap({ try? JSONParser.parse($0) })?["result"], result["tiles"] != nil,
                  let layout = step.view?.layout else { continue }
            for key in ["added", "removed", "recentered"] {
                XCTAssertEqual(layout[key], result[key], "line \(step.line): \(key)")
            }
            if !(result["added"]?.arrayValue ?? []).isEmpty { added += 1 }
            if result["recentered"] != nil { recentered += 1 }
        }
        XCTAssertGreaterThan(added, 1, "steps that add tiles after the create")
        XCTAssertGreaterThan(recentered, 0, "a step that recenters")
    }
}
