import Foundation
import OmniScrollJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A worker spoken to in raw bytes (no JSON handling): for conformance
/// transcripts and protocol tests. Reads are bounded in time and buffer size.
public final class RawWorker: @unchecked Sendable {
    private let process: Process
    private let stdinHandle: FileHandle
    private let stdoutFD: Int32
    private let stderrFD: Int32
    private let pipes: [Pipe]
    private let cond = NSCondition()
    private var buffer: [UInt8] = []
    private var eof = false
    private let maxBuffer: Int
    private let tail: StderrTail
    private let exited = Gate()
    private var inputOpen = true

    public init(executable: String? = nil, arguments: [String] = [], maxBuffer: Int = 64 << 20,
                stderrTailBytes: Int = 16 << 10) throws {
        signal(SIGPIPE, SIG_IGN)
        let path = try resolveOmniScrollBinary(executable)
        self.maxBuffer = maxBuffer
        tail = StderrTail(limit: stderrTailBytes)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let i = Pipe(), o = Pipe(), e = Pipe()
        p.standardInput = i
        p.standardOutput = o
        p.standardError = e
        let exited = self.exited
        p.terminationHandler = { _ in exited.open() }
        do { try p.run() } catch { throw OmniScrollClientError.spawnFailed("\(path): \(error)") }
        process = p
        pipes = [i, o, e]
        stdinHandle = i.fileHandleForWriting
        stdoutFD = o.fileHandleForReading.fileDescriptor
        stderrFD = e.fileHandleForReading.fileDescriptor
        Thread { [self] in pump() }.start()
        Thread { [self] in pumpStderr() }.start()
    }

    public var stderrTail: String { tail.text }

    private func pump() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let r = chunk.withUnsafeMutableBytes { rawRead(stdoutFD, $0.baseAddress!, 65536) }
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { break }
            cond.lock()
            while buffer.count + r > maxBuffer && !buffer.isEmpty { _ = cond.wait(until: Date(timeIntervalSinceNow: 1)) }
            buffer.append(contentsOf: chunk[0..<r])
            cond.broadcast()
            cond.unlock()
        }
        cond.lock(); eof = true; cond.broadcast(); cond.unlock()
    }

    private func pumpStderr() {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let r = chunk.withUnsafeMutableBytes { rawRead(stderrFD, $0.baseAddress!, 16384) }
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { return }
            chunk.withUnsafeBytes { tail.feed(UnsafeRawBufferPointer(rebasing: $0[0..<r])) }
        }
    }

    /// Writes bytes; false when the worker no longer reads its input.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        guard inputOpen else { return false }
        let fd = stdinHandle.fileDescriptor
        var off = 0
        return bytes.withUnsafeBytes { buf in
            while off < buf.count {
                let r = rawWrite(fd, buf.baseAddress! + off, buf.count - off)
                if r < 0 { if errno == EINTR { continue }; return false }
                off += r
            }
            return true
        }
    }

    public func closeInput() {
        if inputOpen { inputOpen = false; try? stdinHandle.close() }
    }

    private func died(_ detail: String) -> OmniScrollClientError {
        _ = exited.wait(timeout: 1)
        let known = exited.opened && !process.isRunning
        return .workerDied(status: known ? process.terminationStatus : nil,
                           signaled: known && process.terminationReason == .uncaughtSignal,
                           stderrTail: tail.text, detail: detail)
    }

    /// The next reply: one line without its `\n` or, with `lsp`, one whole
    /// `Content-Length` frame (headers and body).
    public func readReply(timeout: Double, lsp: Bool = false) throws -> [UInt8] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        cond.lock()
        defer { cond.unlock() }
        while true {
            if let frame = takeFrame(lsp: lsp) { return frame }
            if eof { break }
            if Date() >= deadline { throw OmniScrollClientError.timeout(method: "read reply", seconds: timeout) }
            _ = cond.wait(until: deadline)
        }
        let head = String(decoding: buffer.prefix(200), as: UTF8.self)
        cond.unlock()
        let error = died("end of output before a reply (buffered: \(head))")
        cond.lock()
        throw error
    }

    private func takeFrame(lsp: Bool) -> [UInt8]? {
        if !lsp {
            guard let nl = buffer.firstIndex(of: 0x0A) else { return nil }
            let line = Array(buffer[0..<nl])
            buffer.removeSubrange(0...nl)
            cond.broadcast()
            return line
        }
        let sep: [UInt8] = [13, 10, 13, 10]
        guard buffer.count >= 4 else { return nil }
        var end: Int? = nil
        for i in 0...(buffer.count - 4) where Array(buffer[i..<i + 4]) == sep { end = i; break }
        guard let end else { return nil }
        let headers = String(decoding: buffer[0..<end], as: UTF8.self)
        var length: Int? = nil
        for h in headers.split(separator: "\r\n") {
            let parts = h.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, buffer.count >= end + 4 + length else { return nil }
        let frame = Array(buffer[0..<(end + 4 + length)])
        buffer.removeSubrange(0..<(end + 4 + length))
        cond.broadcast()
        return frame
    }

    /// Everything still written until the worker closes stdout.
    public func readRest(timeout: Double) throws -> [UInt8] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        cond.lock()
        defer { cond.unlock() }
        while !eof {
            if Date() >= deadline { throw OmniScrollClientError.timeout(method: "read to end of output", seconds: timeout) }
            _ = cond.wait(until: deadline)
        }
        let rest = buffer
        buffer.removeAll()
        return rest
    }

    /// Closes stdin, waits (bounded), kills if needed; returns the exit status.
    @discardableResult
    public func close(timeout: Double = 5) -> Int32? {
        closeInput()
        if !exited.wait(timeout: timeout) {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            _ = exited.wait(timeout: timeout)
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

@inline(__always)
private func rawRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int { read(fd, p, n) }
@inline(__always)
private func rawWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }

/// Conformance transcripts (`protocol/conformance/*.jsonl`): one exchange per
/// line, `{"send": "<raw request line>", "expect": "<exact reply line>" | null}`.
public enum Transcript {
    public struct Exchange: Sendable, Equatable {
        public var line: Int
        public var send: [UInt8]
        public var expect: [UInt8]?
    }

    public struct Mismatch: Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var send: String
        public var expected: String?
        public var got: String?
        public var detail: String
        public var description: String {
            guard let e = expected, let g = got else {
                return "\(file):\(line): \(detail)\n  send:     \(send.prefix(300))\n  expected: \(expected.map { String($0.prefix(400)) } ?? "nothing")\n  got:      \(got.map { String($0.prefix(400)) } ?? "nothing")"
            }
            let eb = Array(e.utf8), gb = Array(g.utf8)
            var i = 0
            while i < eb.count, i < gb.count, eb[i] == gb[i] { i += 1 }
            let lo = max(0, i - 80)
            func window(_ b: [UInt8]) -> String { String(decoding: b[min(lo, b.count)..<min(i + 80, b.count)], as: UTF8.self) }
            return "\(file):\(line): \(detail) (first difference at byte \(i))\n  send:     \(send.prefix(300))\n  expected: …\(window(eb))…\n  got:      …\(window(gb))…"
        }
    }

    /// Reads a transcript's exchanges.
    public static func load(path: String) throws -> [Exchange] { try loadWithArgs(path: path).exchanges }

    /// The worker flags (an optional first line `{"args": [...]}`) and the exchanges.
    public static func loadWithArgs(path: String) throws -> (args: [String], exchanges: [Exchange]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OmniScrollClientError.invalidArgument("cannot read \(path)")
        }
        var out: [Exchange] = []
        var args: [String] = []
        var lineNo = 0
        var parser = JSONParser()
        for raw in [UInt8](data).split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNo += 1
            if raw.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard let entry = try? parser.parse(Array(raw)).value, entry.objectValue != nil else {
                throw OmniScrollClientError.invalidArgument("\(path):\(lineNo): not a JSON object")
            }
            if out.isEmpty, args.isEmpty, entry["send"] == nil, let list = entry["args"]?.arrayValue {
                guard list.allSatisfy({ $0.stringValue != nil }) else {
                    throw OmniScrollClientError.invalidArgument("\(path):\(lineNo): args must be an array of strings")
                }
                args = list.compactMap(\.stringValue)
                continue
            }
            guard let send = entry["send"]?.stringValue, let expect = entry["expect"],
                  expect.isNull || expect.stringValue != nil else {
                throw OmniScrollClientError.invalidArgument("\(path):\(lineNo): needs send (a string) and expect (a string or null)")
            }
            out.append(Exchange(line: lineNo, send: Array(send.utf8), expect: expect.stringValue.map { Array($0.utf8) }))
        }
        return (args, out)
    }

    /// Replays one transcript against a fresh worker (flags from its optional
    /// `{"args": [...]}` first line); returns the
    /// mismatches, empty when the worker conforms. Stops at the first one.
    public static func replay(path: String, executable: String? = nil, timeout: Double = 10) throws -> [Mismatch] {
        let name = (path as NSString).lastPathComponent
        let (args, exchanges) = try loadWithArgs(path: path)
        let w = try RawWorker(executable: executable, arguments: args)
        defer { w.close() }
        func text(_ b: [UInt8]?) -> String? { b.map { String(decoding: $0, as: UTF8.self) } }
        func mismatch(_ ex: Exchange?, _ got: [UInt8]?, _ detail: String) -> [Mismatch] {
            [Mismatch(file: name, line: ex?.line ?? 0, send: text(ex?.send) ?? "", expected: text(ex?.expect ?? nil),
                      got: text(got), detail: detail)]
        }
        for ex in exchanges {
            let sent = w.send(ex.send + [0x0A])
            guard let expected = ex.expect else { continue }
            if !sent { return mismatch(ex, nil, "worker stdin closed") }
            let got: [UInt8]
            do {
                got = try w.readReply(timeout: timeout, lsp: expected.starts(with: Array("Content-Length:".utf8)))
            } catch {
                return mismatch(ex, nil, "\(error)")
            }
            if got != expected {
                return mismatch(ex, got, "reply differs (a null expect before this line may have been answered)")
            }
        }
        w.closeInput()
        do {
            let rest = try w.readRest(timeout: timeout)
            if !rest.isEmpty { return mismatch(exchanges.last, rest, "unexpected output after the last exchange") }
        } catch {
            return mismatch(exchanges.last, nil, "\(error)")
        }
        return []
    }
}
