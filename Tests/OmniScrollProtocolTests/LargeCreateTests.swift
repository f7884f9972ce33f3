import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A create large enough that its children's tape entries are given back
/// while they are read (every 65 536 children, `SessionParams.children`) and
/// that its reply streams to the connection's sink: every child is still
/// read, a late child's error still names it, and a result nothing may
/// discard is the only one that streams (bench/create-memory measures the memory).
final class LargeCreateTests: XCTestCase {
    static let count = 70_000

    private func create(id: Int = 1, _ children: (Int) -> String) -> String {
        let list = (0..<Self.count).map(children).joined(separator: ",")
        let head = id < 0 ? #"{"jsonrpc":"2.0","# : #"{"jsonrpc":"2.0","id":\#(id),"#
        return head + #""method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[\#(list)]}}"#
    }

    private static func scroll(_ i: Int) -> String { #"{"id":"c\#(i)","kind":"scroll","contentHeight":\#(300 + i % 7)}"# }

    func testEveryChildIsReadPastTheEntriesGivenBack() throws {
        let text = try XCTUnwrap(reply(create(Self.scroll)))
        let children = try XCTUnwrap(parsed(text)?["result"]?["children"]?.arrayValue)
        XCTAssertEqual(children.count, Self.count)
        let last = Self.count - 1
        let top = (0..<last).reduce(0.0) { $0 + Double(300 + $1 % 7) }
        XCTAssertEqual(children[last]["id"], .string("c\(last)"))
        XCTAssertEqual(children[last]["frame"]?["y"]?.doubleValue, top)
        XCTAssertEqual(parsed(text)?["result"]?["contentHeight"]?.doubleValue, top + Double(300 + last % 7))
    }

    func testALateChildsErrorNamesIt() throws {
        let bad = Self.count - 2
        let kind = parsed(reply(create { $0 == bad ? #"{"id":"x","kind":"list"}"# : Self.scroll($0) }))
        XCTAssertEqual(kind?["error"]?["data"]?["param"], .string("params.children[\(bad)].kind"))
        XCTAssertEqual(kind?["error"]?["data"]?["reason"], "must be one of scroll, fixed, sticky, page, pager, collapsing")
        let foreign = parsed(reply(create { $0 == bad ? #"{"id":"x","kind":"scroll","height":1}"# : Self.scroll($0) }))
        XCTAssertEqual(foreign?["error"]?["data"]?["param"], .string("params.children[\(bad)].height"))
        XCTAssertEqual(foreign?["error"]?["data"]?["reason"], "not used by a scroll child; give its contentHeight")
        let duplicate = parsed(reply(create { $0 == bad ? #"{"id":"c3","kind":"scroll"}"# : Self.scroll($0) }))
        XCTAssertEqual(duplicate?["error"]?["data"]?["param"], .string("params.children[\(bad)].id"))
    }

    private final class Sink {
        var bytes: [UInt8] = []
    }

    private func handle(_ message: String, sink: Sink) -> [UInt8] {
        var d = Dispatcher(registry: .worker(), state: WorkerState(logger: Logger(fd: -1)))
        var out = JSONWriter(capacity: 1 << 12)
        out.sink = { sink.bytes.append(contentsOf: $0) }
        var bytes = Array(message.utf8)
        bytes.withUnsafeMutableBytes { _ = d.handle(UnsafeRawBufferPointer($0), into: &out) }
        return out.bytes
    }

    func testAReplyStreamsToTheSinkWhole() throws {
        let sink = Sink()
        let rest = handle(create(Self.scroll), sink: sink)
        XCTAssertGreaterThan(sink.bytes.count, 1 << 20, "the children went to the sink as they were written")
        XCTAssertEqual(String(decoding: sink.bytes + rest, as: UTF8.self), reply(create(Self.scroll)))
    }

    func testANotificationsResultNeverReachesTheSink() {
        let sink = Sink()
        XCTAssertEqual(handle(create(id: -1, Self.scroll), sink: sink), [])
        XCTAssertEqual(sink.bytes, [])
    }
}
