import Foundation
import XCTest
import OmniScrollJSON

/// End-to-end: spawns the built `omniscroll` executable and talks to it over pipes.
final class WorkerProcessTests: XCTestCase {
    /// The executable next to the test bundle (any scratch path), or `$OMNISCROLL_BIN`.
    static func workerBinary() -> URL? {
        if let path = ProcessInfo.processInfo.environment["OMNISCROLL_BIN"] { return URL(fileURLWithPath: path) }
        let fm = FileManager.default
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe) }
        candidates.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
        candidates.append(Bundle(for: WorkerProcessTests.self).bundleURL)
        for start in candidates {
            var dir = start.deletingLastPathComponent()
            for _ in 0..<6 {
                let bin = dir.appendingPathComponent("omniscroll")
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: bin.path, isDirectory: &isDir), !isDir.boolValue, fm.isExecutableFile(atPath: bin.path) {
                    return bin
                }
                dir = dir.deletingLastPathComponent()
            }
        }
        return nil
    }

    struct Result {
        var stdout: [UInt8]
        var stderr: String
        var status: Int32
        var text: String { String(decoding: stdout, as: UTF8.self) }
        var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// Runs the worker with `input` on stdin (written from another thread), waits for exit.
    func runWorker(_ input: [UInt8], arguments: [String] = [], timeout: TimeInterval = 30) throws -> Result {
        guard let binary = Self.workerBinary() else {
            throw XCTSkip("omniscroll executable not found next to the test bundle; build it first")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        let writer = Thread {
            inPipe.fileHandleForWriting.write(Data(input))
            try? inPipe.fileHandleForWriting.close()
        }
        writer.start()
        final class Box: @unchecked Sendable { var data = Data() }  // written before the semaphore signals
        let err = Box()
        let errDone = DispatchSemaphore(value: 0)
        Thread {
            err.data = errPipe.fileHandleForReading.readDataToEndOfFile()
            errDone.signal()
        }.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2000) }
        if process.isRunning {
            process.terminate()
            XCTFail("worker did not exit")
        }
        errDone.wait()
        return Result(stdout: Array(out), stderr: String(decoding: err.data, as: UTF8.self), status: process.terminationStatus)
    }

    func runWorker(_ input: String, arguments: [String] = []) throws -> Result {
        try runWorker(Array(input.utf8), arguments: arguments)
    }

    private func json(_ line: String) -> JSONValue? { try? JSONParser.parse(line) }

    func testOneLine() throws {
        let r = try runWorker("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.lines.count, 1)
        XCTAssertEqual(json(r.lines[0])?["result"]?["serverInfo"]?["name"], "omniscroll")
    }

    func testPipelinedRequestsAnsweredInOrder() throws {
        var input = ""
        for i in 0..<1000 { input += "{\"jsonrpc\":\"2.0\",\"id\":\(i),\"method\":\"shutdown\"}\n" }
        let r = try runWorker(input)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.lines.count, 1000)
        XCTAssertEqual(r.lines.first, #"{"jsonrpc":"2.0","id":0,"result":null}"#)
        for (i, line) in r.lines.enumerated() {
            XCTAssertEqual(json(line)?["id"], .number(Double(i)))
        }
    }

    func testOversizedLineSkipped() throws {
        var input = Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":{\"s\":\"".utf8)
        input += [UInt8](repeating: UInt8(ascii: "a"), count: 3 << 20)
        input += Array("\"}}\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}\n".utf8)
        let r = try runWorker(input, arguments: ["--max-message-bytes", "1048576"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.lines.count, 2)
        XCTAssertEqual(json(r.lines[0])?["error"]?["code"], -32600)
        XCTAssertTrue(r.lines[0].contains("--max-message-bytes"))
        XCTAssertEqual(r.lines[1], #"{"jsonrpc":"2.0","id":2,"result":null}"#)
    }

    func testShutdownExitCodes() throws {
        let clean = try runWorker("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}\n")
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.lines, [#"{"jsonrpc":"2.0","id":1,"result":null}"#])
        let abrupt = try runWorker("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}\n")
        XCTAssertEqual(abrupt.status, 1)
        XCTAssertEqual(abrupt.stdout, [])
    }

    func testEOFExitsZero() throws {
        XCTAssertEqual(try runWorker("").status, 0)
        let partial = try runWorker("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}")  // no final newline
        XCTAssertEqual(partial.status, 0)
        XCTAssertEqual(partial.lines.count, 1)
    }

    func testOnlyProtocolOnStdout() throws {
        let input = "garbage\n\u{1}\n[]\n[1]\n{\"jsonrpc\":\"2.0\",\"method\":\"nope\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n"
        let r = try runWorker(input, arguments: ["--log-level", "debug"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.lines.count, 5)
        for line in r.lines {
            let v = json(line)
            XCTAssertNotNil(v, line)
            XCTAssertTrue(v?.objectValue != nil || v?.arrayValue != nil, line)
        }
        XCTAssertTrue(r.stderr.contains("omniscroll: "), r.stderr)  // logs went to stderr
    }

    func testContentLengthFraming() throws {
        func frame(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }
        let a = #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#
        let b = #"{"jsonrpc":"2.0","method":"exit"}"#
        let r = try runWorker(frame(a) + frame(b))
        XCTAssertEqual(r.status, 0)
        let reply = #"{"jsonrpc":"2.0","id":1,"result":null}"#
        XCTAssertEqual(r.text, "Content-Length: \(reply.utf8.count)\r\n\r\n\(reply)")
        let cut = try runWorker("Content-Length: 99\r\n\r\n{\"jsonrpc\"")
        XCTAssertEqual(cut.status, 0)
        XCTAssertTrue(cut.text.hasPrefix("Content-Length: "))
        XCTAssertTrue(cut.text.contains("-32700"))
    }

    func testFlags() throws {
        let version = try runWorker("", arguments: ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.text.hasPrefix("omniscroll "))
        let help = try runWorker("", arguments: ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.text.contains("--max-message-bytes"))
        let bad = try runWorker("", arguments: ["--bogus"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, [])
        XCTAssertTrue(bad.stderr.contains("usage:"))
    }
}
