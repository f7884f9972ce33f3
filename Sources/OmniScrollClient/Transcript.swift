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

    /// Reads a transcript. JSON string escapes `\udc80`…`\udcff` standing
    /// alone are raw bytes 0x80…0xFF (Python's surrogateescape), so
    /// transcripts can carry invalid UTF-8.
    public static func load(path: String) throws -> [Exchange] { try loadWithArgs(path: path).exchanges }

    /// The worker flags (an optional first line `{"args": [...]}`) and the exchanges.
    public static func loadWithArgs(path: String) throws -> (args: [String], exchanges: [Exchange]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OmniScrollClientError.invalidArgument("cannot read \(path)")
        }
        var out: [Exchange] = []
        var args: [String] = []
        var lineNo = 0
        for raw in [UInt8](data).split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNo += 1
            if raw.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            if out.isEmpty, args.isEmpty, var parser = Optional(JSONParser()),
               let header = try? parser.parse(Array(raw)).value, header["send"] == nil, let a = header["args"] {
                guard let list = a.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    throw OmniScrollClientError.invalidArgument("\(path):\(lineNo): args must be an array of strings")
                }
                args = list.compactMap(\.stringValue)
                continue
            }
            var s = Scanner(bytes: Array(raw))
            guard let members = s.object() else {
                throw OmniScrollClientError.invalidArgument("\(path):\(lineNo): not a transcript exchange")
            }
            guard case .some(.some(let send)) = members["send"], let expect = members["expect"] else {
                throw OmniScrollClientError.invalidArgument("\(path):\(lineNo): needs send and expect")
            }
            out.append(Exchange(line: lineNo, send: send, expect: expect))
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

    /// Decodes one transcript line into its `send` and `expect` bytes.
    public static func decodeLine(_ line: [UInt8]) -> (send: [UInt8], expect: [UInt8]?)? {
        var s = Scanner(bytes: line)
        guard let members = s.object(), case .some(.some(let send)) = members["send"],
              let expect = members["expect"] else { return nil }
        return (send, expect)
    }

    /// A minimal scanner for `{"key": "string" | null, ...}` lines.
    struct Scanner {
        let bytes: [UInt8]
        var i = 0
        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func ws() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }

        mutating func object() -> [String: [UInt8]?]? {
            ws()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
            i += 1
            var out: [String: [UInt8]?] = [:]
            ws()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return out }
            while true {
                ws()
                guard let k = string() else { return nil }
                ws()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                ws()
                if bytes[i...].starts(with: Array("null".utf8)) {
                    i += 4
                    out[String(decoding: k, as: UTF8.self)] = .some(nil)
                } else {
                    guard let v = string() else { return nil }
                    out[String(decoding: k, as: UTF8.self)] = .some(v)
                }
                ws()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; ws(); return i == bytes.count ? out : nil }
                return nil
            }
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
                return nil
            }
            i += 4
            return v
        }

        mutating func string() -> [UInt8]? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            var out: [UInt8] = []
            func utf8(_ c: UInt32) {
                if let s = Unicode.Scalar(c) { out.append(contentsOf: Array(String(Character(s)).utf8)) }
            }
            while i < bytes.count {
                let b = bytes[i]
                i += 1
                if b == UInt8(ascii: "\"") { return out }
                if b != UInt8(ascii: "\\") { out.append(b); continue }
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard let u = hex4() else { return nil }
                    if u >= 0xD800 && u <= 0xDBFF, i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
                       bytes[i + 1] == UInt8(ascii: "u") {
                        let save = i
                        i += 2
                        if let l = hex4(), l >= 0xDC00 && l <= 0xDFFF {
                            utf8(0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00))
                            continue
                        }
                        i = save
                    }
                    if u >= 0xDC80 && u <= 0xDCFF {
                        out.append(UInt8(u - 0xDC00))  // surrogateescape: a raw byte
                    } else if u >= 0xD800 && u <= 0xDFFF {
                        out.append(contentsOf: [0xEF, 0xBF, 0xBD])  // other lone surrogates: U+FFFD
                    } else {
                        utf8(u)
                    }
                default: out.append(e)  // \" \\ \/
                }
            }
            return nil
        }
    }
}
