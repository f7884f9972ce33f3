import XCTest
@testable import OmniScrollJSON
import OmniScrollTestSupport

/// The parser's fast path for a request in the usual shape
/// (`{"jsonrpc":"2.0","id":…,"method":…,"params":…}`): whatever the text,
/// it ends as the general parse does (the same tape, or the same error),
/// and it says where the members are only when the text is that shape.
final class RequestEnvelopeTests: XCTestCase {
    /// What one parse leaves: its error, or its tape's entries, escaped bytes and duplicate flag.
    private struct Outcome: Equatable {
        var error: String?
        var entries: [String] = []
        var unescaped: [UInt8] = []
        var duplicates = false
    }

    private func parse(_ text: [UInt8], fastPath: Bool, maxDepth: Int = 6) -> (Outcome, JSONTape.RequestMembers?) {
        var parser = JSONParser(maxDepth: maxDepth)
        parser.readsRequestEnvelope = fastPath
        return text.withUnsafeBytes { buffer in
            do throws(JSONParseError) {
                _ = try parser.parseElement(buffer)
            } catch {
                return (Outcome(error: "\(error.offset): \(error.reason)"), parser.tape.request)
            }
            let tape = parser.tape
            let entries = (0..<tape.count).map { i -> String in
                let e = tape.entries[i]
                return "\(e.kind) \(e.escaped) \(e.ascii) \(e.start)..<\(e.end) next \(e.next) payload \(e.payload)"
            }
            return (Outcome(entries: entries, unescaped: tape.unescaped, duplicates: tape.hasDuplicateKeys), tape.request)
        }
    }

    func testTheUsualShapeRecordsWhereItsMembersAre() throws {
        let text = Array(#"{"jsonrpc":"2.0","id":7,"method":"session.scroll","params":{"session":"s","offset":12.5}}"#.utf8)
        var parser = JSONParser()
        try text.withUnsafeBytes { buffer in
            let root = try parser.parseElement(buffer)
            let members = try XCTUnwrap(parser.tape.request)
            XCTAssertTrue(root.element(at: members.version).isString("2.0"))
            XCTAssertEqual(root.element(at: members.id).doubleValue, 7)
            XCTAssertTrue(root.element(at: members.method).isString("session.scroll"))
            XCTAssertEqual(root.element(at: members.params).byteRange, root["params"]?.byteRange)
            XCTAssertEqual(root.count, 4)
        }
        XCTAssertEqual(parse(text, fastPath: true).0, parse(text, fastPath: false).0)
    }

    func testOtherShapesTakeTheGeneralPath() {
        for text in [#"{"id":1,"jsonrpc":"2.0","method":"m","params":{}}"#,
                     #"{"jsonrpc": "2.0","id":1,"method":"m","params":{}}"#,
                     #"{"jsonrpc":"2.0","id":1,"method":"m"}"#,
                     #"{"jsonrpc":"2.0","id":1,"method":"m","params":{},"x":1}"#,
                     #"[{"jsonrpc":"2.0","id":1,"method":"m","params":{}}]"#] {
            let (outcome, members) = parse(Array(text.utf8), fastPath: true)
            XCTAssertNil(outcome.error, text)
            XCTAssertNil(members, text)
        }
    }

    /// Messages built from near-misses of each part of the usual shape, cut
    /// short or with a byte changed: both paths end alike.
    func testBothPathsEndAlike() {
        let heads = [#"{"jsonrpc":"2.0","id":"#, #"{"jsonrpc":"2.1","id":"#, #"{"jsonrpc":"2.0","id" :"#, #" {"jsonrpc":"2.0","id":"#,
                     #"{"jsonrpc":"2.0","ids":"#, "\u{FEFF}{\"jsonrpc\":\"2.0\",\"id\":"]
        let ids = ["1", "-5", "12345678901234567890", #""a\u0041""#, "null", "1.5e3", "{}", "[1]", #""x"#, "", "01", "1e400", "true", " 2"]
        let methodKeys = [#","method":"#, #","method" :"#, #","methods":"#, #","params":"#, "", #", "method":"#]
        let methods = [#""session.scroll""#, #""é""#, #""a\"b""#, "5", #""open"#, #""\ud800""#]
        let paramsKeys = [#","params":"#, #","params" :"#, #","id":"#, "", #","params""#]
        let params = [#"{"session":"s","offset":1.5}"#, #"{"a":1,"a":2}"#, "[]", "{", #"{"x":[1,{"y":null}]}"#,
                      #"[[[[[[1]]]]]]"#, #""s""#, #"{"k":"\u00e9\n"}"#, "nul"]
        let tails = ["}", #","extra":1}"#, "}  ", "} x", "}}", "", "\n}", "}\r\n"]
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        var hits = 0
        for _ in 0..<3_000 {
            // Each part is the usual one (the first) two times in three.
            let parts = [heads, ids, methodKeys, methods, paramsKeys, params, tails].map { options in
                Int.random(in: 0..<3, using: &random) < 2 ? options[0] : options.randomElement(using: &random)!
            }
            var text = Array(parts.joined().utf8)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where !text.isEmpty: text.removeLast(Int.random(in: 1...text.count, using: &random))
            case 1 where !text.isEmpty: text[Int.random(in: 0..<text.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            default: break
            }
            let fast = parse(text, fastPath: true)
            let general = parse(text, fastPath: false)
            let shown = String(decoding: text, as: UTF8.self)
            XCTAssertEqual(fast.0, general.0, "seed \(seed): \(shown)")
            XCTAssertNil(general.1, "seed \(seed): \(shown)")
            if let members = fast.1 {
                XCTAssertNil(fast.0.error, "seed \(seed): \(shown)")
                XCTAssertTrue(shown.drop { $0.isWhitespace }.hasPrefix(#"{"jsonrpc":"2.0","id":"#), "seed \(seed): \(shown)")
                hits += 1
                let keys = [members.version, members.id, members.method, members.params].map { fast.0.entries[$0 - 1] }
                XCTAssertTrue(keys.allSatisfy { $0.hasPrefix("string") }, "seed \(seed): \(shown)")
            }
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(hits, 10, "seed \(seed): the fast path was never taken")
    }
}
