import OmniScrollTestSupport
import XCTest
@testable import OmniScrollCore

/// A sample's time in whole microseconds is `round(seconds · 1e6)`, halves
/// away from zero, computed on the integers (docs/pointer.md, "Times").
final class PointerSampleTimeTests: XCTestCase {
    func testHalvesRoundAwayFromZero() {
        XCTAssertEqual(PointerSample.microseconds(0.0000005), 1)
        XCTAssertEqual(PointerSample.microseconds(-0.0000005), -1)
        XCTAssertEqual(PointerSample.microseconds(0.0000025), 3)
        XCTAssertEqual(PointerSample.microseconds(0.0000004999), 0)
        XCTAssertEqual(PointerSample.microseconds(-0.0000004999), 0)
        XCTAssertEqual(PointerSample.microseconds(0.001), 1000)
        XCTAssertEqual(PointerSample.microseconds(-0.0), 0)
    }

    func testTheBoundsAreExact() {
        XCTAssertEqual(PointerSample.microseconds(PointerSample.maxSeconds), 1_000_000_000_000_000)
        XCTAssertEqual(PointerSample.microseconds(-PointerSample.maxSeconds), -1_000_000_000_000_000)
        XCTAssertEqual(PointerSample.microseconds(999_999_999.9999995), Int64((999_999_999.9999995 * 1e6).rounded()))
    }

    /// Every time the contract allows gives what `rounded()` gives: whole
    /// seconds, millisecond clocks, halves of a microsecond and arbitrary doubles.
    func testSeededTimesMatchTheLibraryRound() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<100_000 {
            let seconds: Double
            switch random.next() % 4 {
            case 0: seconds = Double.random(in: -PointerSample.maxSeconds...PointerSample.maxSeconds, using: &random)
            case 1: seconds = Double(Int64.random(in: -1_000_000_000...1_000_000_000, using: &random)) / 1000
            case 2: seconds = (Double(Int64.random(in: -2_000_000_000_000...2_000_000_000_000, using: &random)) + 0.5) / 1e6
            default: seconds = Double.random(in: -10...10, using: &random)
            }
            let expected = Int64((seconds * 1e6).rounded())
            guard PointerSample.microseconds(seconds) == expected else {
                return XCTFail("seed \(seed): \(seconds) s gave \(PointerSample.microseconds(seconds)), not \(expected)")
            }
        }
    }
}
