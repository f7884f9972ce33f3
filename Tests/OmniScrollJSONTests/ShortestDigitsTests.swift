import XCTest
@testable import OmniScrollJSON
import OmniScrollTestSupport

/// `ShortestDigits` and the writer that uses it write `Double.description`
/// byte for byte (minus a trailing ".0") over the range it covers.
final class ShortestDigitsTests: XCTestCase {
    /// Checks `values` and returns the first few failures, each with the
    /// value's bit pattern, what was expected and what was written (by the
    /// writer, and by `ShortestDigits` alone when it covers the value).
    private func mismatches<S: Sequence<Double>>(_ values: S) -> [String] {
        var failures: [String] = []
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: JSONWriter.maxNumberBytes)
        defer { buffer.deallocate() }
        func check(_ who: String, _ value: Double, _ expected: UnsafeBufferPointer<UInt8>, _ count: Int) {
            if count != expected.count || memcmp(buffer, expected.baseAddress!, count) != 0 {
                let text = UnsafeBufferPointer(start: buffer, count: count)
                failures.append("\(who): \(String(decoding: expected, as: UTF8.self)) (bits 0x\(String(value.bitPattern, radix: 16))) written as \(String(decoding: text, as: UTF8.self))")
            }
        }
        for value in values where failures.count < 5 {
            var description = value.description
            description.withUTF8 { utf8 in
                let withoutPointZero = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == UInt8(ascii: "0")
                let expected = UnsafeBufferPointer(rebasing: utf8[..<(withoutPointZero ? utf8.count - 2 : utf8.count)])
                check("JSONWriter", value, expected, JSONWriter.store(value, at: buffer))
                if ShortestDigits.coversPlainly(value.magnitude) {
                    check("ShortestDigits", value, expected, ShortestDigits.storePlain(value, at: buffer))
                }
            }
        }
        return failures
    }

    private let smallest = ShortestDigits.smallestPlain
    private let largest = ShortestDigits.largestPlain

    func testRangeIsWhereDescriptionHasNoExponent() {
        XCTAssertEqual(smallest.description, "0.0001")
        XCTAssertEqual(smallest.nextDown.description, "9.999999999999999e-05")
        XCTAssertEqual(largest.description, "9007199254740992.0")
        XCTAssertEqual(largest.nextUp.description, "9.007199254740994e+15")
        XCTAssertTrue(ShortestDigits.coversPlainly(smallest))
        XCTAssertFalse(ShortestDigits.coversPlainly(smallest.nextDown))
        XCTAssertTrue(ShortestDigits.coversPlainly(largest))
        XCTAssertFalse(ShortestDigits.coversPlainly(largest.nextUp))
    }

    /// The scales are 5^e shifted until bit 63 is set (10^e normalized).
    func testScalesAreNormalizedPowersOfTen() {
        var power: UInt64 = 1
        for e in 0...20 {
            XCTAssertEqual(ShortestDigits.normalizedPowerOfTen(e), power << power.leadingZeroBitCount, "10^\(e)")
            power *= 5
        }
    }

    /// Eight digits at once give what formatting the number gives, leading
    /// zeros kept: every digit in every place (seeded), and the edges.
    func testEightDigitsAtOnce() {
        let seed: UInt64 = 0x8D16_175
        var rng = SeededGenerator(seed: seed)
        let values: [UInt32] = [0, 1, 9, 10, 99, 100, 9_999, 10_000, 10_001, 12_345_678, 99_999_999, 10_000_000, 90_000_009]
            + (0..<200_000).map { _ in UInt32.random(in: 0..<100_000_000, using: &rng) }
        for x in values {
            var word = ShortestDigits.eightDigits(x).littleEndian
            let text = withUnsafeBytes(of: &word) { String(decoding: $0, as: UTF8.self) }
            let expected = String(x)
            XCTAssertEqual(text, String(repeating: "0", count: 8 - expected.count) + expected, "seed \(seed), \(x)")
        }
    }

    func testEdges() {
        var values: [Double] = []
        for bound in [smallest, largest, 9_007_199_254_740_991, 4_503_599_627_370_496] {
            var down = bound, up = bound
            for _ in 0..<64 {
                values += [down, up]
                down = down.nextDown
                up = up.nextUp
            }
        }
        for e in -14...53 {
            let power = Double(sign: .plus, exponent: e, significand: 1)
            values += [power, power.nextDown, power.nextUp]
        }
        var power = 1e-4
        for _ in -4...16 {
            values += [power, power.nextDown, power.nextUp]
            power *= 10
        }
        // 15, 16 and 17 significant digits.
        values += [123_456_789_012.345, 0.123456789012345, 1.234567890123456, 0.1234567890123456,
                   0.30000000000000004, 1.0 / 3, 2.0 / 3, 0.39285714285714285, 24.118807627078244,
                   1234567.891, 0.001234, 123.456, 1e15 + 0.2, 999_999_999_999_999.9, 0.000_123_456_789_012_345_67]
        // Ties: v · 10^-k ends in exactly .5 at the scale the algorithm
        // works at, so two candidates are equally near (Schubfach takes the
        // even one). Quarters from 2^49 up to 2^51 and eighths from 2^47 up
        // to 2^48 are such values.
        for j in stride(from: 1, through: 399, by: 2) {
            values += [4_503_599_627_370_496 / 2 + Double(j) / 4, 562_949_953_421_312 + Double(j) / 4,
                       1_125_899_906_842_624 + Double(j) / 4, 140_737_488_355_328 + Double(j) / 8]
        }
        XCTAssertEqual(mismatches(values + values.map { -$0 }), [])
    }

    func testRandomBitPatternsInRange() {
        let seed: UInt64 = 0x5EED_D70A
        var rng = SeededGenerator(seed: seed)
        let low = smallest.bitPattern, high = largest.bitPattern
        let values = (0..<2_000_000).lazy.map { _ in
            let value = Double(bitPattern: UInt64.random(in: low...high, using: &rng))
            return Bool.random(using: &rng) ? value : -value
        }
        XCTAssertEqual(mismatches(values), [], "seed \(seed)")
    }

    /// Values computed as track values are: ratios, thirds, easing curves.
    func testComputedValues() {
        let seed: UInt64 = 0xC0_4E_D1
        var rng = SeededGenerator(seed: seed)
        let values = (0..<250_000).lazy.flatMap { _ -> [Double] in
            let a = Double(Int.random(in: -10_000...10_000, using: &rng)) / 4
            let b = Double(Int.random(in: 1...2_000, using: &rng))
            let c = Double(Int.random(in: 1...997, using: &rng))
            let t = Double.random(in: 0...1, using: &rng)
            let cubic = 3 * t * (1 - t) * (1 - t) * 0.42 + 3 * t * t * (1 - t) * 0.58 + t * t * t
            return [a * b / c, a / 3, cubic, t * t * (3 - 2 * t) * 10_000]
        }
        XCTAssertEqual(mismatches(values), [], "seed \(seed)")
    }

    /// The writer's one-pass short decimals (`storeShortDecimal`, issue 28)
    /// and every other branch of `store`: seeded values from each family a
    /// reply writes or a client could send, each with its neighbours:
    /// decimals of one to six places, integers around 2^31 and 2^53 and
    /// beyond, subnormals, ±0, values near ±1e±308.
    func testSeededFamiliesAreDescriptionsDigits() {
        let seed: UInt64 = 0x5_40A7_DEC1
        var rng = SeededGenerator(seed: seed)
        let values = (0..<200_000).lazy.flatMap { _ -> [Double] in
            let places = Int.random(in: 1...6, using: &rng)
            let scale = [10.0, 100, 1_000, 10_000, 100_000, 1_000_000][places - 1]
            let decimal = Double(Int.random(in: -4_000_000_000_000...4_000_000_000_000, using: &rng) >> Int.random(in: 0...40, using: &rng)) / scale
            let integer = Double(Int64.random(in: -(1 << 60)...(1 << 60), using: &rng) >> Int.random(in: 0...40, using: &rng))
            let subnormal = Double(bitPattern: UInt64.random(in: 1..<(1 << 52), using: &rng))
            let huge = Double(sign: .plus, exponent: Int.random(in: 1000...1023, using: &rng),
                              significand: Double.random(in: 1..<2, using: &rng))
            let tiny = Double(sign: .plus, exponent: Int.random(in: -1022 ... -1000, using: &rng),
                              significand: Double.random(in: 1..<2, using: &rng))
            let sign: Double = Bool.random(using: &rng) ? 1 : -1
            return [decimal, decimal.nextUp, decimal.nextDown, integer, integer.nextUp, sign * subnormal,
                    sign * huge, sign * tiny, 2_147_483_648 + decimal.magnitude.truncatingRemainder(dividingBy: 2)]
        }
        XCTAssertEqual(mismatches(values), [], "seed \(seed)")
        XCTAssertEqual(mismatches([0.0, 1e308, -1e308, 1e-308, -1e-308, .greatestFiniteMagnitude, 9_007_199_254_740_993,
                                   18_014_398_509_481_984, 2_147_483_647.9999, -2_147_483_647.5, 0.0001, 0.00015]), [])
    }
}
