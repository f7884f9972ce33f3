import Foundation
import OmniScrollClient
import OmniScrollJSON
import XCTest

/// `OmniScrollClient(record:)` writes the session as a conformance transcript
/// that `Transcript.replay` replays byte for byte (issue 27 item 4).
final class RecordingTests: XCTestCase {
    func testARecordedSessionReplaysByteForByte() async throws {
        let bin = try workerPath()
        let path = NSTemporaryDirectory() + "omniscroll-record-\(ProcessInfo.processInfo.processIdentifier).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let c = try OmniScrollClient(executable: bin, arguments: ["--max-batch", "100"], record: path)
        let s = try await c.create(viewport: (width: 375, height: 800),
                                   children: [.scroll("a", contentHeight: 2000), .scroll("b", contentHeight: 3000)]).session
        _ = try await c.scroll(session: s, offset: 600)
        let out = try await c.batch([.scroll(session: s, offset: 700), .get(session: "nope"),
                                     RPCCall.scroll(session: s, offset: 0).asNotification])
        XCTAssertEqual(out.count, 3)
        let inset = try await c.call(.setInsets(session: s, top: 10))
        XCTAssertEqual(inset["offset"]?.doubleValue, 0)
        _ = await c.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, #"{"args":["--max-batch","100"]}"#)
        XCTAssertEqual(lines.count, 1 + 6, "create, scroll, the batch, setInsets, shutdown, exit")
        XCTAssertTrue(lines.last?.hasSuffix(#""expect":null}"#) ?? false, "exit is a notification: no reply")
        XCTAssertEqual(try Transcript.replay(path: path, executable: bin).map(\.description), [])
    }
}
