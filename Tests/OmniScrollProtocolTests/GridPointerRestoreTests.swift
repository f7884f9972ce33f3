import OmniScrollJSON
import XCTest

/// `session.restore` believes a grid's finger and fling only as far as
/// `grid.pointer` and `grid.tick` could have left them (docs/pointer.md,
/// "Snapshots"): each unreachable state is -32602 at its path.
final class GridPointerRestoreTests: XCTestCase {
    private func request(_ id: Int, _ method: String, _ params: JSONObject) -> String {
        var w = JSONWriter()
        w.value(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": .object(params)])
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private func pointer(_ id: Int, _ phase: String, _ x: Double, _ y: Double, _ time: Double) -> String {
        request(id, "grid.pointer", ["session": "g", "phase": .string(phase), "x": .number(x), "y": .number(y), "time": .number(time)])
    }

    /// A grid with a finger panning (`pan: true`) or a fling running, and its snapshot.
    private func snapshot(pan: Bool) throws -> JSONObject {
        var lines = [request(1, "grid.create", ["id": "g", "viewport": ["width": 300, "height": 400],
                                                 "tile": ["width": 100, "height": 100],
                                                 "options": ["physics": ["preset": "android"]]]),
                     pointer(2, "down", 200, 300, 1)]
        for k in 1...4 { lines.append(pointer(2 + k, "move", 200 - Double(k * 20), 300 - Double(k * 40), 1 + Double(k) * 0.01)) }
        if !pan { lines += [pointer(7, "up", 120, 140, 1.045), request(8, "grid.tick", ["session": "g", "time": 1.1])] }
        lines.append(request(9, "session.snapshot", ["session": "g"]))
        return try XCTUnwrap(parsed(replies(lines).last!)?["result"]?.objectValue)
    }

    private func restore(_ snapshot: JSONObject) -> JSONValue? {
        parsed(replies([request(1, "session.restore", ["snapshot": .object(snapshot), "id": "r"])]).last!)
    }

    private func assertRefused(_ snapshot: JSONObject, at path: String, file: StaticString = #filePath, line: UInt = #line) {
        let reply = restore(snapshot)
        XCTAssertEqual(reply?["error"]?["code"], -32602, file: file, line: line)
        XCTAssertEqual(reply?["error"]?["data"]?["param"]?.stringValue, path, "\(String(describing: reply))", file: file, line: line)
    }

    private func edited(_ s: JSONObject, _ part: String, _ change: (inout JSONObject) -> Void) -> JSONObject {
        var copy = s, state = s["state"]!.objectValue!, inner = state[part]!.objectValue!
        change(&inner)
        state[part] = .object(inner)
        copy["state"] = .object(state)
        return copy
    }

    func testAPanningFingerAndARunningFlingRestore() throws {
        XCTAssertNotNil(restore(try snapshot(pan: true))?["result"]?["pointer"])
        XCTAssertNotNil(restore(try snapshot(pan: false))?["result"]?["motion"])
    }

    func testUnreachableFingersAreRefusedAtTheirPath() throws {
        let s = try snapshot(pan: true)
        assertRefused(edited(s, "pointer") { $0["start"] = .null }, at: "params.snapshot.state.pointer.start")
        assertRefused(edited(s, "pointer") { $0["samples"] = .array([]) }, at: "params.snapshot.state.pointer.samples")
        assertRefused(edited(s, "pointer") { p in
            var samples = p["samples"]!.arrayValue!
            samples.swapAt(0, samples.count - 1)
            p["samples"] = .array(samples)
        }, at: "params.snapshot.state.pointer.samples[1]")
        assertRefused(edited(s, "pointer") { p in
            var down = p["down"]!.objectValue!
            down["time"] = 1e16
            p["down"] = .object(down)
        }, at: "params.snapshot.state.pointer.down.time")
    }

    func testUnreachableFlingsAreRefusedAtTheirPath() throws {
        let s = try snapshot(pan: false)
        var idle = s
        idle["phase"] = "idle"
        assertRefused(idle, at: "params.snapshot.state.motion")
        assertRefused(edited(s, "motion") { $0["velocity"] = ["x": 9000, "y": 0] }, at: "params.snapshot.state.motion.velocity.x")
        assertRefused(edited(s, "motion") { $0["lastTime"] = 0.5 }, at: "params.snapshot.state.motion.lastTime")
        assertRefused(edited(s, "motion") { $0["lastTime"] = 100 }, at: "params.snapshot.state.motion.lastTime")
    }

    /// A fling's inputs are what an `up` gives: a 2D speed over
    /// `kMinFlingVelocity`, a start on the content, and no recentering shift
    /// outside `threshold` mode.
    func testFlingInputsNoReleaseGivesAreRefused() throws {
        let s = try snapshot(pan: false)
        assertRefused(edited(s, "motion") { $0["velocity"] = ["x": 40, "y": -20] }, at: "params.snapshot.state.motion.velocity")
        assertRefused(edited(s, "motion") { $0["start"] = ["x": 1e20, "y": 300] }, at: "params.snapshot.state.motion.start.x")
        assertRefused(edited(s, "motion") { $0["start"] = ["x": 300, "y": -1] }, at: "params.snapshot.state.motion.start.y")
        assertRefused(edited(s, "motion") { $0["shift"] = ["x": 0, "y": 4000] }, at: "params.snapshot.state.motion.shift.y")
    }

    /// A finger wandering between the coordinates' bounds travels farther
    /// than a snapshot's `path` may say: the travel saturates at 1e12 (it only
    /// ever meets the slop), so the snapshot restores (the contract soak found it).
    func testAFingerWanderingAtTheBoundsWritesASnapshotThatRestores() throws {
        var lines = [request(1, "grid.create", ["id": "g", "viewport": ["width": 300, "height": 400],
                                                 "tile": ["width": 100, "height": 100]]),
                     pointer(2, "down", 0, 0, 1)]
        for k in 1...3 { lines.append(pointer(2 + k, "move", k % 2 == 0 ? -1e12 : 1e12, 1e12, 1 + Double(k))) }
        lines.append(request(9, "session.snapshot", ["session": "g"]))
        let snapshot = try XCTUnwrap(parsed(replies(lines).last!)?["result"]?.objectValue)
        XCTAssertEqual(snapshot["state"]?["pointer"]?["path"], 1e12)
        XCTAssertEqual(restore(snapshot)?["result"]?["session"], "r", "\(String(describing: restore(snapshot)))")
    }
}
