import XCTest
import OmniScrollTrace

/// Reading a transcript: bare requests, recorded pairs, worker flags, and
/// lines that are not JSON, which stay entries instead of failing the read.
final class TranscriptTests: XCTestCase {
    func testBareRequestsKeepTheirLineNumbersAndSkipBlankLines() {
        let transcript = Transcript(reading: "{\"a\":1}\r\n\n  \n{\"b\":2}\n")
        XCTAssertEqual(transcript.entries, [
            Transcript.Entry(line: 1, request: "{\"a\":1}"),
            Transcript.Entry(line: 4, request: "{\"b\":2}"),
        ])
        XCTAssertEqual(transcript.workerArguments, [])
    }

    func testRecordedPairsGiveTheRequestAndTheExpectedReply() {
        let transcript = Transcript(reading: """
        {"args":["--max-batch","4"]}
        {"send":"{\\"id\\":1}","expect":"{\\"id\\":1,\\"result\\":{}}"}
        {"send":"{\\"method\\":\\"exit\\"}","expect":null}
        """)
        XCTAssertEqual(transcript.workerArguments, ["--max-batch", "4"])
        XCTAssertEqual(transcript.entries, [
            Transcript.Entry(line: 2, request: "{\"id\":1}", recorded: "{\"id\":1,\"result\":{}}"),
            Transcript.Entry(line: 3, request: "{\"method\":\"exit\"}"),
        ])
    }

    func testArgumentsAfterTheFirstEntryAreARequestLikeAnyOther() {
        let transcript = Transcript(reading: "{\"a\":1}\n{\"args\":[\"--max-batch\",\"4\"]}\n")
        XCTAssertEqual(transcript.workerArguments, [])
        XCTAssertEqual(transcript.entries.map(\.request), ["{\"a\":1}", "{\"args\":[\"--max-batch\",\"4\"]}"])
    }

    func testALineThatIsNotJSONIsKeptAndSaysWhy() throws {
        let transcript = Transcript(reading: "{\"a\":1}\nnot json\n")
        XCTAssertEqual(transcript.entries.count, 2)
        XCTAssertEqual(transcript.entries[1].request, "not json")
        XCTAssertEqual(transcript.entries[1].line, 2)
        let reason = try XCTUnwrap(transcript.entries[1].unreadable)
        XCTAssertTrue(reason.hasPrefix("not JSON: "), reason)
        XCTAssertTrue(reason.contains(" at byte "), reason)
    }
}
