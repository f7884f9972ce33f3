import XCTest

/// `omniscroll trace` as users run it: the real executable, stdin to stdout.
/// Bad lines are drawn and exit 0; only unreadable input fails.
extension WorkerProcessTests {
    func testTraceDrawsBadLinesAndExitsZero() throws {
        let transcript = """
        {"jsonrpc":"2.0","id":1,"method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"fixed","height":100}]}}
        not json
        {"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"s1","offset":"far"}}

        """
        let page = try runWorker(transcript, arguments: ["trace"])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertTrue(page.text.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.text.contains("line 2 is not JSON"))
        XCTAssertTrue(page.text.contains("error -32602"))
        let strip = try runWorker(transcript, arguments: ["trace", "--svg"])
        XCTAssertEqual(strip.status, 0, strip.stderr)
        XCTAssertTrue(strip.text.hasPrefix("<svg "))
    }

    func testTraceFailsOnlyWhenItCannotReadItsInput() throws {
        let missing = try runWorker("", arguments: ["trace", "/nonexistent/transcript.jsonl"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout, [])
        XCTAssertTrue(missing.stderr.contains("cannot read /nonexistent/transcript.jsonl"), missing.stderr)
        let usage = try runWorker("", arguments: ["trace", "--bogus"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("usage: omniscroll trace"), usage.stderr)
    }
}
