import Foundation
import OmniScrollClient
import OmniScrollJSON
import OmniScrollTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Recovery (clients/README.md, "Recovery"): SIGKILL the worker at seeded
/// random points of a long mixed session (clients/testdata/recovery-session.json,
/// written by scripts/recovery-workload) and compare every reply with an
/// uninterrupted worker's: the result or error, member order and every number
/// bit for bit; a worker that dies twice on one call throws `.workerDied`
/// with a transcript of the crash.
final class RecoveryTests: XCTestCase {
    struct Step {
        var method: String
        var params: JSONObject?
    }

    static func workload() throws -> [Step] {
        let data = try [UInt8](Data(contentsOf: repoRoot.appendingPathComponent("clients/testdata/recovery-session.json")))
        var parser = JSONParser(maxDepth: 64)
        guard let steps = try data.withUnsafeBytes({ try parser.parse($0) }).value.arrayValue else {
            throw XCTSkip("recovery-session.json is not an array")
        }
        return steps.map { Step(method: $0["method"]?.stringValue ?? "", params: $0["params"]?.objectValue) }
    }

    /// What an uninterrupted worker answers each step: its reply's `result` or `error`.
    static func uninterrupted(_ steps: [Step]) throws -> [JSONValue] {
        let w = try RawWorker(executable: try workerPath())
        var out: [JSONValue] = []
        var parser = JSONParser(maxDepth: 1024)
        for (i, s) in steps.enumerated() {
            var line: JSONObject = ["jsonrpc": "2.0", "id": .number(Double(i + 1)), "method": .string(s.method)]
            if let p = s.params { line["params"] = .object(p) }
            var writer = JSONWriter(capacity: 512)
            writer.value(.object(line))
            writer.appendFraming("\n")
            _ = w.send(writer.bytes)
            let reply = try w.readReply(timeout: 20)
            let value = try reply.withUnsafeBytes { try parser.parse($0) }.value
            out.append(value["result"] ?? value["error"] ?? .null)
        }
        w.closeInput()
        _ = w.close()
        return out
    }

    static func answer(_ c: OmniScrollClient, _ s: Step) async throws -> JSONValue {
        do {
            return try await c.request(s.method, s.params)
        } catch let e as OmniScrollRPCError {
            var o: JSONObject = ["code": .number(Double(e.code)), "message": .string(e.message)]
            if let d = e.data { o["data"] = d }
            return .object(o)
        }
    }

    func testRepliesAfterSeededKillsAreTheUninterruptedWorkers() async throws {
        let steps = try Self.workload()
        let expected = try Self.uninterrupted(steps)
        let seed = UInt64(ProcessInfo.processInfo.environment["OMNISCROLL_SEED"] ?? "30") ?? 30
        var rng = SeededGenerator(seed: seed)
        let restarts = Restarts()
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20, snapshotEvery: 16,
                                     onWorkerDidRestart: { restarts.add($0) })
        var killed: [Int32] = []
        for (i, s) in steps.enumerated() {
            let got: JSONValue
            switch Double.random(in: 0..<1, using: &rng) {
            case ..<0.02:  // before the call: it is written to a dead worker
                killed.append(c.workerPid)
                kill(c.workerPid, SIGKILL)
                got = try await Self.answer(c, s)
            case ..<0.04:  // while the call is on its way (the stopped worker cannot answer it)
                let pid = c.workerPid
                killed.append(pid)
                kill(pid, SIGSTOP)
                async let answer = Self.answer(c, s)
                kill(pid, SIGKILL)
                got = try await answer
            default:
                got = try await Self.answer(c, s)
            }
            XCTAssertEqual(got, expected[i], "seed \(seed): reply \(i + 1) (\(s.method)) differs after recovery")
        }
        XCTAssertFalse(killed.contains(c.workerPid))
        await c.close()
        XCTAssertGreaterThanOrEqual(killed.count, 3, "seed \(seed)")
        XCTAssertEqual(restarts.all.map(\.previousPid), killed, "seed \(seed)")
    }

    func testSessionListAfterRecoveryListsTheSameSessions() async throws {
        let steps = try Self.workload()
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        for s in steps.prefix(8) { _ = try await c.request(s.method, s.params) }
        let before = try await c.request("session.list")
        kill(c.workerPid, SIGKILL)
        let after = try await c.request("session.list")
        XCTAssertEqual(after, before)
        XCTAssertEqual(before["sessions"]?.arrayValue?.compactMap { $0["id"]?.stringValue },
                       ["phys", "s1", "feed", "comp", "g", "s2", "tmp"])
        await c.close()
    }

    /// Records a session of scrolls to `path`, with a snapshot every 2 calls
    /// (the recovery's own requests go out between the caller's); with
    /// `killing`, the worker is SIGKILLed before every third call.
    static func recordedRun(_ path: String, killing: Bool) async throws -> [Double] {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20, record: path, snapshotEvery: 2)
        let s = try await c.create(viewport: (width: 375, height: 800), children: [.scroll("web", contentHeight: 4000)]).session
        var offsets: [Double] = []
        for k in 0..<12 {
            if killing && k % 3 == 0 { kill(c.workerPid, SIGKILL) }
            offsets.append(try await c.scroll(session: s, offset: Double(100 * k)).offset)
        }
        await c.close()
        return offsets
    }

    /// A recovered call's reply is the one the recorder writes: the transcript
    /// of a run whose worker is killed four times is that of an uninterrupted
    /// run, byte for byte, with none of the recovery's own lines.
    func testARecordedSessionAcrossKillsIsTheUninterruptedOne() async throws {
        let dir = NSTemporaryDirectory() + "omniscroll-recrec-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let killed = try await Self.recordedRun(dir + "/killed.jsonl", killing: true)
        let plain = try await Self.recordedRun(dir + "/plain.jsonl", killing: false)
        XCTAssertEqual(killed, plain)
        let text = try String(contentsOfFile: dir + "/killed.jsonl", encoding: .utf8)
        XCTAssertEqual(text, try String(contentsOfFile: dir + "/plain.jsonl", encoding: .utf8))
        XCTAssertFalse(text.contains("~r"))
        XCTAssertEqual(try Transcript.replay(path: dir + "/killed.jsonl", executable: try workerPath()).map(\.description), [])
    }

    /// A worker that SIGKILLs itself when a request line holds "crashme", once
    /// every line before it is answered: a deterministic crash on one call.
    func crashingWorker() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("needs python3") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("omniscroll-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("crashing-worker").path
        try """
        #!/usr/bin/python3
        import os, signal, subprocess, sys
        w = subprocess.Popen([\(String(reflecting: try workerPath()))] + sys.argv[1:], stdin=subprocess.PIPE, stdout=sys.stdout.fileno())
        for line in sys.stdin.buffer:
            if b"crashme" in line:
                w.stdin.close()
                w.wait()
                os.kill(os.getpid(), signal.SIGKILL)
            w.stdin.write(line)
            w.stdin.flush()

        """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func testSecondDeathOnOneCallThrowsWithATranscript() async throws {
        let steps = try Self.workload()
        let restarts = Restarts()
        let c = try OmniScrollClient(executable: try crashingWorker(), timeout: 20, onWorkerDidRestart: { restarts.add($0) })
        _ = try await c.request(steps[1].method, steps[1].params)
        _ = try await c.request("session.scroll", ["session": "phys", "offset": 300])
        var transcript: String?
        do {
            _ = try await c.request("session.create", ["id": "crashme", "viewport": ["width": 1, "height": 1], "children": []])
            XCTFail("expected workerDied")
        } catch let e as OmniScrollClientError {
            guard case .workerDied(_, _, _, let detail, let path) = e else { return XCTFail("\(e)") }
            transcript = path
            XCTAssertTrue(detail.contains(path ?? "?"))
        }
        await c.close()
        XCTAssertEqual(restarts.all.count, 1)
        let (args, exchanges) = try Transcript.loadWithArgs(path: try XCTUnwrap(transcript))
        XCTAssertEqual(args, [])
        XCTAssertEqual(exchanges.count, 3)
        XCTAssertNil(exchanges.last?.expect)
        XCTAssertTrue(String(decoding: exchanges[2].send, as: UTF8.self).contains("crashme"))
        // The answered lines are the replies a fresh worker gives.
        let w = try RawWorker(executable: try workerPath())
        for ex in exchanges.dropLast() {
            _ = w.send(ex.send + [0x0A])
            XCTAssertEqual(try w.readReply(timeout: 20), ex.expect)
        }
        w.closeInput()
        _ = w.close()
    }

    func testRecoverFalseReportsTheDeath() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20, recover: false)
        _ = try await c.request("session.list")
        kill(c.workerPid, SIGKILL)
        do {
            _ = try await c.request("session.list")
            XCTFail("expected workerDied")
        } catch let e as OmniScrollClientError {
            guard case .workerDied = e else { return XCTFail("\(e)") }
        }
        await c.close()
    }

    func testSnapshotEveryIsBounded() throws {
        XCTAssertThrowsError(try OmniScrollClient(executable: try workerPath(), snapshotEvery: 0))
        XCTAssertThrowsError(try OmniScrollClient(executable: try workerPath(), snapshotEvery: 4097))
    }
}

/// The restarts `onWorkerDidRestart` reported (it runs on the client's threads).
final class Restarts: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [WorkerRestart] = []
    func add(_ r: WorkerRestart) { lock.lock(); list.append(r); lock.unlock() }
    var all: [WorkerRestart] { lock.lock(); defer { lock.unlock() }; return list }
}
