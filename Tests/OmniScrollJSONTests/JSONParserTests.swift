import XCTest
@testable import OmniScrollJSON

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String, maxDepth: Int = 64) throws -> JSONValue {
        try JSONParser.parse(text, maxDepth: maxDepth)
    }

    private func parseBytes(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONParseError) -> JSONDocument {
        var parser = JSONParser(maxDepth: maxDepth)
        return try parser.parse(bytes)
    }

    private func assertRejects(_ bytes: [UInt8], _ reasonPart: String? = nil, offset: Int? = nil,
                               file: StaticString = #filePath, line: UInt = #line) {
        do {
            let doc = try parseBytes(bytes)
            XCTFail("accepted \(bytes): \(doc.value)", file: file, line: line)
        } catch {
            if let reasonPart {
                XCTAssertTrue(error.reason.contains(reasonPart), "reason \"\(error.reason)\" lacks \"\(reasonPart)\"", file: file, line: line)
            }
            if let offset { XCTAssertEqual(error.offset, offset, file: file, line: line) }
        }
    }

    private func assertRejects(_ text: String, _ reasonPart: String? = nil, offset: Int? = nil,
                               file: StaticString = #filePath, line: UInt = #line) {
        assertRejects(Array(text.utf8), reasonPart, offset: offset, file: file, line: line)
    }

    func testScalarsAndContainers() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" true "), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("\"abc\""), .string("abc"))
        XCTAssertEqual(try parse("[1, 2 ,3]"), [1, 2, 3])
        XCTAssertEqual(try parse("{\"a\": {\"b\": []}, \"c\": \"d\"}"), ["a": ["b": []], "c": "d"])
        XCTAssertEqual(try parse("\t\r\n {}\n"), .object(JSONObject()))
    }

    /// Numbers beyond the exact fast path (more than 2^53 in their digits,
    /// or past 10^±22) read as `Double(text)` reads them, in a member (the
    /// byte after them stops the C library's reading) and at the very end
    /// of the input (no byte after them), over a deterministic spread.
    func testLongNumbersReadAsDoubleReadsThem() throws {
        var texts = ["10.016666666666667", "-0.39285714285714285", "12345678901234567890123", "1.7976931348623157e308",
                     "2.2250738585072014e-308", "4.9e-324", "0.30000000000000004", "9007199254740993", "1e23", "123456.78901234567e-3", "1e400", "-1e400", "1e-400"]
        for i in 1...3000 {
            let v = Double(bitPattern: (UInt64(i) &* 0x9E37_79B9_7F4A_7C15) & 0x7FEF_FFFF_FFFF_FFFF)
            texts.append(v.description)
        }
        for text in texts {
            let expected = try XCTUnwrap(Double(text), text)
            XCTAssertEqual(try parse(text).doubleValue, expected, "at the end: \(text)")
            XCTAssertEqual(try parse(#"{"v":\#(text)}"#)["v"]?.doubleValue, expected, "in a member: \(text)")
            XCTAssertEqual(try parse("[\(text) ]")[0]?.doubleValue, expected, "before a space: \(text)")
        }
    }

    func testObjectKeepsInsertionOrder() throws {
        let v = try parse(#"{"z":1,"a":2,"m":3}"#)
        XCTAssertEqual(v.objectValue?.keys, ["z", "a", "m"])
        XCTAssertEqual(v["a"], 2)
    }

    func testEveryEscape() throws {
        XCTAssertEqual(try parse(#""\" \\ \/ \b \f \n \r \t""#), .string("\" \\ / \u{8} \u{C} \n \r \t"))
        XCTAssertEqual(try parse(#""\u0041\u00e9\u4e2D\u0000""#), .string("Aé中\u{0}"))
        XCTAssertEqual(try parse(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(try parse(#""x\uDBFF\uDFFFy""#), .string("x\u{10FFFF}y"))
        XCTAssertEqual(try parse("\"héllo 😀\""), .string("héllo 😀"))
        XCTAssertEqual(try parse("\"é\\n😀\""), .string("é\n😀"))
        assertRejects(#""\x""#, "invalid escape")
        assertRejects(#""\u12G4""#, "hex")
        assertRejects(#""\u12""#)
    }

    func testLoneSurrogatesRejected() {
        assertRejects(#""\uD800""#, "lone high surrogate")
        assertRejects(#""\uD800x""#, "lone high surrogate")
        assertRejects(#""\uD800\u0041""#, "high surrogate not followed by a low surrogate")
        assertRejects(#""\uDC00""#, "lone low surrogate")
        assertRejects(#""a\uDFFF\uD800""#, "lone low surrogate")
    }

    func testInvalidUTF8Rejected() {
        let q: UInt8 = 0x22
        assertRejects([q, 0xC0, 0xAF, q], "overlong")           // overlong '/'
        assertRejects([q, 0xE0, 0x80, 0xAF, q], "overlong")     // overlong 3-byte
        assertRejects([q, 0xF0, 0x80, 0x80, 0xAF, q], "overlong")
        assertRejects([q, 0xED, 0xA0, 0x80, q], "surrogate")    // U+D800 encoded in UTF-8
        assertRejects([q, 0xF4, 0x90, 0x80, 0x80, q], "U+10FFFF")
        assertRejects([q, 0xE2, 0x82, q], "truncated")          // truncated €
        assertRejects([q, 0xE2, 0x82], "truncated")             // truncated at end of input
        assertRejects([q, 0x80, q], "continuation")
        assertRejects([q, 0xFF, q], "invalid lead byte")
        assertRejects([0xC3, 0xA9], "unexpected byte")          // non-ASCII outside a string
        XCTAssertNoThrow(try parseBytes([q, 0xE2, 0x82, 0xAC, q]))  // €
    }

    func testNulBytes() throws {
        assertRejects([0x22, 0x61, 0x00, 0x62, 0x22], "control character")  // raw NUL inside a string
        assertRejects([0x31, 0x00], "trailing")                               // NUL after a value
        assertRejects([0x00, 0x31], "control character")                      // NUL before a value
        XCTAssertEqual(try parse(#""a\u0000b""#), .string("a\u{0}b"))
    }

    func testControlCharactersInStrings() {
        assertRejects("\"a\nb\"", "control character")
        assertRejects("\"a\tb\"", "control character")
    }

    func testNumbers() throws {
        XCTAssertEqual(try parse("0"), 0)
        XCTAssertEqual(try parse("-12"), -12)
        XCTAssertEqual(try parse("600"), 600)
        XCTAssertEqual(try parse("1.5"), 1.5)
        XCTAssertEqual(try parse("0.1"), 0.1)
        XCTAssertEqual(try parse("1e3"), 1000)
        XCTAssertEqual(try parse("1E+3"), 1000)
        XCTAssertEqual(try parse("-2.5e-3"), -0.0025)
        XCTAssertEqual(try parse("123456789.123456789"), .number(123456789.123456789))
        XCTAssertEqual(try parse("0.000001"), .number(0.000001))
        XCTAssertEqual(try parse("3.141592653589793238462643383279"), .number(Double.pi))
        XCTAssertEqual(try parse("17976931348623157e292"), .number(Double.greatestFiniteMagnitude))
    }

    func testNumbersMatchStandardLibrary() throws {
        let samples = ["0.1", "0.3", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308",
                       "9007199254740993", "123456789012345678901234567890", "0.1e-5", "12345.6789e10",
                       "1.00000000000000011102230246251565404236316680908203125", "7.038531e-26", "8.5e-322"]
        for s in samples {
            XCTAssertEqual(try parse(s).doubleValue, Double(s), s)
        }
    }

    func testNegativeZeroKept() throws {
        let v = try parse("-0").doubleValue!
        XCTAssertEqual(v, 0)
        XCTAssertEqual(v.sign, .minus)
        XCTAssertEqual(try parse("-0.0").doubleValue!.sign, .minus)
    }

    func testOverflowParsesToInfinity() throws {
        XCTAssertEqual(try parse("1e400"), .number(.infinity))
        XCTAssertEqual(try parse("-1e400"), .number(-.infinity))
        XCTAssertEqual(try parse("1e-400"), 0)
        XCTAssertEqual(try parse("1e999999999999999999"), .number(.infinity))
    }

    func testLargeIntegers() throws {
        XCTAssertEqual(try parse("9007199254740992"), .number(9_007_199_254_740_992))  // 2^53
        XCTAssertEqual(try parse("9007199254740991"), .number(9_007_199_254_740_991))
        XCTAssertEqual(try parse("18446744073709551616"), .number(18_446_744_073_709_551_616.0))  // 2^64
        XCTAssertEqual(try parse("-9223372036854775808"), .number(-9_223_372_036_854_775_808.0))
    }

    func testNumberGrammarIsStrict() {
        for bad in ["01", "-01", "+1", ".5", "5.", "1.e3", "1e", "1e+", "-", "--1", "0x10", "1.5.2", "Infinity", "NaN", "-Infinity"] {
            assertRejects(bad)
        }
        assertRejects("01", "leading zeros")
    }

    func testDepthBound() throws {
        let bomb = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        assertRejects(bomb, "nesting deeper than 64", offset: 64)
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
        assertRejects(String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nesting")
        assertRejects(String(repeating: "{\"a\":", count: 10_000), "nesting")
        XCTAssertNoThrow(try parse("[[[1]]]", maxDepth: 3))
        XCTAssertThrowsError(try parse("[[[[1]]]]", maxDepth: 3))
    }

    func testByteOrderMarkRejected() {
        assertRejects([0xEF, 0xBB, 0xBF] + Array("{}".utf8), "byte order mark", offset: 0)
    }

    func testTrailingGarbageRejected() {
        assertRejects("{} x", "trailing", offset: 3)
        assertRejects("1 2", "trailing")
        assertRejects("[1]]", "trailing")
        assertRejects("{}{}", "trailing")
    }

    func testStructuralErrors() {
        assertRejects("", "empty")
        assertRejects("   ", "empty")
        assertRejects("[1,]")
        assertRejects("{\"a\":1,}")
        assertRejects("{\"a\" 1}", "':'")
        assertRejects("{1:2}", "string key")
        assertRejects("[1 2]", "','")
        assertRejects("\"abc", "unterminated")
        assertRejects("tru", "end of input")
        assertRejects("nul1", "invalid literal")
        assertRejects("\u{C}1", "control")          // form feed is not JSON whitespace
        assertRejects("\u{A0}1", "unexpected byte")  // nor is NBSP
    }

    func testDuplicateKeysAreRecorded() throws {
        let doc = try parseBytes(Array(#"{"a":1,"b":{"c":1,"c":2},"a":3}"#.utf8))
        XCTAssertTrue(doc.hasDuplicateKeys)
        XCTAssertEqual(doc.value.objectValue?.count, 3)
        XCTAssertEqual(doc.value.objectValue?.duplicateKey, "a")
        XCTAssertEqual(doc.value["b"]?.objectValue?.duplicateKey, "c")
        XCTAssertEqual(doc.value["a"], 1)  // lookup returns the first
        XCTAssertFalse(try parseBytes(Array(#"{"a":{"a":1}}"#.utf8)).hasDuplicateKeys)
        let many = "{" + (0..<40).map { "\"k\($0)\":0" }.joined(separator: ",") + ",\"k7\":1}"
        XCTAssertEqual(try parse(many).objectValue?.duplicateKey, "k7")
    }

    func testParserIsReusableAfterErrors() throws {
        var parser = JSONParser()
        XCTAssertThrowsError(try parser.parse(Array(#"{"a":[1,2,{"b":"#.utf8)))
        XCTAssertEqual(try parser.parse(Array(#"{"c":[3]}"#.utf8)).value, ["c": [3]])
    }
}
