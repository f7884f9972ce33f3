import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

final class FramingTests: XCTestCase {
    /// A stateless request and its reply.
    private let ping = #"{"jsonrpc":"2.0","id":1,"method":"nope"}"#
    private let reply1 = #"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: nope","data":{"method":"nope"}}}"#

    private func request(_ id: Int) -> String { #"{"jsonrpc":"2.0","id":"# + "\(id)" + #","method":"initialize"}"# }

    private func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }

    func testLinesCRLFAndBlankLines() {
        let input: String = "\n\r\n  \n" + ping + "\r\n\n   \n" + ping + "\n" + ping
        let expected: String = reply1 + "\n" + reply1 + "\n" + reply1 + "\n"
        XCTAssertEqual(runWorker(input).output, expected)
    }

    func testParseErrorThenCarryOn() {
        let out = runWorker("{oops\n" + ping + "\n").output.split(separator: "\n")
        XCTAssertEqual(out.count, 2)
        XCTAssertEqual(parsed(String(out[0]))?["error"]?["code"], -32700)
        XCTAssertEqual(String(out[1]), reply1)
    }

    func testInvalidUTF8AndBOMLines() {
        let input: [UInt8] = [0x22, 0xC0, 0xAF, 0x22, 0x0A] + [0xEF, 0xBB, 0xBF] + Array((ping + "\n" + ping + "\n").utf8)
        let lines = runWorker(input).output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(parsed(lines[0])?["error"]?["code"], -32700)
        XCTAssertEqual(parsed(lines[1])?["error"]?["data"]?["reason"], "byte order mark is not allowed")
        XCTAssertEqual(lines[2], reply1)
    }

    func testOversizedLineSkipped() {
        var limits = Limits()
        limits.maxMessageBytes = 100
        let huge = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":{\"p\":\"" + String(repeating: "a", count: 1000) + "\"}}"
        let lines = runWorker(huge + "\n" + ping + "\n", limits: limits).output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(parsed(lines[0])?["error"]?["code"], -32600)
        XCTAssertEqual(parsed(lines[0])?["id"], .null)
        XCTAssertTrue(lines[0].contains("--max-message-bytes (100 bytes)"))
        XCTAssertEqual(lines[1], reply1)
    }

    func testOversizedLineArrivingInChunksIsNotBuffered() {
        var limits = Limits()
        limits.maxMessageBytes = 100
        var c = makeConnection(limits: limits)
        var pending: [UInt8] = []
        var maxPending = 0
        let chunks = [Array(repeating: UInt8(ascii: "["), count: 80)] + Array(repeating: Array(repeating: UInt8(ascii: "1"), count: 64), count: 50)
            + [Array(("\n" + ping + "\n").utf8)]
        for chunk in chunks {
            pending += chunk
            let used = pending.withUnsafeBytes { c.consume($0, atEOF: false) }
            pending.removeFirst(used)
            maxPending = max(maxPending, pending.count)
        }
        XCTAssertLessThanOrEqual(maxPending, 100 + 64)
        let lines = String(decoding: c.output.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(parsed(lines[0])?["error"]?["code"], -32600)
        XCTAssertEqual(lines[1], reply1)
    }

    func testEveryChunkSplitGivesTheSameOutput() {
        for input in [
            "\n" + request(1) + "\r\n" + "[" + request(2) + "," + request(3) + "]\n{bad\n" + request(4),
            framed(request(1)) + framed("[" + request(2) + "]") + "\r\n" + framed("{bad") + framed(request(3)),
        ] {
            let bytes = Array(input.utf8)
            let whole = runWorker(bytes).output
            for split in 0...bytes.count {
                var c = makeConnection()
                var pending = Array(bytes[..<split])
                var used = pending.withUnsafeBytes { c.consume($0, atEOF: false) }
                pending.removeFirst(used)
                pending += bytes[split...]
                while true {
                    used = pending.withUnsafeBytes { c.consume($0, atEOF: true) }
                    pending.removeFirst(used)
                    if used == 0 || pending.isEmpty { break }
                }
                XCTAssertEqual(String(decoding: c.output.bytes, as: UTF8.self), whole, "split at \(split)")
            }
        }
    }

    func testContentLengthFraming() {
        let input = framed(ping) + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-LENGTH:  \(ping.utf8.count)\r\nX-Other: 1\r\n\r\n" + ping
        let out = runWorker(input).output
        XCTAssertEqual(out, framed(reply1) + framed(reply1))
    }

    func testContentLengthNotificationsGetNoFrame() {
        let out = runWorker(framed(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#) + framed(ping)).output
        XCTAssertEqual(out, framed(reply1))
    }

    func testLyingContentLength() {
        // Invalid number: error, resynchronise on the next header.
        var out = runWorker("Content-Length: abc\r\n\r\n{\"x\":1}\r\n" + framed(ping)).output
        XCTAssertTrue(out.hasSuffix(framed(reply1)), out)
        XCTAssertTrue(out.contains("-32600"), out)
        // Negative.
        out = runWorker("Content-Length: -5\r\n\r\n" + framed(ping)).output
        XCTAssertTrue(out.hasSuffix(framed(reply1)), out)
        XCTAssertTrue(out.contains("missing or invalid Content-Length"), out)
        // Too short: body is cut, rest is garbage header → errors, then carry on.
        out = runWorker("Content-Length: 5\r\n\r\n" + ping + "\r\n" + framed(ping)).output
        XCTAssertTrue(out.hasSuffix(framed(reply1)), out)
        // Body cut by end of input.
        let r = runWorker("Content-Length: 500\r\n\r\n" + ping)
        XCTAssertEqual(r.exitCode, 0)
        XCTAssertTrue(r.output.contains("-32700"), r.output)
        XCTAssertTrue(r.output.contains("truncated body"), r.output)
        // Oversized body skipped without buffering, then carry on.
        var limits = Limits()
        limits.maxMessageBytes = 64
        let big = #"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"capabilities":{"x":""# + String(repeating: "y", count: 200) + #""}}}"#
        out = runWorker(framed(big) + framed(ping), limits: limits).output
        XCTAssertTrue(out.contains("--max-message-bytes (64 bytes)"), out)
        XCTAssertTrue(out.hasSuffix(framed(reply1)), out)
    }

    func testResyncSkipsLongGarbageWithoutBufferingIt() {
        var c = makeConnection()
        var pending = Array("Content-Length: x\r\n\r\n".utf8)
        var maxPending = 0
        for k in 0..<100 {
            pending += Array(repeating: UInt8(ascii: "g"), count: 1000)
            if k == 99 { pending += Array(("\r\n" + framed(ping)).utf8) }
            let used = pending.withUnsafeBytes { c.consume($0, atEOF: false) }
            pending.removeFirst(used)
            maxPending = max(maxPending, pending.count)
        }
        XCTAssertLessThan(maxPending, 2000)
        XCTAssertTrue(String(decoding: c.output.bytes, as: UTF8.self).hasSuffix(framed(reply1)))
    }

    func testFramingDetectedOnlyAtStart() {
        // Line mode stays line mode even if a later line looks like a header.
        let out = runWorker(ping + "\nContent-Length: 3\n").output.split(separator: "\n")
        XCTAssertEqual(out.count, 2)
        XCTAssertEqual(parsed(String(out[1]))?["error"]?["code"], -32700)
    }
}
