import Foundation
import OmniScrollJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bounded tail of the worker's stderr.
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    func feed(_ chunk: UnsafeRawBufferPointer) {
        lock.lock(); defer { lock.unlock() }
        bytes.append(contentsOf: chunk)
        if bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
    }

    var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A one-shot gate: `open()` once, `wait(timeout:)` from anywhere.
final class Gate: @unchecked Sendable {
    private let cond = NSCondition()
    private var isOpen = false
    func open() { cond.lock(); isOpen = true; cond.broadcast(); cond.unlock() }
    @discardableResult
    func wait(timeout seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        cond.lock(); defer { cond.unlock() }
        while !isOpen { if !cond.wait(until: deadline) { return isOpen } }
        return true
    }
    var opened: Bool { cond.lock(); defer { cond.unlock() }; return isOpen }
    /// Waits on a GCD thread so no Swift-concurrency thread blocks.
    func waitAsync(timeout seconds: Double) async -> Bool {
        if opened { return true }
        return await withCheckedContinuation { (c: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async { c.resume(returning: self.wait(timeout: seconds)) }
        }
    }
}

/// One reply slot: a JSON-RPC result or error object.
public enum Outcome: Sendable {
    case result(JSONValue)
    case error(OmniScrollRPCError)
}

/// Process, pipes and reply matching. Thread-safe; one reader thread per worker.
final class Transport: @unchecked Sendable {
    struct Options: Sendable {
        var maxInFlight: Int
        var maxLineBytes: Int
        var stderrTailBytes: Int
        var closeTimeout: Double
        /// Recovery (clients/README.md): nil turns it off.
        var snapshotEvery: Int?
        var onWorkerDidRestart: (@Sendable (WorkerRestart) -> Void)?
    }

    /// One worker process and its pipes; a recovery replaces it.
    private struct Worker {
        let process: Process
        let stdin: FileHandle
        let stdoutFD: Int32
        let stderrFD: Int32
        let exited: Gate
        let stderrDone = Gate()
        /// Kept so the pipes' read ends live as long as the worker.
        let pipes: [Pipe]
    }

    private final class Line {
        var remaining: Set<Int>
        var outcomes: [Int: Outcome] = [:]
        var continuation: CheckedContinuation<[Int: Outcome], Error>?
        var timeoutItem: DispatchWorkItem?
        let method: String
        init(ids: Set<Int>, method: String) { remaining = ids; self.method = method }
    }

    let options: Options
    let tail: StderrTail
    private let recovery: Recovery?
    private let executable: String
    private let arguments: [String]
    private let environment: [String: String]?
    private var worker: Worker  // replaced under both locks

    private let lock = NSLock()
    private let writeLock = NSLock()
    private var stdinOpen = true
    private var nextID = 1
    private var nextLine = 1
    private var lines: [Int: Line] = [:]
    private var lineOrder: [Int] = []  // send order; may hold finished lines until pruned
    private var idToLine: [Int: Int] = [:]
    private var inFlight = 0
    private var slotWaiters: [(n: Int, c: CheckedContinuation<Void, Error>)] = []
    private var dead: OmniScrollClientError?
    private(set) var closed = false
    private var unmatched: [OmniScrollRPCError] = []

    private let readerDone = Gate()

    /// The current worker's process (a new one after each recovery).
    var process: Process { lock.lock(); defer { lock.unlock() }; return worker.process }
    var exited: Gate { lock.lock(); defer { lock.unlock() }; return worker.exited }

    /// Every message written and every reply read, as a conformance transcript (`record:`).
    let recorder: Recorder?

    init(executable: String, arguments: [String], environment: [String: String]?, options: Options,
         record: String? = nil) throws {
        signal(SIGPIPE, SIG_IGN)  // a dead worker must give EPIPE, not kill the client
        self.options = options
        recorder = try record.map { try Recorder(path: $0, arguments: arguments) }
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        recovery = try options.snapshotEvery.map { try Recovery(arguments: arguments, every: $0) }
        tail = StderrTail(limit: options.stderrTailBytes)
        worker = try Transport.launch(executable, arguments, environment)
        let reader = Thread { [self] in readLoop() }
        reader.name = "omniscroll-reader"
        reader.start()
        startStderrReader(worker)
    }

    private static func launch(_ executable: String, _ arguments: [String], _ environment: [String: String]?) throws -> Worker {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let environment { p.environment = environment }
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = errPipe
        let exited = Gate()
        p.terminationHandler = { _ in exited.open() }
        do {
            try p.run()
        } catch {
            throw OmniScrollClientError.spawnFailed("\(executable): \(error)")
        }
        return Worker(process: p, stdin: inPipe.fileHandleForWriting, stdoutFD: outPipe.fileHandleForReading.fileDescriptor,
                      stderrFD: errPipe.fileHandleForReading.fileDescriptor, exited: exited, pipes: [inPipe, outPipe, errPipe])
    }

    private func startStderrReader(_ w: Worker) {
        let errReader = Thread { [self] in stderrLoop(w.stderrFD, done: w.stderrDone) }
        errReader.name = "omniscroll-stderr"
        errReader.start()
    }

    var unmatchedErrors: [OmniScrollRPCError] { lock.lock(); defer { lock.unlock() }; return unmatched }

    // MARK: sending

    struct Request: Sendable {
        var method: String
        var params: JSONValue?
        var notify: Bool
    }

    /// Sends one message (a single request, or a batch when `asBatch`) and
    /// waits for every reply of its requests. Returns outcomes in order; nil
    /// for notifications.
    func send(_ requests: [Request], asBatch: Bool, timeout: Double) async throws -> [Outcome?] {
        let n = requests.filter { !$0.notify }.count
        guard n <= options.maxInFlight else {
            throw OmniScrollClientError.invalidArgument("batch of \(n) requests exceeds maxInFlight=\(options.maxInFlight)")
        }
        for r in requests {
            if let p = r.params, let bad = Transport.nonFinite(p, path: "params") {
                throw OmniScrollClientError.invalidArgument("\(r.method): \(bad) is not a finite number")
            }
        }
        try await acquireSlots(n)
        // Allocate ids and encode.
        let (lineNo, ids) = allocate(requests)
        var w = JSONWriter(capacity: 256)
        if asBatch { w.beginArray() }
        for (r, id) in zip(requests, ids) {
            w.beginObject()
            w.key("jsonrpc"); w.string("2.0")
            if let id { w.key("id"); w.number(id) }
            w.key("method"); w.string(r.method)
            if let p = r.params { w.key("params"); w.value(p) }
            w.endObject()
        }
        if asBatch { w.endArray() }
        w.appendFraming("\n")
        let bytes = w.bytes
        let idSet = Set(ids.compactMap { $0 })
        let record = recovery.map { r in { (b: [UInt8]) in r.sent(b, calls: requests, ids: ids) } }
        if idSet.isEmpty {
            try write(bytes, answered: false, recording: record)
            return ids.map { _ in nil }
        }
        let method = requests.first { !$0.notify }?.method ?? requests[0].method
        let outcomes: [Int: Outcome] = try await withCheckedThrowingContinuation { c in
            let line = Line(ids: idSet, method: method)
            line.continuation = c
            lock.lock()
            // A client closed by its owner says so, even once the worker it
            // shut down has gone (which the reader records as a death).
            if closed {
                inFlight -= n
                lock.unlock()
                c.resume(throwing: OmniScrollClientError.closed)
                return
            }
            if let dead {
                inFlight -= n
                lock.unlock()
                c.resume(throwing: dead)
                return
            }
            lines[lineNo] = line
            lineOrder.append(lineNo)
            for id in idSet { idToLine[id] = lineNo }
            let item = DispatchWorkItem { [weak self] in self?.expire(lineNo, timeout: timeout) }
            line.timeoutItem = item
            lock.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: item)
            do {
                try write(bytes, answered: true, recording: record)
            } catch {
                finish(lineNo, error: error)
            }
        }
        return ids.map { id in id.flatMap { outcomes[$0] } }
    }

    private func allocate(_ requests: [Request]) -> (Int, [Int?]) {
        lock.lock(); defer { lock.unlock() }
        let lineNo = nextLine
        nextLine += 1
        var ids: [Int?] = []
        for r in requests {
            if r.notify { ids.append(nil) } else { ids.append(nextID); nextID += 1 }
        }
        return (lineNo, ids)
    }

    static func nonFinite(_ v: JSONValue, path: String) -> String? {
        switch v {
        case .number(let d): return d.isFinite ? nil : path
        case .array(let a):
            for (i, e) in a.enumerated() { if let p = nonFinite(e, path: "\(path)[\(i)]") { return p } }
            return nil
        case .object(let o):
            for m in o.members { if let p = nonFinite(m.value, path: "\(path).\(m.key)") { return p } }
            return nil
        default: return nil
        }
    }

    private func acquireSlots(_ n: Int) async throws {
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, Error>) in
            lock.lock()
            if closed { lock.unlock(); c.resume(throwing: OmniScrollClientError.closed); return }
            if let dead { lock.unlock(); c.resume(throwing: dead); return }
            if slotWaiters.isEmpty && inFlight + n <= options.maxInFlight {
                inFlight += n
                lock.unlock()
                c.resume()
                return
            }
            slotWaiters.append((n, c))
            lock.unlock()
        }
    }

    /// Call with the lock held; returns continuations to resume after unlocking.
    private func releaseSlotsLocked(_ n: Int) -> [CheckedContinuation<Void, Error>] {
        inFlight -= n
        var ready: [CheckedContinuation<Void, Error>] = []
        while let first = slotWaiters.first, inFlight + first.n <= options.maxInFlight {
            slotWaiters.removeFirst()
            inFlight += first.n
            ready.append(first.c)
        }
        return ready
    }

    /// The one place request bytes are written: one message, ending with `\n`;
    /// `answered`: whether a reply answers it. The recorder gets the message
    /// as the caller sent it; `recording` (recovery) journals it and may put
    /// its own snapshot requests before it, under the write lock so lines are
    /// recorded in the order they are written, and a failed write is then
    /// left to the recovery to re-send.
    func write(_ original: [UInt8], answered: Bool, recording: (([UInt8]) -> [UInt8])? = nil) throws {
        writeLock.lock(); defer { writeLock.unlock() }
        guard stdinOpen else { throw deadOrClosed("the worker's stdin is closed") }
        recorder?.sent(original, answered: answered)
        let bytes = recording?(original) ?? original
        do {
            try writeAll(bytes, to: worker.stdin.fileDescriptor)
        } catch _ where recording != nil && !(recovery?.stopping ?? true) {
            return  // recorded: the reader re-sends it to the next worker
        }
    }

    /// With the write lock held.
    private func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
        var off = 0
        try bytes.withUnsafeBytes { buf in
            while off < buf.count {
                let r = Glibc_write(fd, buf.baseAddress! + off, buf.count - off)
                if r < 0 {
                    if errno == EINTR { continue }
                    throw deadOrClosed("writing to the worker failed (errno \(errno))")
                }
                off += r
            }
        }
    }

    /// The error for a failed write: a write fails because the worker is
    /// gone, so wait (bounded) for its exit to report how it ended, the same
    /// answer the reader gives when it sees end of output.
    private func deadOrClosed(_ detail: String) -> OmniScrollClientError {
        do {
            lock.lock(); defer { lock.unlock() }
            if closed { return .closed }
            if let dead { return dead }
        }
        _ = exited.wait(timeout: options.closeTimeout)
        return diedError(detail)
    }

    func closeStdin() {
        writeLock.lock(); defer { writeLock.unlock() }
        if stdinOpen {
            stdinOpen = false
            try? worker.stdin.close()
        }
    }

    // MARK: completion

    private func expire(_ lineNo: Int, timeout: Double) {
        lock.lock()
        let method = lines[lineNo]?.method ?? "request"
        lock.unlock()
        finish(lineNo, error: OmniScrollClientError.timeout(method: method, seconds: timeout))
    }

    /// Removes a line and fails it (timeout, write failure).
    private func finish(_ lineNo: Int, error: Error) {
        lock.lock()
        guard let line = lines.removeValue(forKey: lineNo) else { lock.unlock(); return }
        for id in line.remaining { idToLine[id] = nil }
        for id in line.outcomes.keys { idToLine[id] = nil }
        let ready = releaseSlotsLocked(line.remaining.count + line.outcomes.count)
        let c = line.continuation
        line.continuation = nil
        line.timeoutItem?.cancel()
        lock.unlock()
        ready.forEach { $0.resume() }
        c?.resume(throwing: error)
    }

    /// Records one reply; with the lock held. Returns the finished line, if any.
    private func recordLocked(id: Int, outcome: Outcome) -> (Line, [CheckedContinuation<Void, Error>])? {
        guard let lineNo = idToLine.removeValue(forKey: id), let line = lines[lineNo] else { return nil }
        line.remaining.remove(id)
        line.outcomes[id] = outcome
        guard line.remaining.isEmpty else { return nil }
        lines[lineNo] = nil
        let ready = releaseSlotsLocked(line.outcomes.count)
        line.timeoutItem?.cancel()
        return (line, ready)
    }

    private func oldestLineLocked() -> Int? {
        var i = 0
        while i < lineOrder.count, lines[lineOrder[i]] == nil { i += 1 }
        if i > 0 { lineOrder.removeFirst(i) }
        return lineOrder.first
    }

    private func dispatch(_ message: JSONValue) {
        let items: [JSONValue]
        if case .array(let a) = message { items = a } else { items = [message] }
        var finished: [(Line, [CheckedContinuation<Void, Error>])] = []
        lock.lock()
        for item in items {
            guard case .object(let o) = item else { continue }
            let outcome: Outcome
            if let e = o["error"] { outcome = .error(OmniScrollRPCError(json: e)) } else { outcome = .result(o["result"] ?? .null) }
            if let id = o["id"]?.intValue {
                if let f = recordLocked(id: id, outcome: outcome) { finished.append(f) }
            } else if o["id"]?.isNull ?? true, case .error(let e) = outcome {
                // Replies come in request order: an id-less error answers the
                // oldest line still waiting (e.g. a rejected batch).
                if let lineNo = oldestLineLocked(), let line = lines[lineNo] {
                    for id in line.remaining {
                        if let f = recordLocked(id: id, outcome: outcome) { finished.append(f) }
                    }
                } else {
                    unmatched.append(e)
                    if unmatched.count > 16 { unmatched.removeFirst() }
                }
            }
        }
        if lineOrder.count > 64 { _ = oldestLineLocked() }
        lock.unlock()
        for (line, ready) in finished {
            ready.forEach { $0.resume() }
            let c = line.continuation
            line.continuation = nil
            c?.resume(returning: line.outcomes)
        }
    }

    private func failAll(_ error: OmniScrollClientError) {
        lock.lock()
        if dead == nil { dead = error }
        let all = Array(lines.values)
        lines.removeAll()
        idToLine.removeAll()
        lineOrder.removeAll()
        let waiters = slotWaiters.map(\.c)
        slotWaiters.removeAll()
        inFlight = 0
        lock.unlock()
        for w in waiters { w.resume(throwing: error) }
        for l in all {
            l.timeoutItem?.cancel()
            let c = l.continuation
            l.continuation = nil
            c?.resume(throwing: error)
        }
    }

    func markClosed() {
        lock.lock(); closed = true; lock.unlock()
    }

    func failRemaining(_ error: OmniScrollClientError) {
        failAll(error)
    }

    // MARK: reading

    private func readLoop() {
        defer { readerDone.open() }
        var parser = JSONParser(maxDepth: 1024)
        var pendingBytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var stdoutFD = worker.stdoutFD
        while true {
            let r = chunk.withUnsafeMutableBytes { Glibc_read(stdoutFD, $0.baseAddress!, 65536) }
            if r < 0 && errno == EINTR { continue }
            if r <= 0 {
                guard let next = endOfOutput(r < 0 ? "reading stdout failed (errno \(errno))" : "end of output") else { return }
                stdoutFD = next
                pendingBytes.removeAll()  // a reply cut short by the death: its line is re-sent
                continue
            }
            var start = 0
            var i = 0
            while i < r {
                if chunk[i] == 0x0A {
                    let ok: Bool
                    if pendingBytes.isEmpty {
                        ok = chunk.withUnsafeBytes { handle(UnsafeRawBufferPointer(rebasing: $0[start..<i]), &parser) }
                    } else {
                        pendingBytes.append(contentsOf: chunk[start..<i])
                        ok = pendingBytes.withUnsafeBytes { handle($0, &parser) }
                        pendingBytes.removeAll(keepingCapacity: false)
                    }
                    if !ok { return }
                    start = i + 1
                }
                i += 1
            }
            if start < r {
                pendingBytes.append(contentsOf: chunk[start..<r])
                if pendingBytes.count > options.maxLineBytes {
                    violation("reply line longer than maxLineBytes=\(options.maxLineBytes)")
                    return
                }
            }
        }
    }

    /// At the end of the worker's output: starts a new worker and has the
    /// recovery's replay written to it (clients/README.md, "Recovery"), and
    /// returns the new worker's stdout; or fails every call and returns nil
    /// (recovery off, the client closing, or a second death on the same call).
    private func endOfOutput(_ detail: String) -> Int32? {
        let closedNow: Bool = { lock.lock(); defer { lock.unlock() }; return closed }()
        if closedNow && { lock.lock(); defer { lock.unlock() }; return lines.isEmpty }() { return nil }
        let old = worker
        _ = old.exited.wait(timeout: options.closeTimeout)
        _ = old.stderrDone.wait(timeout: 1)
        let died = diedError(detail)
        guard let recovery, !closedNow, !recovery.stopping else {
            failAll(died)
            return nil
        }
        let new: Worker
        do {
            try recovery.noteDeath(died)
            new = try Transport.launch(executable, arguments, environment)
        } catch {
            failAll(error as? OmniScrollClientError ?? died)
            return nil
        }
        startStderrReader(new)
        // A thread writes: the worker's replies to a long replay must be read meanwhile.
        let writer = Thread { [self] in
            writeLock.lock()
            lock.lock(); worker = new; lock.unlock()
            // Every line recorded so far went to the dead worker: the replay holds it.
            let replay = recovery.replay()
            // Told before any reply of the new worker can arrive.
            options.onWorkerDidRestart?(WorkerRestart(pid: new.process.processIdentifier,
                                                      previousPid: old.process.processIdentifier,
                                                      sessions: recovery.sessionCount, resent: recovery.resent))
            try? writeAll(replay, to: new.stdin.fileDescriptor)
            writeLock.unlock()
        }
        writer.name = "omniscroll-replay"
        writer.start()
        return new.stdoutFD
    }

    func diedError(_ detail: String) -> OmniScrollClientError {
        let process = self.process
        if exited.opened && !process.isRunning {
            let signaled = process.terminationReason == .uncaughtSignal
            return .workerDied(status: process.terminationStatus, signaled: signaled, stderrTail: tail.text, detail: detail)
        }
        return .workerDied(status: nil, signaled: false, stderrTail: tail.text, detail: detail)
    }

    private func violation(_ text: String) {
        failAll(.protocolViolation(text))
        kill(process.processIdentifier, SIGKILL)
    }

    /// The one place a reply line is handled: parses and dispatches it; false
    /// on a fatal protocol violation.
    private func handle(_ bytes: UnsafeRawBufferPointer, _ parser: inout JSONParser) -> Bool {
        if bytes.isEmpty { return true }
        if let recovery, Recovery.isOwnReply(bytes) {
            recovery.receivedOwn(bytes)  // no caller's: kept as bytes, never parsed
            return true
        }
        do {
            let doc = try parser.parse(bytes)
            // The recovery's own replies (snapshots, replay) are no caller's:
            // the recorder sees only the replies the caller gets.
            if recovery?.received(bytes, doc.value) != true { recorder?.received(bytes) }
            dispatch(doc.value)
            return true
        } catch {
            recorder?.received(bytes)
            let head = String(decoding: bytes.prefix(200), as: UTF8.self)
            violation("worker wrote a non-JSON line (\(error)): \(head)")
            return false
        }
    }

    private func stderrLoop(_ stderrFD: Int32, done: Gate) {
        defer { done.open() }
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let r = chunk.withUnsafeMutableBytes { Glibc_read(stderrFD, $0.baseAddress!, 16384) }
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { return }
            chunk.withUnsafeBytes { tail.feed(UnsafeRawBufferPointer(rebasing: $0[0..<r])) }
        }
    }

    // MARK: shutdown

    func waitForExit(timeout: Double) async -> Bool { await exited.waitAsync(timeout: timeout) }
    func waitForReader(timeout: Double) async -> Bool { await readerDone.waitAsync(timeout: timeout) }

    func killWorker(_ sig: Int32 = SIGKILL) {
        let process = self.process
        if process.isRunning { kill(process.processIdentifier, sig) }
    }
}

@inline(__always)
private func Glibc_read(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
    read(fd, p, n)
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    write(fd, p, n)
}
