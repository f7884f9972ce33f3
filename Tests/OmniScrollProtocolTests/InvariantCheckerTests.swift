import Foundation
import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// `InvariantChecker` (`--check-invariants`): it finds each kind of broken
/// promise it names, and the worker keeps every promise on the recorded
/// transcripts and on issue 26's examples.
final class InvariantCheckerTests: XCTestCase {
    private static let pagerSession = #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"a","viewport":{"width":375,"height":800},"children":[{"id":"h","kind":"fixed","height":100},{"id":"p","kind":"pager","pages":[{"id":"p0","contentHeight":2000},{"id":"p1"}]},{"id":"l","kind":"scroll","contentHeight":3000}],"options":{"delta":true,"physics":{"preset":"ios"}}}}"#

    /// A worker state holding the pager session, and a checker that has seen it created.
    private func pagerState() -> (WorkerState, InvariantChecker) {
        var dispatcher = Dispatcher(registry: .worker(), state: WorkerState(logger: Logger(fd: -1)))
        let created = parsed(dispatcher.handle(Self.pagerSession))!["result"]!
        var checker = InvariantChecker()
        XCTAssertNil(checker.check(method: "session.create", params: nil, result: created, state: dispatcher.state, registry: .worker()))
        return (dispatcher.state, checker)
    }

    func testAResultOutsideItsSchemaIsNamed() throws {
        let (state, checker0) = pagerState()
        var checker = checker0
        var reader = Dispatcher(registry: .worker(), state: state)
        var get = try XCTUnwrap(parsed(reader.handle(
            #"{"jsonrpc":"2.0","id":2,"method":"session.get","params":{"session":"a"}}"#))?["result"]?.objectValue)
        get.members[get.members.firstIndex { $0.key == "offset" }!].value = .null  // how a non-finite offset is written
        let violation = checker.check(method: "session.get", params: ["session": "a"], result: .object(get), state: state, registry: .worker())
        XCTAssertEqual(violation?.invariant, .resultSchema)
        XCTAssertEqual(violation?.rpcError.code, -32603)
        XCTAssertEqual(violation?.rpcError.data?["invariant"], "resultSchema")
    }

    func testADeltaReplyThatLeavesAChangedChildOutIsNamed() throws {
        let (state, checker) = pagerState()
        var copy = checker
        // A reply that claims nothing changed while session.get shows the pager swiped.
        var dispatcher = Dispatcher(registry: .worker(), state: state)
        _ = dispatcher.handle(#"{"jsonrpc":"2.0","id":2,"method":"session.scrollPager","params":{"session":"a","child":"p","offset":100}}"#)
        let stale: JSONValue = try XCTUnwrap(parsed(dispatcher.handle(
            #"{"jsonrpc":"2.0","id":3,"method":"session.scroll","params":{"session":"a","offset":0}}"#))?["result"])
        var claimed = try XCTUnwrap(stale.objectValue)
        claimed.members[claimed.members.firstIndex { $0.key == "children" }!].value = []
        let violation = copy.check(method: "session.scroll", params: ["session": "a", "offset": 0], result: .object(claimed),
                                   state: dispatcher.state, registry: .worker())
        XCTAssertEqual(violation?.invariant, .deltaMergesToGet, "\(String(describing: violation))")
    }

    func testAnOffsetTheClientPutOutsideTheRangeStaysItsOwnAtRest() throws {
        // The client puts the offset at -100 (allowed), then an unrelated call leaves it there: still its offset.
        var connection = makeConnection(checkingInvariants: true)
        let lines = [Self.pagerSession,
                     #"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"a","offset":-100}}"#,
                     #"{"jsonrpc":"2.0","id":3,"method":"session.setContentHeight","params":{"session":"a","child":"l","contentHeight":2500}}"#]
        let out = String(decoding: connection.run(Array((lines.joined(separator: "\n") + "\n").utf8)).output, as: UTF8.self)
        XCTAssertFalse(out.contains("-32603"), out)
    }

    /// The invariant a reply names as broken, if it is a -32603 from the checker.
    static func brokenInvariant(_ line: String) -> Invariant? {
        guard let error = parsed(line)?["error"], error["code"] == -32603 else { return nil }
        return Invariant(rawValue: error["data"]?["invariant"]?.stringValue ?? "") ?? .engineState
    }

    /// Every recorded transcript replays with every check on: the worker
    /// keeps its promises on the calls the contract documents.
    func testEveryTranscriptKeepsEveryPromise() throws {
        for transcript in try ConformanceTests.transcripts() {
            guard case .run(let options) = try WorkerOptions.parse(transcript.args) else { return XCTFail(transcript.name) }
            var connection = makeConnection(limits: options.limits, checkingInvariants: true)
            for exchange in transcript.exchanges {
                connection.output.reset()
                _ = Array((exchange.send + "\n").utf8).withUnsafeBytes { connection.consume($0, atEOF: false) }
                let output = String(decoding: connection.output.bytes, as: UTF8.self)
                for line in output.split(separator: "\n") {
                    guard Self.brokenInvariant(String(line)) != nil else { continue }
                    XCTFail("\(transcript.name): \(exchange.send) → \(line)")
                }
            }
        }
    }

    /// Random sessions through every session method (`SessionWalk`) with
    /// every check after every call. Seeded; the seed is in every failure.
    func testRandomWalksKeepEveryPromise() {
        for seed in UInt64(1)...20 {
            var walk = SessionWalk(seed: seed)
            var connection = makeConnection(checkingInvariants: true)
            for step in 0..<80 {
                let (method, params) = walk.nextCall()
                var w = JSONWriter()
                w.value(["jsonrpc": "2.0", "id": .number(Double(step)), "method": .string(method), "params": .object(params)])
                let line = String(decoding: w.bytes, as: UTF8.self)
                connection.output.reset()
                _ = Array((line + "\n").utf8).withUnsafeBytes { connection.consume($0, atEOF: false) }
                let reply = String(decoding: connection.output.bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
                if Self.brokenInvariant(reply) != nil { XCTFail("seed \(seed) step \(step): \(line) → \(reply)") }
                walk.observe(method: method, params: params, reply: parsed(reply))
            }
        }
    }

    /// Issue 26 finding 4: a delta client merging the replies to a pager
    /// swipe, a pager snap's ticks and selectPage sees what session.get says.
    func testDeltaRepliesReportPagerChanges() {
        let calls = [Self.pagerSession,
                     #"{"jsonrpc":"2.0","id":2,"method":"session.scrollPager","params":{"session":"a","child":"p","offset":100}}"#,
                     #"{"jsonrpc":"2.0","id":3,"method":"session.endPagerDragging","params":{"session":"a","child":"p","velocity":0}}"#,
                     #"{"jsonrpc":"2.0","id":4,"method":"session.tick","params":{"session":"a","time":0.1}}"#,
                     #"{"jsonrpc":"2.0","id":5,"method":"session.tick","params":{"session":"a","time":5}}"#,
                     #"{"jsonrpc":"2.0","id":6,"method":"session.selectPage","params":{"session":"a","child":"p","page":"p1"}}"#]
        var connection = makeConnection(checkingInvariants: true)
        let out = String(decoding: connection.run(Array((calls.joined(separator: "\n") + "\n").utf8)).output, as: UTF8.self)
        XCTAssertFalse(out.contains("-32603"), out)
        let swipe = parsed(out.split(separator: "\n").map(String.init)[1])
        XCTAssertEqual(swipe?["result"]?["children"]?[0]?["id"], "p", out)
    }
}
