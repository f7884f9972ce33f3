import Foundation
import XCTest
import OmniScrollJSON
#if canImport(Glibc)
import Glibc
#endif

/// The hostile-input catalogue: the real executable, fed over pipes. Each case
/// must get the right error, and the worker must still serve: after each case a
/// probe (`session.get` of a session no case touches) must answer with the same
/// bytes as before.
final class HostileInputTests: XCTestCase {
    /// A worker process driven interactively: write bytes, read replies as they come.
    final class LiveWorker: @unchecked Sendable {
        let process = Process()
        let input = Pipe(), output = Pipe(), errors = Pipe()
        private let lock = NSCondition()
        private var buffer: [UInt8] = []
        private var closed = false

        init(_ arguments: [String] = [], closeStdout: Bool = false) throws {
            guard let binary = WorkerProcessTests.workerBinary() else {
                throw XCTSkip("omniscroll executable not found next to the test bundle; build it first")
            }
            signal(SIGPIPE, SIG_IGN)
            process.executableURL = binary
            process.arguments = arguments
            // Under `swift test --sanitize=address` the worker is instrumented too: without a
            // quarantine its RSS reflects live memory, so the RSS checks below stay meaningful.
            var environment = ProcessInfo.processInfo.environment
            environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"
            process.environment = environment
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            if closeStdout {
                try output.fileHandleForReading.close()
            } else {
                let handle = output.fileHandleForReading
                Thread { [self] in
                    while true {
                        let data = handle.availableData
                        lock.lock()
                        if data.isEmpty { closed = true } else { buffer += data }
                        lock.broadcast()
                        lock.unlock()
                        if data.isEmpty { return }
                    }
                }.start()
            }
            Thread { [errors] in _ = errors.fileHandleForReading.readDataToEndOfFile() }.start()
        }

        var pid: Int32 { process.processIdentifier }

        /// Writes all of `bytes`; false once the worker stopped reading.
        @discardableResult
        func send(_ bytes: [UInt8]) -> Bool {
            let fd = input.fileHandleForWriting.fileDescriptor
            return bytes.withUnsafeBytes { b in
                var off = 0
                while off < b.count {
                    let r = write(fd, b.baseAddress! + off, b.count - off)
                    if r < 0 { if errno == EINTR { continue }; return false }
                    off += r
                }
                return true
            }
        }
        @discardableResult func send(_ text: String) -> Bool { send(Array(text.utf8)) }
        func closeInput() { try? input.fileHandleForWriting.close() }

        /// Waits for `predicate` over the unread output to return a count of bytes to take.
        private func take(timeout: TimeInterval, _ predicate: ([UInt8]) -> Int?) -> [UInt8]? {
            let deadline = Date().addingTimeInterval(timeout)
            lock.lock()
            defer { lock.unlock() }
            while true {
                if let n = predicate(buffer) {
                    let taken = Array(buffer[..<n])
                    buffer.removeFirst(n)
                    return taken
                }
                if closed || !lock.wait(until: deadline) { return nil }
            }
        }

        /// The next reply line (without its newline), or nil on timeout/end of output.
        func line(timeout: TimeInterval = 20) -> String? {
            take(timeout: timeout) { b in b.firstIndex(of: 0x0A).map { $0 + 1 } }
                .map { String(decoding: $0.dropLast(), as: UTF8.self) }
        }

        /// The next Content-Length-framed reply body.
        func framed(timeout: TimeInterval = 20) -> String? {
            take(timeout: timeout) { b in
                let sep: [UInt8] = [13, 10, 13, 10]
                guard b.count >= 4, let end = (0...(b.count - 4)).first(where: { Array(b[$0..<$0 + 4]) == sep }) else { return nil }
                let header = String(decoding: b[..<end], as: UTF8.self)
                guard header.hasPrefix("Content-Length: "), let n = Int(header.dropFirst(16)) else { return b.count }
                return b.count >= end + 4 + n ? end + 4 + n : nil
            }.map { bytes in
                let s = String(decoding: bytes, as: UTF8.self)
                return s.range(of: "\r\n\r\n").map { String(s[$0.upperBound...]) } ?? s
            }
        }

        /// Everything left once the worker closed its output.
        func rest(timeout: TimeInterval = 20) -> [UInt8]? {
            take(timeout: timeout) { [self] b in closed ? b.count : nil }
        }

        /// Waits for exit; nil if it did not exit in time (then it is killed).
        func wait(timeout: TimeInterval = 20) -> Int32? {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(2000) }
            if process.isRunning { process.terminate(); return nil }
            return process.terminationStatus
        }

        /// A field of /proc/<pid>/status in KiB (VmHWM: peak RSS, VmRSS: current).
        func memoryKiB(_ field: String) -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
            for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
                return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
            }
            return nil
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    static let keep = #"{"jsonrpc":"2.0","id":"keep","method":"session.create","params":{"id":"keep","template":"stickyTabs","viewport":{"width":375,"height":800}}}"#
    static let probe = #"{"jsonrpc":"2.0","id":"probe","method":"session.get","params":{"session":"keep"}}"#

    private func json(_ text: String?) -> JSONValue? { text.flatMap { try? JSONParser.parse($0, maxDepth: 4096) } }
    private func code(_ text: String?) -> Int? { json(text)?["error"]?["code"]?.intValue }

    /// Starts a line-mode worker with the `keep` session and returns it with the probe's reply.
    private func lineWorker(_ arguments: [String] = []) throws -> (LiveWorker, String) {
        let w = try LiveWorker(arguments)
        w.send(Self.keep + "\n" + Self.probe + "\n")
        XCTAssertEqual(json(w.line())?["id"], "keep")
        let probe = try XCTUnwrap(w.line())
        XCTAssertEqual(json(probe)?["result"]?["session"], "keep")
        return (w, probe)
    }

    /// One line-framed case: `bytes` (a newline is added), then the probe.
    /// Checks each expected reply (id, error code; nil code = a result) and the probe.
    private func check(_ w: LiveWorker, _ probe: String, _ name: String, _ bytes: [UInt8],
                       _ expected: [(id: JSONValue, code: Int?)], file: StaticString = #filePath, line: UInt = #line) {
        w.send(bytes + [0x0A] + Array((Self.probe + "\n").utf8))
        for (k, e) in expected.enumerated() {
            let reply = w.line()
            XCTAssertNotNil(reply, "\(name): reply \(k) missing", file: file, line: line)
            XCTAssertEqual(json(reply)?["id"], e.id, "\(name): \(reply ?? "")", file: file, line: line)
            XCTAssertEqual(code(reply), e.code, "\(name): \(reply ?? "")", file: file, line: line)
        }
        XCTAssertEqual(w.line(), probe, "\(name): the worker no longer serves the untouched session the same way", file: file, line: line)
    }

    private func req(_ id: String, _ method: String, _ params: String? = nil) -> [UInt8] {
        Array((#"{"jsonrpc":"2.0","id":"# + id + #","method":""# + method + "\"" + (params.map { #","params":"# + $0 } ?? "") + "}").utf8)
    }

    func testHostileLines() throws {
        let (w, probe) = try lineWorker()
        let vp = #""viewport":{"width":375,"height":800}"#
        check(w, probe, "invalid UTF-8", Array(#"{"jsonrpc":"2.0","id":1,"method":""#.utf8) + [0xFF, 0xC0, 0xAF] + Array("\"}".utf8), [(.null, -32700)])
        check(w, probe, "overlong UTF-8 in a param", req("1", "session.get", "{\"session\":\"\u{1}\"}").map { $0 == 1 ? 0xC1 : $0 }, [(.null, -32700)])
        check(w, probe, "lone high surrogate", req("1", "session.get", #"{"session":"\ud800"}"#), [(.null, -32700)])
        check(w, probe, "lone low surrogate", req("1", "session.get", #"{"session":"x\udc00y"}"#), [(.null, -32700)])
        check(w, probe, "raw NUL outside a string", Array(#"{"jsonrpc":"2.0","id":1,"#.utf8) + [0] + Array(#""method":"session.list"}"#.utf8), [(.null, -32700)])
        check(w, probe, "raw NUL inside a string", req("1", "session.get", "{\"session\":\"a\u{0}b\"}"), [(.null, -32700)])
        check(w, probe, "escaped NUL", req("1", "session.get", #"{"session":"a\u0000b"}"#), [(1, -32001)])
        check(w, probe, "NUL line", [0, 0, 0], [(.null, -32700)])
        check(w, probe, "byte-order mark", [0xEF, 0xBB, 0xBF] + req("1", "session.list"), [(.null, -32700)])
        check(w, probe, "10 000-deep arrays", Array(String(repeating: "[", count: 10_000).utf8) + Array(String(repeating: "]", count: 10_000).utf8), [(.null, -32700)])
        check(w, probe, "10 000-deep objects in params", req("1", "session.get", String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)), [(.null, -32700)])
        var batch = [UInt8](repeating: 0, count: 1 + 2 * 1_000_000)
        batch[0] = UInt8(ascii: "[")
        for k in 0..<1_000_000 { batch[1 + 2 * k] = UInt8(ascii: "1"); batch[2 + 2 * k] = UInt8(ascii: k == 999_999 ? "]" : ",") }
        check(w, probe, "1 000 000-entry batch", batch, [(.null, -32600)])
        check(w, probe, "1e400", req("1", "session.create", "{\(vp),\"offset\":1e400}"), [(1, -32602)])
        check(w, probe, "-1e400", req("1", "session.scroll", #"{"session":"keep","offset":-1e400}"#), [(1, -32602)])
        check(w, probe, "1e400 size", req("1", "session.create", #"{"viewport":{"width":1e400,"height":800}}"#), [(1, -32602)])
        check(w, probe, "1e-400 width (underflows to 0)", req("1", "session.create", #"{"viewport":{"width":1e-400,"height":800}}"#), [(1, -32602)])
        check(w, probe, "-0 width", req("1", "session.create", #"{"viewport":{"width":-0,"height":800}}"#), [(1, -32602)])
        check(w, probe, "2^64 contentHeight (past the 1e12 bound)", req("1", "session.create", "{\(vp),\"children\":[{\"id\":\"c\",\"kind\":\"scroll\",\"contentHeight\":18446744073709551616}]}"), [(1, -32602)])
        check(w, probe, "2^39 contentHeight", req("1", "session.create", "{\(vp),\"children\":[{\"id\":\"c\",\"kind\":\"scroll\",\"contentHeight\":549755813888}]}"), [(1, nil)])
        check(w, probe, "destroy it", req("2", "session.destroy", #"{"session":"s1"}"#), [(2, nil)])
        check(w, probe, "-0 and 1e-400 offsets", req("1", "session.create", "{\"id\":\"z\",\(vp),\"children\":[],\"offset\":-0}") + [0x0A] + req("2", "session.scroll", #"{"session":"z","offset":1e-400}"#) + [0x0A] + req("3", "session.destroy", #"{"session":"z"}"#), [(1, nil), (2, nil), (3, nil)])
        // ids of every type.
        check(w, probe, "id 2^64", req("18446744073709551616", "session.list"), [(.null, -32600)])
        check(w, probe, "id 2^53", req("9007199254740992", "session.list"), [(.null, -32600)])
        check(w, probe, "id 2^53-1", req("9007199254740991", "session.list"), [(.number(9007199254740991), nil)])
        check(w, probe, "id 1.5", req("1.5", "session.list"), [(.null, -32600)])
        check(w, probe, "id 1e400", req("1e400", "session.list"), [(.null, -32600)])
        check(w, probe, "id true", req("true", "session.list"), [(.null, -32600)])
        check(w, probe, "id false", req("false", "session.list"), [(.null, -32600)])
        check(w, probe, "id object", req(#"{"a":1}"#, "session.list"), [(.null, -32600)])
        check(w, probe, "id empty object", req("{}", "session.list"), [(.null, -32600)])
        check(w, probe, "id array", req("[1]", "session.list"), [(.null, -32600)])
        check(w, probe, "id null", req("null", "session.list"), [(.null, nil)])
        check(w, probe, "id string", req(#""\u00e9\ud83d\ude00""#, "session.list"), [("é😀", nil)])
        check(w, probe, "id -7", req("-7", "session.list"), [(-7, nil)])
        // Duplicate keys.
        check(w, probe, "duplicate id", Array(#"{"jsonrpc":"2.0","id":1,"id":2,"method":"session.list"}"#.utf8), [(.null, -32600)])
        check(w, probe, "duplicate method", Array(#"{"jsonrpc":"2.0","id":1,"method":"session.list","method":"session.get"}"#.utf8), [(1, -32600)])
        check(w, probe, "duplicate param", req("1", "session.scroll", #"{"session":"keep","offset":1,"offset":2}"#), [(1, -32602)])
        check(w, probe, "duplicate nested key", req("1", "session.create", #"{"viewport":{"width":1,"width":2,"height":3}}"#), [(1, -32602)])
        // Hostile input aimed at the probed session itself never changes it.
        check(w, probe, "bad size for keep", req("1", "session.setContentHeight", #"{"session":"keep","child":"list","contentHeight":-1}"#), [(1, -32602)])
        check(w, probe, "unknown child of keep", req("1", "session.update", #"{"session":"keep","sizes":{"header":10,"nope":5}}"#), [(1, -32002)])
        check(w, probe, "recreate keep", Array(Self.keep.utf8), [("keep", -32003)])
        w.send("[" + String(decoding: req("1", "session.list"), as: UTF8.self) + ",1,{},\"x\"]\n" + Self.probe + "\n")
        let batchReply = json(w.line())?.arrayValue ?? []
        XCTAssertEqual(batchReply.map { $0["error"]?["code"]?.intValue }, [nil, -32600, -32600, -32600])
        XCTAssertEqual(w.line(), probe)
        w.closeInput()
        XCTAssertEqual(w.rest(), [])
        XCTAssertEqual(w.wait(), 0)
    }

    /// A 100 MB line is skipped without being buffered whole.
    func testHundredMegabyteLine() throws {
        let (w, probe) = try lineWorker()
        w.send(#"{"jsonrpc":"2.0","id":1,"method":"session.get","params":{"session":""#)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        for _ in 0..<100 { XCTAssertTrue(w.send(chunk)) }
        w.send("\"}}\n" + Self.probe + "\n")
        let error = w.line()
        XCTAssertEqual(code(error), -32600, error ?? "")
        XCTAssertTrue(error?.contains("--max-message-bytes") == true, error ?? "")
        XCTAssertEqual(w.line(), probe)
        let peak = try XCTUnwrap(w.memoryKiB("VmHWM"))
        XCTAssertLessThan(peak, 64 * 1024, "peak RSS \(peak) KiB while skipping a 100 MB line")
        w.closeInput()
        XCTAssertEqual(w.wait(), 0)
    }

    private func frame(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }

    func testLyingContentLength() throws {
        let ping = String(decoding: req("\"ping\"", "session.list"), as: UTF8.self)
        func run(_ name: String, _ input: String, _ expected: [Int?]) throws {
            let w = try LiveWorker()
            w.send(input)
            w.closeInput()
            for (k, e) in expected.enumerated() {
                let reply = w.framed()
                XCTAssertNotNil(reply, "\(name): reply \(k) missing")
                XCTAssertEqual(code(reply), e, "\(name): reply \(k): \(reply ?? "")")
                if e == nil { XCTAssertEqual(json(reply)?["id"], "ping", name) }
            }
            XCTAssertEqual(w.rest(), [], name)
            XCTAssertEqual(w.wait(), 0, name)
        }
        try run("too short", "Content-Length: 10\r\n\r\n" + ping + "\r\n" + frame(ping), [-32700, -32600, nil])
        try run("too long", "Content-Length: \(ping.utf8.count + 9)\r\n\r\n" + ping + "\r\n" + frame(ping) + "\r\n" + frame(ping), [-32700, -32600, nil])
        try run("negative", "Content-Length: -5\r\n\r\n" + ping + "\r\n" + frame(ping), [-32600, nil])
        try run("not a number", "Content-Length: 1e3\r\n\r\n" + ping + "\r\n" + frame(ping), [-32600, nil])
        try run("huge", "Content-Length: 99999999999999999999\r\n\r\n" + ping + "\r\n" + frame(ping), [-32600, nil])
        try run("zero", "Content-Length: 0\r\n\r\n" + frame(ping), [-32700, nil])
        try run("two that disagree", "Content-Length: 3\r\nContent-Length: 4\r\n\r\n" + ping + "\r\n" + frame(ping), [-32600, nil])
        try run("absent body at end of input", frame(ping) + "Content-Length: 100\r\n\r\n", [nil, -32700])
        try run("header cut at end of input", frame(ping) + "Content-Length: 1", [nil, -32700])
        try run("body cut at end of input", frame(ping) + "Content-Length: 100\r\n\r\n{\"jsonrpc\"", [nil, -32700])
        try run("Content-Length then a bare line", frame(ping) + ping + "\n" + frame(ping), [nil, -32600, nil])
        try run("endless header", "Content-Length: 5\r\nX: " + String(repeating: "h", count: 20_000) + "\r\n\r\n{}\r\n" + frame(ping), [-32600, nil])
    }

    func testLineThenContentLengthStaysLineMode() throws {
        let (w, probe) = try lineWorker()
        check(w, probe, "a Content-Length header in line mode", Array("Content-Length: 5\r\n\r\n{}".utf8), [(.null, -32700), (.null, -32600)])
        w.closeInput()
        XCTAssertEqual(w.wait(), 0)
    }

    func testEndOfInputCases() throws {
        // Empty input: exit 0, no output.
        var w = try LiveWorker()
        w.closeInput()
        XCTAssertEqual(w.rest(), [])
        XCTAssertEqual(w.wait(), 0)
        // Only blank lines.
        w = try LiveWorker()
        w.send("\n\r\n  \n")
        w.closeInput()
        XCTAssertEqual(w.rest(), [])
        XCTAssertEqual(w.wait(), 0)
        // Ending mid-message: the fragment gets -32700, then exit 0.
        w = try LiveWorker()
        w.send(Self.keep + "\n" + #"{"jsonrpc":"2.0","id":1,"meth"#)
        w.closeInput()
        XCTAssertEqual(json(w.line())?["id"], "keep")
        XCTAssertEqual(code(w.line()), -32700)
        XCTAssertEqual(w.rest(), [])
        XCTAssertEqual(w.wait(), 0)
        // Ending mid-escape and mid-UTF-8 sequence.
        for tail in [[0x22, 0x5C, 0x75, 0x44], [0x22, 0xE2, 0x82]] as [[UInt8]] {
            w = try LiveWorker()
            w.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"#.utf8) + tail)
            w.closeInput()
            XCTAssertEqual(code(w.line()), -32700)
            XCTAssertEqual(w.wait(), 0)
        }
    }

    /// The client closed its end of stdout: the worker stops quietly (no crash, no hang).
    func testClosedStdout() throws {
        let w = try LiveWorker(closeStdout: true)
        var writes = 0
        for _ in 0..<2_000 {
            guard w.send(Self.probe + "\n" + Self.keep + "\n") else { break }
            writes += 1
        }
        w.closeInput()
        XCTAssertEqual(w.wait(), 0, "the worker hung or crashed after its stdout closed (\(writes) writes)")
    }

    /// A client that creates sessions without end gets -32004 at --max-sessions, and memory stays flat.
    func testSessionFloodHitsLimit() throws {
        let w = try LiveWorker(["--max-sessions", "50", "--max-children", "4", "--max-total-children", "120"])
        var input = ""
        for k in 0..<5_000 {
            input += #"{"jsonrpc":"2.0","id":"# + "\(k)" + #","method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"fixed","height":1}]}}"# + "\n"
        }
        w.send(input)
        var codes: [Int: Int] = [:]
        for k in 0..<5_000 {
            let reply = try XCTUnwrap(w.line(), "reply \(k)")
            XCTAssertEqual(json(reply)?["id"]?.intValue, k)
            codes[code(reply) ?? 0, default: 0] += 1
            if k == 4_999 { XCTAssertEqual(json(reply)?["error"]?["data"]?["limit"], "--max-sessions", reply) }
        }
        XCTAssertEqual(codes, [0: 50, -32004: 4_950])
        let rssAfterFlood = try XCTUnwrap(w.memoryKiB("VmRSS"))
        // Another flood of the same size leaves memory where it was.
        w.send(input)
        for _ in 0..<5_000 { XCTAssertEqual(code(w.line()), -32004) }
        let rssAfterSecond = try XCTUnwrap(w.memoryKiB("VmRSS"))
        XCTAssertLessThan(rssAfterSecond, rssAfterFlood + 4 * 1024)
        // Destroying one frees a slot.
        w.send(String(decoding: req("1", "session.destroy", #"{"session":"s1"}"#), as: UTF8.self) + "\n")
        XCTAssertNil(code(w.line()))
        w.send(String(decoding: req("2", "session.create", #"{"viewport":{"width":1,"height":1},"children":[]}"#), as: UTF8.self) + "\n")
        XCTAssertNil(code(w.line()))
        // Children: per session, then over all sessions.
        w.send(String(decoding: req("3", "session.insertChildren", #"{"session":"s2","children":[{"id":"b","kind":"fixed","height":1},{"id":"c","kind":"fixed","height":1},{"id":"d","kind":"fixed","height":1},{"id":"e","kind":"fixed","height":1}]}"#), as: UTF8.self) + "\n")
        let children = w.line()
        XCTAssertEqual(code(children), -32004, children ?? "")
        XCTAssertEqual(json(children)?["error"]?["data"]?["limit"], "--max-children", children ?? "")
        var flood = ""
        for k in 0..<200 {
            flood += String(decoding: req("\(100 + k)", "session.insertChildren", #"{"session":"s\#(2 + k % 48)","children":[{"id":"x\#(k)","kind":"fixed","height":1}]}"#), as: UTF8.self) + "\n"
        }
        w.send(flood)
        var limits: [String: Int] = [:]
        for _ in 0..<200 {
            let reply = w.line()
            if let l = json(reply)?["error"]?["data"]?["limit"]?.stringValue { limits[l, default: 0] += 1 } else { XCTAssertNil(code(reply), reply ?? "") }
        }
        XCTAssertGreaterThan(limits["--max-total-children"] ?? 0, 0, "\(limits)")
        w.closeInput()
        XCTAssertEqual(w.wait(), 0)
    }
}
