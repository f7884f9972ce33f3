import XCTest
import OmniScrollJSON
import OmniScrollTestSupport
@testable import OmniScrollProtocol

/// Issue 26 finding 8's `"offset":null`: a viewport so thin its height is
/// subnormal (or as tall as allowed), an offset put past a bound while
/// dragging, then drags of every size, with every preset, template, inset
/// and rubber band. Every call runs with every promise checked
/// (`--check-invariants`): each written number finite and within its
/// bound, each snapshot restoring byte-identically; and each snapshot is
/// restored here as a client would.
final class ExtremeViewportDragPropertyTests: XCTestCase {
    private static let lengths = ["5e-324", "1e-320", "2.2250738585072014e-308", "1e-300", "1e-15", "0.5", "800", "1000000000000"]
    private static let offsets = ["-999999999999999983222784", "-1000000", "-5e-324", "0", "5e-324", "3000", "1000000", "999999999999999983222784"]
    private static let translations = offsets + ["-1", "1", "1e-300", "-1e15", "1e15"]
    private static let velocities = ["0", "5e-324", "-1000", "8000", "-1000000000000000", "1000000000000000"]
    private static let presets = [nil, "ios", "iosFast", "android", "flutter"]
    private static let templates = [nil, "shortContainer", "collapsingNav", "feed", "profileTabs", "stickyTabs"]

    func testDragsAtExtremeViewportsKeepEveryPromise() throws {
        for seed: UInt64 in 1...8 {
            var random = SeededGenerator(seed: seed)
            var connection = makeConnection(checkingInvariants: true)
            var id = 0
            func send(_ method: String, _ params: String) -> String {
                id += 1
                connection.output.reset()
                let line = #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{\#(params)}}"# + "\n"
                _ = Array(line.utf8).withUnsafeBytes { connection.consume($0, atEOF: false) }
                let reply = String(decoding: connection.output.bytes, as: UTF8.self)
                XCTAssertFalse(reply.contains("-32603"), "seed \(seed): \(line) → \(reply)")
                return reply
            }
            func pick(_ values: [String]) -> String { values[Int(random.next() % UInt64(values.count))] }
            for n in 0..<4 {
                let session = "s\(n)"
                var options: [String] = []
                if let preset = Self.presets[Int(random.next() % 5)] {
                    options.append(#""physics":{"preset":"\#(preset)","rubberBand":\#(random.next() % 4 != 0)}"#)
                }
                let template = Self.templates[Int(random.next() % 6)]
                let content = template.map { #""template":"\#($0)""# }
                    ?? #""children":[{"id":"a","kind":"scroll","contentHeight":\#(pick(Self.lengths))},{"id":"b","kind":"fixed","height":\#(pick(Self.lengths))}]"#
                let created = send("session.create", #""id":"\#(session)","viewport":{"width":\#(pick(Self.lengths)),"height":\#(pick(Self.lengths))},"insets":{"top":\#(pick(Self.lengths)),"bottom":0},\#(content),"options":{\#(options.joined(separator: ","))}"#)
                XCTAssertTrue(created.contains(#""result""#), "seed \(seed): \(created)")
                for _ in 0..<3 {
                    _ = send("session.beginDragging", #""session":"\#(session)""#)
                    _ = send("session.scroll", #""session":"\#(session)","offset":\#(pick(Self.offsets))"#)
                    for _ in 0..<4 { _ = send("session.drag", #""session":"\#(session)","translation":\#(pick(Self.translations))"#) }
                    if random.next() % 3 == 0 {
                        _ = send("session.setViewport", #""session":"\#(session)","width":\#(pick(Self.lengths)),"height":\#(pick(Self.lengths))"#)
                    }
                    _ = send("session.endDragging", #""session":"\#(session)","velocity":\#(pick(Self.velocities)),"time":0"#)
                    for time in ["0.016", "0.5", "10"] { _ = send("session.tick", #""session":"\#(session)","time":\#(time)"#) }
                    let snapshot = try XCTUnwrap(parsed(send("session.snapshot", #""session":"\#(session)""#))?["result"], "seed \(seed)")
                    var writer = JSONWriter()
                    writer.value(snapshot)
                    let restored = send("session.restore", #""id":"\#(session)r\#(id)","snapshot":\#(String(decoding: writer.bytes, as: UTF8.self))"#)
                    XCTAssertTrue(restored.contains(#""result""#), "seed \(seed): a snapshot the worker wrote is refused: \(restored)")
                }
            }
        }
    }
}
