import Foundation
import XCTest
import OmniScrollCore
import OmniScrollJSON
@testable import OmniScrollProtocol

/// Replays every `protocol/conformance/*.jsonl` transcript through a fresh
/// in-process worker and compares each reply byte for byte. The same files
/// are replayed by every client's tests and through the executable.
final class ConformanceTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("protocol/conformance")

    struct Transcript {
        var name: String
        var args: [String] = []
        var exchanges: [(send: String, expect: String?)] = []
    }

    static func transcripts() throws -> [Transcript] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        return try files.map { name in
            var transcript = Transcript(name: name)
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let entry = try JSONParser.parse(String(line))
                if let args = entry["args"]?.arrayValue {
                    transcript.args = args.compactMap(\.stringValue)
                } else {
                    transcript.exchanges.append((entry["send"]!.stringValue!, entry["expect"]?.stringValue))
                }
            }
            return transcript
        }
    }

    func testEveryTranscriptReplaysByteForByte() throws {
        let transcripts = try Self.transcripts()
        XCTAssertGreaterThanOrEqual(transcripts.count, 8)
        for transcript in transcripts {
            guard case .run(let options) = try WorkerOptions.parse(transcript.args) else {
                return XCTFail("\(transcript.name): bad args \(transcript.args)")
            }
            var connection = makeConnection(limits: options.limits)
            // One exchange at a time, so a reply is matched to its request.
            for (n, exchange) in transcript.exchanges.enumerated() {
                connection.output.reset()
                let input = Array((exchange.send + "\n").utf8)
                _ = input.withUnsafeBytes { connection.consume($0, atEOF: false) }
                let output = String(decoding: connection.output.bytes, as: UTF8.self)
                let expected = exchange.expect.map { $0 + "\n" } ?? ""
                XCTAssertEqual(output, expected, "\(transcript.name) exchange \(n + 1): \(exchange.send)")
            }
        }
    }

    /// The transcripts cover every method, every documented error code and every event type.
    func testTranscriptsCoverTheWholeContract() throws {
        var methods = Set<String>(), codes = Set<Int>(), events = Set<String>()
        for transcript in try Self.transcripts() {
            for exchange in transcript.exchanges {
                if let request = try? JSONParser.parse(exchange.send), let method = request["method"]?.stringValue {
                    methods.insert(method)
                }
                guard let expect = exchange.expect, let reply = try? JSONParser.parse(expect) else { continue }
                for entry in reply.arrayValue ?? [reply] {
                    if let code = entry["error"]?["code"]?.intValue { codes.insert(code) }
                    for event in entry["result"]?["events"]?.arrayValue ?? [] {
                        events.insert(event["type"]!.stringValue!)
                    }
                }
            }
        }
        let registry = MethodRegistry.worker()
        XCTAssertEqual(Set(registry.names).subtracting(methods), [], "methods no transcript calls")
        let documentedCodes: Set<Int> = [-32700, -32600, -32601, -32602, -32001, -32002, -32003, -32004]
        XCTAssertEqual(documentedCodes.subtracting(codes), [], "error codes no transcript shows")
        let allEvents = Set(EventType.declarations.map(\.type.rawValue))
        XCTAssertEqual(allEvents.subtracting(events), [], "event types no transcript shows")
    }
}
