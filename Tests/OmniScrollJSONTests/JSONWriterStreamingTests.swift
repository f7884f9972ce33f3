import XCTest
@testable import OmniScrollJSON

/// A writer with a sink hands what it holds to the sink when it fills inside
/// `streaming`, and only there; the bytes the sink and the buffer end up with
/// are the bytes a writer without a sink holds.
final class JSONWriterStreamingTests: XCTestCase {
    private final class Collected {
        var bytes: [UInt8] = []
        var calls = 0
    }

    private func writeValues(_ w: inout JSONWriter, count: Int) {
        for i in 0..<count {
            w.beginObject()
            w.key("id"); w.string("c\(i)")
            w.key("y"); w.number(Double(i) * 7.25)
            w.endObject()
        }
    }

    private func sinking(_ collected: Collected) -> JSONWriter {
        var w = JSONWriter(capacity: 256)
        w.sink = { collected.bytes.append(contentsOf: $0); collected.calls += 1 }
        return w
    }

    func testStreamingHandsFullBuffersToTheSinkAndKeepsTheBytes() {
        var plain = JSONWriter(capacity: 256)
        plain.beginArray()
        writeValues(&plain, count: 1000)
        plain.endArray()

        let collected = Collected()
        var w = sinking(collected)
        w.beginArray()
        w.streaming { w in writeValues(&w, count: 1000) }
        w.endArray()
        XCTAssertGreaterThan(collected.calls, 10)
        XCTAssertEqual(w.handOvers, collected.calls, "each hand-over is counted: the dispatcher keeps what streamed")
        XCTAssertLessThanOrEqual(w.count, 512, "the buffer stays near its capacity")
        XCTAssertEqual(collected.bytes + w.bytes, plain.bytes)
    }

    func testOutsideStreamingTheWriterGrowsAndNothingReachesTheSink() {
        let collected = Collected()
        var w = sinking(collected)
        w.beginArray()
        writeValues(&w, count: 1000)
        w.endArray()
        XCTAssertEqual(collected.calls, 0)
        XCTAssertEqual(w.handOvers, 0)
        XCTAssertTrue(String(decoding: w.bytes, as: UTF8.self).hasSuffix(#"{"id":"c999","y":7242.75}]"#))
    }

    func testACopyTakenBeforeStreamingKeepsItsBytes() {
        let collected = Collected()
        var w = sinking(collected)
        w.beginArray()
        writeValues(&w, count: 3)
        let copy = w
        w.streaming { w in writeValues(&w, count: 1000) }
        XCTAssertEqual(String(decoding: copy.bytes, as: UTF8.self),
                       #"[{"id":"c0","y":0},{"id":"c1","y":7.25},{"id":"c2","y":14.5}"#)
    }
}
