import Foundation
import OmniScrollJSON

/// What `onWorkerDidRestart` is told after a dead worker was replaced and
/// every session restored (clients/README.md, "Recovery").
public struct WorkerRestart: Sendable, Equatable {
    /// The new worker's process id.
    public var pid: Int32
    public var previousPid: Int32
    /// The sessions restored.
    public var sessions: Int
    /// The request lines re-sent: the calls that had no reply.
    public var resent: Int
}

/// The bookkeeping that lets a session outlive its worker. The transport
/// calls it at three seams: `sent` where a request line is written (under its
/// write lock), `received` where a reply line is read, and `replay` when the
/// worker's output ends.
///
/// Per live session it keeps the latest snapshot (`base`, the bytes the
/// worker wrote: never decoded, sent back verbatim) and the successful
/// calls replied since (`calls`); after `every` such calls it asks the worker
/// for a fresh `session.snapshot` (an id of its own, sent after the next
/// request line), so a journal holds about `every` calls at most. A new
/// worker gets, in this order: `session.create`/`destroy` pairs that bring
/// its generated-id counter (`s<n>`) to where the dead worker's was, the
/// `session.defineTemplate` calls, each session's `session.restore` (or the
/// call that created it) and journal in creation order, and last the request
/// lines that had no reply, byte for byte. Requests run in order and the
/// engine is deterministic, so the re-sent lines get the replies the dead
/// worker would have written. Replay requests carry string ids (`"~r<n>"`)
/// that the client's own integer ids never equal, so their replies are
/// recognised and dropped.
final class Recovery: @unchecked Sendable {
    static let defaultSnapshotEvery = 1024
    static let maxSnapshotEvery = 4096
    /// Generated ids bumped past on a new worker: a client that let the
    /// worker name more sessions than this has its counter restored only this far.
    private static let maxIDBump = 100_000
    private static let prefix = "~r"
    /// A reply to the recovery's own request starts so; a result's member follows its id.
    private static let ownReply = Array("{\"jsonrpc\":\"2.0\",\"id\":\"~r".utf8)
    private static let resultMember = Array(",\"result\":".utf8)
    private static let creating: Set<String> = ["session.create", "grid.create", "session.restore"]

    /// A journaled call: the transport's request as it was sent.
    typealias Call = Transport.Request

    private final class Journal {
        var base: [UInt8]?  // the latest snapshot as the worker wrote it: never decoded, sent back verbatim
        var calls: [Call]
        var snapshotting = false
        init(creating: Call) { calls = [creating] }
    }

    let arguments: [String]
    let every: Int
    private let lock = NSLock()
    private var sessions: [String: Journal] = [:]
    private var order: [String] = []  // creation order
    private var templates: [Call] = []
    private var nextGenerated = 1
    private var isStopping = false
    private var nextLine = 0
    private var inflight: [Int: (bytes: [UInt8], unanswered: Int)] = [:]
    private var inflightOrder: [Int] = []  // may hold answered lines until pruned
    private var inflightHead = 0  // inflightOrder's lines before it are answered
    private var requests: [Int: (call: Call, line: Int)] = [:]
    private var internalIDs: [String: Journal?] = [:]
    private var queued: [String] = []
    private var nextInternal = 0
    // What the last death left: the oldest unanswered line, and whether the
    // worker was a restarted one that died before answering all it was sent.
    private var lastHead: Int?
    private var lastFailed = false
    private var replayLines: [[UInt8]]?  // what the current worker was sent by `replay`
    private var replies: [[UInt8]] = []
    private var answered = 0  // lines the current worker answered

    init(arguments: [String], every: Int) throws {
        guard (1...Recovery.maxSnapshotEvery).contains(every) else {
            throw OmniScrollClientError.invalidArgument("snapshotEvery must be from 1 to \(Recovery.maxSnapshotEvery)")
        }
        self.arguments = arguments
        self.every = every
    }

    /// Set once `shutdown` or `exit` is sent: a worker ending then is not revived.
    var stopping: Bool { lock.lock(); defer { lock.unlock() }; return isStopping }

    var sessionCount: Int { lock.lock(); defer { lock.unlock() }; return order.count }

    /// Request lines the last `replay` re-sent.
    var resent: Int { lock.lock(); defer { lock.unlock() }; return inflight.count }

    /// Records one request line about to be written (`ids` in step with
    /// `calls`, nil for notifications); returns the bytes to write (queued
    /// snapshot requests after it, so the worker answers the line before it
    /// takes the snapshot, which then holds it too).
    func sent(_ bytes: [UInt8], calls: [Call], ids: [Int?]) -> [UInt8] {
        lock.lock(); defer { lock.unlock() }
        var out: [UInt8] = []
        for sid in queued {
            if let s = sessions[sid] { out += internalLine("session.snapshot", .object(["session": .string(sid)]), s) }
        }
        queued.removeAll()
        var unanswered = 0
        for (c, id) in zip(calls, ids) {
            if c.method == "shutdown" || c.method == "exit" { isStopping = true }
            if id != nil { unanswered += 1 }
        }
        if unanswered > 0 {
            nextLine += 1
            inflight[nextLine] = (bytes, unanswered)
            inflightOrder.append(nextLine)
            for (c, id) in zip(calls, ids) { if let id { requests[id] = (c, nextLine) } }
        }
        if out.isEmpty { return bytes }
        return bytes + out
    }

    /// Whether a reply line answers the recovery's own request (its id
    /// `"~r<n>"`): `receivedOwn` takes it, unparsed.
    static func isOwnReply(_ raw: UnsafeRawBufferPointer) -> Bool {
        raw.count > ownReply.count && raw.prefix(ownReply.count).elementsEqual(ownReply)
    }

    /// Observes a reply to the recovery's own request, read off its bytes:
    /// a snapshot's result is kept as the worker wrote it.
    func receivedOwn(_ raw: UnsafeRawBufferPointer) {
        lock.lock(); defer { lock.unlock() }
        answered += 1
        if let replayLines, replies.count < replayLines.count { replies.append(Array(raw)) }
        let idStart = Recovery.ownReply.count - Recovery.prefix.utf8.count
        guard let quote = raw[Recovery.ownReply.count...].firstIndex(of: UInt8(ascii: "\"")) else { return }
        let id = String(decoding: raw[idStart..<quote], as: UTF8.self)
        let member = quote + 1
        let isResult = raw.count > member + Recovery.resultMember.count
            && raw[member..<(member + Recovery.resultMember.count)].elementsEqual(Recovery.resultMember)
        // docs/protocol.md: `result` is the line's last member.
        let end = raw.lastIndex(of: UInt8(ascii: "}")) ?? raw.count
        internalReply(id, isResult ? Array(raw[(member + Recovery.resultMember.count)..<end]) : nil)
    }

    /// Observes one reply line (already parsed) before the transport
    /// dispatches it; true when it answers the recovery's own request (a
    /// snapshot or a replayed call), which no caller is waiting for.
    func received(_ raw: UnsafeRawBufferPointer, _ message: JSONValue) -> Bool {
        lock.lock(); defer { lock.unlock() }
        answered += 1
        if let replayLines, replies.count < replayLines.count { replies.append(Array(raw)) }
        var own = false
        if case .array(let items) = message {
            for item in items where receivedItem(item) { own = true }
        } else {
            own = receivedItem(message)  // the hot path: one reply a line, no array made for it
        }
        if inflightOrder.count > 64 { _ = oldestLineLocked() }
        return own
    }

    /// One reply of a line; true when it answers the recovery's own request.
    private func receivedItem(_ item: JSONValue) -> Bool {
        guard case .object(let o) = item else { return false }
        let rid = o["id"]
        if let rid = rid?.stringValue, rid.hasPrefix(Recovery.prefix) {
            internalReply(rid, o["result"].map(Recovery.encoded))
            return true
        }
        guard let id = rid?.intValue, let entry = requests.removeValue(forKey: id) else {
            // An id-less error answers the oldest line.
            if rid?.isNull ?? true, let oldest = oldestLineLocked() { inflight[oldest] = nil }
            return false
        }
        if var held = inflight[entry.line] {
            held.unanswered -= 1
            inflight[entry.line] = held.unanswered > 0 ? held : nil
        }
        if let result = o["result"] { journal(entry.call, result) }
        return false
    }

    /// Notes a death; throws `.workerDied` with a transcript of the crash on
    /// a second death on the same call: the oldest unanswered line was that
    /// at the previous death too. Two restarted workers in a row that die
    /// before answering all they were sent (a worker that dies at start, a
    /// replay that crashes it) end it too.
    func noteDeath(_ died: OmniScrollClientError) throws {
        lock.lock(); defer { lock.unlock() }
        let head = oldestLineLocked()
        let failed = replayLines.map { answered == 0 || answered < $0.count } ?? false
        defer { (lastHead, lastFailed) = (head, failed) }
        guard (head != nil && head == lastHead) || (failed && lastFailed) else { return }
        let path = writeTranscript()
        guard case .workerDied(let status, let signaled, let tail, _, _) = died else { throw died }
        throw OmniScrollClientError.workerDied(
            status: status, signaled: signaled, stderrTail: tail,
            detail: "the worker died again on the same call; transcript of the crash: \(path ?? "not written")",
            transcript: path)
    }

    /// The bytes for a new worker (after `noteDeath`).
    func replay() -> [UInt8] {
        lock.lock(); defer { lock.unlock() }
        internalIDs.removeAll()
        queued.removeAll()
        var lines: [[UInt8]] = []
        for k in 1..<max(1, min(nextGenerated, Recovery.maxIDBump)) {
            lines.append(internalLine("session.create", .object(["viewport": ["width": 1, "height": 1], "children": []])))
            lines.append(internalLine("session.destroy", .object(["session": .string("s\(k)")])))
        }
        for t in templates { lines.append(internalLine(t.method, t.params)) }
        for sid in order {
            guard let s = sessions[sid] else { continue }
            s.snapshotting = false
            if let base = s.base { lines.append(restoreLine(base)) }
            for c in s.calls { lines.append(internalLine(c.method, c.params)) }
        }
        for line in inflightOrder { if let held = inflight[line] { lines.append(held.bytes) } }
        replayLines = lines
        replies = []
        answered = 0
        return lines.flatMap { $0 }
    }

    // MARK: journal

    private func journal(_ call: Call, _ result: JSONValue) {
        let params = call.params?.objectValue
        if let sid = params?["session"]?.stringValue {
            if call.method == "session.destroy" {
                sessions[sid] = nil
                order.removeAll { $0 == sid }
                return
            }
            guard let s = sessions[sid] else { return }
            if call.method == "session.snapshot" {  // the caller's own snapshot is as good as ours
                s.base = Recovery.encoded(result)
                s.calls = []
                return
            }
            s.calls.append(call)
            if s.calls.count >= every && !s.snapshotting {
                s.snapshotting = true
                queued.append(sid)
            }
        } else if Recovery.creating.contains(call.method), var p = params, let sid = result["session"]?.stringValue {
            let generated = call.method != "session.restore" && p["id"] == nil
            // Replayed with the id the worker gave, so it names the same session.
            p["id"] = .string(sid)
            if sessions[sid] != nil { order.removeAll { $0 == sid } }
            sessions[sid] = Journal(creating: Call(method: call.method, params: .object(p), notify: false))
            order.append(sid)
            if generated, sid.hasPrefix("s"), let n = Int(sid.dropFirst()), n > 0 {
                nextGenerated = max(nextGenerated, n + 1)
            }
        } else if call.method == "session.defineTemplate" {
            templates.append(call)
        }
    }

    private func internalLine(_ method: String, _ params: JSONValue?, _ session: Journal? = nil) -> [UInt8] {
        nextInternal += 1
        let id = "\(Recovery.prefix)\(nextInternal)"
        internalIDs[id] = .some(session)
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.key("jsonrpc"); w.string("2.0")
        w.key("id"); w.string(id)
        w.key("method"); w.string(method)
        if let params { w.key("params"); w.value(params) }
        w.endObject()
        w.appendFraming("\n")
        return w.bytes
    }

    private func internalReply(_ id: String, _ result: [UInt8]?) {
        guard let entry = internalIDs.removeValue(forKey: id), let s = entry else { return }
        s.snapshotting = false
        // Replies come in request order: every call journaled so far was sent
        // before the snapshot request, so the snapshot holds them all.
        if let result {
            s.base = result
            s.calls = []
        }
    }

    private static func encoded(_ value: JSONValue) -> [UInt8] {
        var w = JSONWriter(capacity: 1024)
        w.value(value)
        return w.bytes
    }

    /// A session.restore of a snapshot kept as the worker wrote it: sent back verbatim.
    private func restoreLine(_ snapshot: [UInt8]) -> [UInt8] {
        nextInternal += 1
        let id = "\(Recovery.prefix)\(nextInternal)"
        internalIDs[id] = .some(nil)
        var w = JSONWriter(capacity: snapshot.count + 96)
        w.beginObject()
        w.key("jsonrpc"); w.string("2.0")
        w.key("id"); w.string(id)
        w.key("method"); w.string("session.restore")
        w.key("params"); w.beginObject(); w.key("snapshot"); w.raw(snapshot); w.endObject()
        w.endObject()
        w.appendFraming("\n")
        return w.bytes
    }

    private func oldestLineLocked() -> Int? {
        while inflightHead < inflightOrder.count, inflight[inflightOrder[inflightHead]] == nil { inflightHead += 1 }
        // Answered lines are dropped from the front in bulk: removeFirst shifts
        // the rest, so once per reply would cost a window of lines per reply.
        if inflightHead > 64, inflightHead * 2 > inflightOrder.count {
            inflightOrder.removeFirst(inflightHead)
            inflightHead = 0
        }
        return inflightHead < inflightOrder.count ? inflightOrder[inflightHead] : nil
    }

    /// A conformance transcript (protocol/conformance/) of what the last
    /// worker was sent, up to the line it never answered: from a fresh
    /// worker it reproduces the crash (`omniscroll trace`).
    private func writeTranscript() -> String? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("omniscroll-crash-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)) != nil else { return nil }
        var text: [UInt8] = []
        func line(_ body: (inout JSONWriter) -> Void) {
            var w = JSONWriter(capacity: 1024)
            w.beginObject()
            body(&w)
            w.endObject()
            w.appendFraming("\n")
            text += w.bytes
        }
        line { w in w.key("args"); w.beginArray(); for a in arguments { w.string(a) }; w.endArray() }
        for (i, sent) in (replayLines ?? []).enumerated() {
            line { w in
                w.key("send"); w.string(String(decoding: sent.dropLast(), as: UTF8.self))
                w.key("expect")
                if i < replies.count { w.string(String(decoding: replies[i], as: UTF8.self)) } else { w.null() }
            }
            if i >= replies.count { break }
        }
        let url = dir.appendingPathComponent("transcript.jsonl")
        guard (try? Data(text).write(to: url)) != nil else { return nil }
        return url.path
    }
}
