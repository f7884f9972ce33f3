import XCTest
@testable import OmniScrollProtocol
import OmniScrollJSON

/// Regressions found by the robustness work (fuzz/, scripts/soak, the hostile-input catalogue).
final class RobustnessRegressionTests: XCTestCase {
    private let ping = #"{"jsonrpc":"2.0","id":1,"method":"nope"}"#
    private func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }
    private func bodies(_ out: String) -> [JSONValue] {
        var result: [JSONValue] = []
        var rest = Substring(out)
        while let r = rest.range(of: "\r\n\r\n") {
            let n = Int(rest[rest.startIndex..<r.lowerBound].dropFirst("Content-Length: ".count))!
            let body = rest.utf8[r.upperBound...].prefix(n)
            result.append(parsed(String(decoding: body, as: UTF8.self)) ?? .null)
            rest = Substring(String(decoding: rest.utf8[r.upperBound...].dropFirst(n), as: UTF8.self))
        }
        return result
    }

    /// A bare JSON line between Content-Length messages used to be taken for an
    /// unknown header and dropped without an answer; it now gets -32600 and the
    /// next framed message is served.
    func testBareLineInContentLengthModeIsAnswered() {
        let out = runWorker(framed(ping) + ping + "\n" + framed(ping)).output
        let replies = bodies(out)
        XCTAssertEqual(replies.count, 3, out)
        XCTAssertEqual(replies.map { $0["id"] }, [1, .null, 1])
        XCTAssertEqual(replies[1]["error"]?["code"], -32600)
    }

    /// The tail of a body cut short by a lying Content-Length is reported, not ignored.
    func testTailOfShortBodyIsReported() {
        let out = runWorker("Content-Length: 10\r\n\r\n" + ping + "\r\n" + framed(ping)).output
        let codes = bodies(out).map { $0["error"]?["code"] }
        XCTAssertEqual(codes, [-32700, -32600, -32601], out)
    }

    /// Real headers (any token name) still pass.
    func testHeaderTokensStillAccepted() {
        let out = runWorker("Content-Length: \(ping.utf8.count)\r\nX-Custom_Header.1: a:b\r\n\r\n" + ping).output
        XCTAssertEqual(bodies(out).map { $0["error"]?["code"] }, [-32601], out)
    }

    /// A Content-Length of 20 digits used to overflow Int while being parsed
    /// (a trap: the worker died). It is now an invalid header like any other.
    func testHugeContentLengthDoesNotTrap() {
        for digits in ["99999999999999999999", "9223372036854775808", "999999999999999999999999999999"] {
            let out = runWorker("Content-Length: \(digits)\r\n\r\n" + ping + "\r\n" + framed(ping)).output
            XCTAssertEqual(bodies(out).map { $0["error"]?["code"] }, [-32600, -32601], out)
        }
        // 12 digits is still a number: oversized, skipped without buffering.
        let out = runWorker("Content-Length: 999999999999\r\n\r\n" + ping).output
        XCTAssertTrue(out.contains("--max-message-bytes"), out)
    }
}
