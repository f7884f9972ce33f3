import XCTest
@testable import OmniScrollJSON

final class JSONWriterTests: XCTestCase {
    private func write(_ value: JSONValue) -> String {
        var w = JSONWriter()
        w.value(value)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private func number(_ d: Double) -> String { write(.number(d)) }

    func testNumbers() {
        XCTAssertEqual(number(600), "600")
        XCTAssertEqual(number(-3), "-3")
        XCTAssertEqual(number(0), "0")
        XCTAssertEqual(number(-0.0), "0")
        XCTAssertEqual(number(0.1), "0.1")
        XCTAssertEqual(number(1.5), "1.5")
        XCTAssertEqual(number(-2.25), "-2.25")
        XCTAssertEqual(number(9_007_199_254_740_991), "9007199254740991")
        XCTAssertEqual(number(9_007_199_254_740_992), "9007199254740992")
        XCTAssertEqual(number(1e21), "1e+21")
        XCTAssertEqual(number(1e-7), "1e-07")
        XCTAssertEqual(number(.leastNonzeroMagnitude), "5e-324")  // the literal 5e-324 warns that it underflows
        XCTAssertEqual(number(.greatestFiniteMagnitude), "1.7976931348623157e+308")
        var w = JSONWriter()
        w.number(Int.min)
        w.number(Int.max)
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "-9223372036854775808,9223372036854775807")
    }

    /// Whole numbers around the one-digit path (0…9 written as one byte) and
    /// every digit count: what `Int.description` gives, as integers and as doubles.
    func testWholeNumbersAreTheirDecimalDigits() {
        var values = Array(-12...12)
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        for v in values {
            // Doubles are written whole below 2^53 (beyond, in exponent form).
            if Double(v).magnitude < 9_007_199_254_740_992 { XCTAssertEqual(number(Double(v)), v.description) }
            var w = JSONWriter()
            w.number(v)
            XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), v.description)
        }
    }

    func testNumbersRoundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        var parser = JSONParser()
        for _ in 0..<2000 {
            let d = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF)  // finite, positive
            for v in [d, -d, Double(Int32.random(in: .min ... .max)) / 64] {
                let text = number(v)
                let back = try parser.parse(Array(text.utf8)).value.doubleValue
                XCTAssertEqual(back, v == 0 ? 0 : v, text)
            }
        }
    }

    /// Non-integral numbers are the runtime's shortest round-trip digits,
    /// written in place: byte for byte what `Double.description` gives (less
    /// a trailing ".0"), over a deterministic spread of bit patterns (a
    /// Weyl sequence: every run tests the same values) and the edge cases.
    func testNonIntegralNumbersAreDescriptionsDigits() {
        var values: [Double] = [0.1, -2.25, 1e21, 1e-7, 5e-300, .leastNonzeroMagnitude, .leastNormalMagnitude,
                                .greatestFiniteMagnitude, 18_014_398_509_481_984, -1e300, 123456789.125,
                                1.0000000000000002, 100_000.5, 1e-6, 1e100, 1_000_000.000_1, 0.000_100_001]
        for i in 1...20_000 {
            let bits = (UInt64(i) &* 0x9E37_79B9_7F4A_7C15) & 0xFFEF_FFFF_FFFF_FFFF  // finite, either sign
            values.append(Double(bitPattern: bits))
        }
        for v in values where !(v.magnitude < 9_007_199_254_740_992 && v == v.rounded(.towardZero)) {
            var text = v.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            XCTAssertEqual(number(v), text, "bit pattern \(String(v.bitPattern, radix: 16))")
        }
    }

    /// Numbers of up to `shortDecimals` decimals take the short path
    /// (`storeShortDecimal`): still `description`'s digits, for values on
    /// the decimal grid, their neighbouring doubles and the edges of the
    /// path (2^31, 10^-4), over a deterministic spread.
    func testShortDecimalsAreDescriptionsDigits() {
        var values: [Double] = [0.25, -0.25, 0.5, 557.25, -42.75, 0.0001, -0.0001, 0.1, 0.2, 0.3, 0.7, 1.1, 2.675,
                                2_147_483_647.5, 2_147_483_648.5, -2_147_483_647.9999, 0.00015, 1e-5, 99.99, 1234.5678]
        for i in 1...20_000 {
            let weyl = UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            let decimals = Int(weyl >> 62) + 1
            let units = Double(Int64(bitPattern: weyl) >> 30)  // within ±2^33: some beyond the path's 2^31
            let scale = [10.0, 100, 1000, 10000][decimals - 1]
            let v = units / scale
            values += [v, v.nextUp, v.nextDown]
        }
        for v in values where !(v.magnitude < 9_007_199_254_740_992 && v == v.rounded(.towardZero)) {
            var text = v.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            XCTAssertEqual(number(v), text, "bit pattern \(String(v.bitPattern, radix: 16))")
        }
    }

    func testStringEscapes() {
        XCTAssertEqual(write("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(write("\n\r\t\u{8}\u{C}"), #""\n\r\t\b\f""#)
        XCTAssertEqual(write("\u{0}\u{1}\u{1F}"), #""\u0000\u0001\u001f""#)
        XCTAssertEqual(write("line\u{2028}sep\u{2029}"), #""line\u2028sep\u2029""#)
        XCTAssertEqual(write("é中😀/"), "\"é中😀/\"")
        XCTAssertEqual(write("\u{2027}\u{202A}€"), "\"\u{2027}\u{202A}€\"")  // other E2 sequences untouched
        XCTAssertEqual(write("\u{7F}"), "\"\u{7F}\"")
    }

    func testEveryControlCharacterEscapedAndOneLine() throws {
        let all = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self) + "\u{2028}\u{2029}"
        let text = write(.string(all))
        XCTAssertFalse(text.utf8.contains { $0 < 0x20 })
        XCTAssertEqual(try JSONParser.parse(text), .string(all))
    }

    func testStructureAndKeyOrder() {
        var w = JSONWriter()
        w.beginObject()
        w.key("z")
        w.number(1)
        w.key("a")
        w.beginArray()
        w.null()
        w.bool(true)
        w.bool(false)
        w.beginObject()
        w.endObject()
        w.beginArray()
        w.endArray()
        w.string("s")
        w.endArray()
        w.key("k\"ey" as String)
        w.number(2.5)
        w.endObject()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #"{"z":1,"a":[null,true,false,{},[],"s"],"k\"ey":2.5}"#)
    }

    func testTruncateAndReset() {
        var w = JSONWriter()
        w.beginArray()
        w.number(1)
        let mark = w.count
        let comma = w.needsComma
        w.number(2)
        w.truncate(to: mark, needsComma: comma)
        w.number(3)
        w.endArray()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "[1,3]")
        w.reset()
        w.number(4)
        XCTAssertEqual(w.bytes, Array("4".utf8))
    }

    func testRoundTripDocuments() throws {
        let texts = [
            #"{"jsonrpc":"2.0","id":"x\"y","result":{"frames":[{"y":0,"height":812.5}],"empty":{},"list":[]}}"#,
            #"[null,true,false,-1,0.5,"é",{"a":[[]]}]"#,
            #"{"b":1,"a":2,"b":3}"#,
        ]
        for t in texts {
            XCTAssertEqual(write(try JSONParser.parse(t)), t)
        }
    }

    /// A non-finite number is written as `null` (valid JSON) but never
    /// silently: the writer counts it and remembers where it began, through
    /// its own calls and through a cursor alike.
    func testNonFiniteNumbersAreCounted() {
        var w = JSONWriter()
        w.beginArray()
        w.number(1.5)
        w.number(Double.nan)
        w.withCursor(reserving: 2 * JSONWriter.maxNumberBytes + 1, needsComma: true) { c in
            c.byte(UInt8(ascii: ","))
            c.number(-Double.infinity)
        }
        w.endArray()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "[1.5,null,null]")
        XCTAssertEqual(w.nonFiniteNumbers, 2)
        XCTAssertEqual(w.lastNonFiniteAt, 10)
        var finite = JSONWriter()
        finite.number(1e308)
        finite.number(Double.leastNonzeroMagnitude)
        XCTAssertEqual(finite.nonFiniteNumbers, 0)
    }
}
