#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict RFC 8259 JSON parser working directly on UTF-8 bytes.
///
/// Rules (all violations throw `JSONParseError` with a byte offset):
/// - Input must be valid UTF-8: overlong forms, UTF-8-encoded surrogates,
///   code points above U+10FFFF and truncated sequences are rejected.
/// - A leading byte order mark (EF BB BF) is rejected: RFC 8259 §8.1 says
///   senders must not add one, and a protocol peer that does is broken.
/// - Whitespace is exactly space, tab, LF and CR. Anything after the value
///   other than whitespace is rejected ("trailing characters").
/// - Strings: raw control characters (< 0x20, including NUL) are rejected; every
///   escape is supported, `\uXXXX` surrogate pairs are combined and a lone
///   surrogate (high without low, or low alone) is rejected.
/// - Numbers follow the RFC grammar exactly (no leading zeros, no `+`, no
///   `.5`, no `5.`). They become `Double`s: integers with up to 19 digits and
///   simple decimals are converted exactly (correctly rounded) without
///   allocation; others go through the standard library's correctly rounded
///   conversion. A number too large for a `Double` (`1e400`) parses to an
///   infinity rather than failing, so the caller can report it as an invalid
///   value; one too small (`1e-400`) becomes 0. `-0` stays `-0.0`.
/// - Nesting deeper than `maxDepth` arrays/objects is rejected.
/// - Duplicate object keys are kept (see `JSONElement.duplicateKey`) and flagged
///   in `JSONTape.hasDuplicateKeys`; choosing a policy is the caller's job.
///
/// The parser writes a `JSONTape` (`parseElement`): no allocation per value,
/// strings left in the input. `parse` also builds the `JSONValue` tree.
///
/// A parser instance reuses its tape between calls; keep one per connection
/// for speed. It is not thread-safe, and copies of a parser share the tape,
/// so use each copy from one place only.
public struct JSONParser {
    /// Maximum nesting of arrays and objects; the top-level container is depth 1.
    public var maxDepth: Int
    /// The values of the last parse.
    public let tape = JSONTape()

    private var p: UnsafePointer<UInt8>
    private var n = 0
    private var pos = 0

    public init(maxDepth: Int = 64) {
        self.maxDepth = maxDepth
        p = UnsafePointer(bitPattern: 1)!  // never dereferenced while n == 0
    }

    /// Parses a complete JSON text into `tape` and returns its root value,
    /// valid while `bytes` is alive and until the next parse.
    public mutating func parseElement(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONElement {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONParseError(offset: 0, reason: "empty input")
        }
        guard bytes.count <= Int(UInt32.max) else {
            throw JSONParseError(offset: 0, reason: "input longer than \(UInt32.max) bytes")
        }
        p = base.assumingMemoryBound(to: UInt8.self)
        n = bytes.count
        pos = 0
        tape.reset(input: p, byteCount: n)
        defer { n = 0 }

        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            throw JSONParseError(offset: 0, reason: "byte order mark is not allowed")
        }
        skipWhitespace()
        guard pos < n else { throw JSONParseError(offset: pos, reason: "empty input") }
        try parseValue(depth: 0)
        skipWhitespace()
        if pos < n { throw JSONParseError(offset: pos, reason: "trailing characters after the value") }
        return tape.root
    }

    /// Parses a complete JSON text and builds its tree.
    public mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONDocument {
        let root = try parseElement(bytes)
        return JSONDocument(value: root.value, hasDuplicateKeys: tape.hasDuplicateKeys)
    }

    public mutating func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        let result: Result<JSONDocument, JSONParseError> = bytes.withUnsafeBytes { buffer in
            do throws(JSONParseError) { return .success(try parse(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Convenience: parses `text` and returns its value.
    public static func parse(_ text: String, maxDepth: Int = 64) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(maxDepth: maxDepth)
        return try parser.parse(Array(text.utf8)).value
    }

    // MARK: - Values

    @inline(__always)
    private mutating func skipWhitespace() {
        while pos < n {
            let b = p[pos]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { pos += 1 } else { return }
        }
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? pos, reason: reason)
    }

    /// Parses one value and appends its entries to the tape. Inlined into
    /// the containers: a scalar member or element costs no call.
    @inline(__always)
    private mutating func parseValue(depth: Int) throws(JSONParseError) {
        guard pos < n else { throw fail("unexpected end of input") }
        let start = pos
        switch p[pos] {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try parseString(hashing: false)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            _ = tape.push(.bool, start: start, end: pos, payload: 1)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            _ = tape.push(.bool, start: start, end: pos)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            _ = tape.push(.null, start: start, end: pos)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let value = try parseNumber()
            _ = tape.push(.number, start: start, end: pos, payload: value.bitPattern)
        case let b where b >= 0x80: throw fail("unexpected byte 0x\(String(b, radix: 16, uppercase: true))")
        case let b where b < 0x20: throw fail("unexpected control character 0x\(String(b, radix: 16, uppercase: true))")
        case let b: throw fail("unexpected character '\(Character(Unicode.Scalar(b)))'")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let lit = literal.utf8Start
        for i in 0..<count {
            guard pos + i < n, p[pos + i] == lit[i] else {
                throw fail(pos + i < n ? "invalid literal" : "unexpected end of input", at: pos + i)
            }
        }
        pos += count
    }

    @inline(never)
    private mutating func parseObject(depth: Int) throws(JSONParseError) {
        if depth > maxDepth { throw fail("nesting deeper than \(maxDepth) levels") }
        let object = tape.push(.object, start: pos, end: pos)
        pos += 1  // {
        skipWhitespace()
        guard pos < n else { throw fail("unexpected end of input") }
        if p[pos] == UInt8(ascii: "}") {
            pos += 1
            tape.close(object, end: pos, items: 0)
            return
        }
        // One bit per key hash: a repeated key sets a bit twice (an escaped
        // key, with no hash, always counts), so objects without a collision
        // need no duplicate scan.
        var keyBits: UInt64 = 0
        var mayRepeatKeys = false
        var members = 0
        while true {
            guard pos < n else { throw fail("unexpected end of input") }
            guard p[pos] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let key = tape.count
            if let hash = try parseString(hashing: true) {
                let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: hash & 63)
                if keyBits & bit != 0 { mayRepeatKeys = true }
                keyBits |= bit
            } else {
                mayRepeatKeys = true
            }
            skipWhitespace()
            guard pos < n else { throw fail("unexpected end of input") }
            guard p[pos] == UInt8(ascii: ":") else { throw fail("expected ':' after an object key") }
            pos += 1
            skipWhitespace()
            try parseValue(depth: depth)
            tape.entries[key].next = UInt32(truncatingIfNeeded: tape.count)  // a key skips its value
            members += 1
            guard try moreItems(closing: UInt8(ascii: "}"), in: "an object") else { break }
        }
        tape.close(object, end: pos, items: members)
        if mayRepeatKeys && !tape.duplicates && JSONElement(tape: tape, index: object).duplicateKey != nil {
            tape.duplicates = true
        }
    }

    /// After an object member or an array element: consumes the `,` and
    /// returns true when another follows, consumes `closing` and returns false
    /// at the end.
    @inline(__always)
    private mutating func moreItems(closing: UInt8, in container: StaticString) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard pos < n else { throw fail("unexpected end of input") }
        let b = p[pos]
        pos += 1
        if b == UInt8(ascii: ",") {
            skipWhitespace()
            return true
        }
        if b == closing { return false }
        throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))' in \(container)", at: pos - 1)
    }

    @inline(never)
    private mutating func parseArray(depth: Int) throws(JSONParseError) {
        if depth > maxDepth { throw fail("nesting deeper than \(maxDepth) levels") }
        let array = tape.push(.array, start: pos, end: pos)
        pos += 1  // [
        skipWhitespace()
        guard pos < n else { throw fail("unexpected end of input") }
        if p[pos] == UInt8(ascii: "]") {
            pos += 1
            tape.close(array, end: pos, items: 0)
            return
        }
        var elements = 0
        while true {
            try parseValue(depth: depth)
            elements += 1
            guard try moreItems(closing: UInt8(ascii: "]"), in: "an array") else { break }
        }
        tape.close(array, end: pos, items: elements)
    }

    // MARK: - Numbers

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    private func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = pos
        var negative = false
        if p[pos] == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        guard pos < n, isDigit(p[pos]) else { throw fail("expected a digit") }
        var mantissa: UInt64 = 0
        var digits = 0
        var inexact = false  // more than 19 significant digits
        if p[pos] == UInt8(ascii: "0") {
            pos += 1
            if pos < n && isDigit(p[pos]) { throw fail("leading zeros are not allowed", at: pos - 1) }
        } else {
            while pos < n, isDigit(p[pos]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(p[pos] &- UInt8(ascii: "0"))
                    digits += 1
                } else {
                    inexact = true
                }
                pos += 1
            }
        }
        var isInteger = true
        var exponent = 0
        if pos < n && p[pos] == UInt8(ascii: ".") {
            isInteger = false
            pos += 1
            guard pos < n, isDigit(p[pos]) else { throw fail("expected a digit after '.'") }
            while pos < n, isDigit(p[pos]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(p[pos] &- UInt8(ascii: "0"))
                    digits += 1
                    exponent -= 1
                } else {
                    inexact = true
                }
                pos += 1
            }
        }
        if pos < n && (p[pos] == UInt8(ascii: "e") || p[pos] == UInt8(ascii: "E")) {
            isInteger = false
            pos += 1
            var negativeExponent = false
            if pos < n && (p[pos] == UInt8(ascii: "+") || p[pos] == UInt8(ascii: "-")) {
                negativeExponent = p[pos] == UInt8(ascii: "-")
                pos += 1
            }
            guard pos < n, isDigit(p[pos]) else { throw fail("expected a digit in the exponent") }
            var e = 0
            while pos < n, isDigit(p[pos]) {
                if e < 1_000_000 { e = e * 10 + Int(p[pos] &- UInt8(ascii: "0")) }
                pos += 1
            }
            exponent += negativeExponent ? -e : e
        }
        if !inexact {
            if isInteger {
                let v = Double(mantissa)  // correctly rounded
                return negative ? -v : v
            }
            // Clinger's fast path: both operands exact, one correctly rounded operation.
            if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
                var v = Double(mantissa)
                v = exponent < 0 ? v / Self.exactPowersOfTen[-exponent] : v * Self.exactPowersOfTen[exponent]
                return negative ? -v : v
            }
        }
        // The rest (long decimals such as a clock's 10.016666666666667): the C
        // library's correctly rounded `strtod` on the bytes in place, rather
        // than through a String. The bytes are a checked JSON number and the
        // byte after them continues no number, so it stops where the grammar
        // did; where it does not (a locale whose decimal point is not ".", or
        // the very end of the input, with no byte after to stop it) the String
        // path, which reads in the C locale, decides.
        if pos < n {
            var end: UnsafeMutablePointer<CChar>?
            let v = UnsafeRawPointer(p + start).withMemoryRebound(to: CChar.self, capacity: pos - start + 1) {
                strtod($0, &end)
            }
            let consumed = end.map { UnsafeRawPointer($0) - UnsafeRawPointer(p + start) }
            // Beyond the double range it is ±infinity, as `Double(text)` reads it.
            if consumed == pos - start { return v }
        }
        let text = String(decoding: UnsafeBufferPointer(start: p + start, count: pos - start), as: UTF8.self)
        guard let v = Double(text) else { throw fail("number out of range", at: start) }
        return v
    }

    // MARK: - Strings

    /// Parses a string and appends its entry. `hashing` (keys): returns a
    /// hash of its raw bytes, or `nil` when it contains escapes (its raw
    /// bytes are not its content): equal unescaped strings have equal
    /// hashes, which lets `parseObject` skip the duplicate-key scan when no
    /// two keys collide.
    @inline(__always)
    private mutating func parseString(hashing: Bool) throws(JSONParseError) -> Int? {
        let quote = pos
        pos += 1  // opening quote
        let start = pos
        let bytes = p
        let end = n
        var i = Self.plainRunEnd(bytes, from: start, end: end)
        var ascii = true
        while i < end {
            let b = bytes[i]
            if b &- 0x20 < 0x60 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                i += 1
                continue
            }
            pos = i
            if b == UInt8(ascii: "\"") {
                pos += 1
                _ = tape.push(.string, start: quote, end: pos, ascii: ascii)
                return hashing ? ShortStringTable.hash(bytes + start, i - start) : 0
            }
            if b == UInt8(ascii: "\\") {
                try parseEscapedString(from: start, quote: quote, ascii: ascii)
                return nil
            }
            if b < 0x20 { throw fail("unescaped control character in a string") }
            ascii = false
            i += try utf8SequenceLength(at: i)
        }
        pos = i
        throw fail("unterminated string", at: start - 1)
    }

    /// Skips printable ASCII other than `"` and `\` eight bytes at a time and
    /// returns the offset of the first other byte (or of the last < 8 bytes).
    /// In each test below a byte's high bit is set when it is special; a false
    /// positive can only sit above a true one (borrows run upwards), so the
    /// lowest set bit is always the first special byte.
    @inline(__always)
    private static func plainRunEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = start
        while i &+ 8 <= end {
            let w = UInt64(littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self))
            let quote = w ^ (ones &* 0x22)
            let backslash = w ^ (ones &* 0x5C)
            let special = ((quote &- ones) & ~quote)  // == '"'
                | ((backslash &- ones) & ~backslash)  // == '\'
                | ((w &- ones &* 0x20) & ~w)  // < 0x20
                | w  // ≥ 0x80
            let mask = special & highs
            if mask != 0 { return i &+ mask.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        return i
    }

    /// Continues the string whose opening quote is at `quote` at its first
    /// backslash, decoding its content into the tape's `unescaped` bytes.
    private mutating func parseEscapedString(from start: Int, quote: Int, ascii: Bool) throws(JSONParseError) {
        let offset = tape.unescaped.count
        tape.unescaped.append(contentsOf: UnsafeBufferPointer(start: p + start, count: pos - start))
        while pos < n {
            let b = p[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                let length = tape.unescaped.count - offset
                let entry = tape.push(.string, start: quote, end: pos, payload: UInt64(offset) | UInt64(length) << 32,
                                      ascii: !tape.unescaped[offset...].contains { $0 >= 0x80 })
                tape.entries[entry].escaped = true
                return
            }
            if b == UInt8(ascii: "\\") {
                let escapeStart = pos
                pos += 1
                guard pos < n else { break }
                let e = p[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""): tape.unescaped.append(0x22)
                case UInt8(ascii: "\\"): tape.unescaped.append(0x5C)
                case UInt8(ascii: "/"): tape.unescaped.append(0x2F)
                case UInt8(ascii: "b"): tape.unescaped.append(0x08)
                case UInt8(ascii: "f"): tape.unescaped.append(0x0C)
                case UInt8(ascii: "n"): tape.unescaped.append(0x0A)
                case UInt8(ascii: "r"): tape.unescaped.append(0x0D)
                case UInt8(ascii: "t"): tape.unescaped.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xDC00 && scalar <= 0xDFFF {
                        throw fail("lone low surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
                    }
                    if scalar >= 0xD800 && scalar <= 0xDBFF {
                        guard pos + 1 < n, p[pos] == UInt8(ascii: "\\"), p[pos + 1] == UInt8(ascii: "u") else {
                            throw fail("lone high surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
                        }
                        pos += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low <= 0xDFFF else {
                            throw fail("high surrogate not followed by a low surrogate", at: escapeStart)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    appendUTF8(scalar)
                default:
                    throw fail("invalid escape", at: escapeStart)
                }
                continue
            }
            if b < 0x20 { throw fail("unescaped control character in a string") }
            if b < 0x80 {
                tape.unescaped.append(b)
                pos += 1
            } else {
                let len = try utf8SequenceLength(at: pos)
                tape.unescaped.append(contentsOf: UnsafeBufferPointer(start: p + pos, count: len))
                pos += len
            }
        }
        throw fail("unterminated string", at: start - 1)
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard pos + 4 <= n else { throw fail("truncated \\u escape") }
        var v: UInt32 = 0
        for i in 0..<4 {
            let c = p[pos + i]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw fail("invalid hex digit in \\u escape", at: pos + i)
            }
            v = v << 4 | UInt32(d)
        }
        pos += 4
        return v
    }

    private mutating func appendUTF8(_ v: UInt32) {
        switch v {
        case 0..<0x80:
            tape.unescaped.append(UInt8(v))
        case 0x80..<0x800:
            tape.unescaped.append(UInt8(0xC0 | (v >> 6)))
            tape.unescaped.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            tape.unescaped.append(UInt8(0xE0 | (v >> 12)))
            tape.unescaped.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            tape.unescaped.append(UInt8(0x80 | (v & 0x3F)))
        default:
            tape.unescaped.append(UInt8(0xF0 | (v >> 18)))
            tape.unescaped.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            tape.unescaped.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            tape.unescaped.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Validates the multi-byte UTF-8 sequence starting at `i` (first byte ≥ 0x80)
    /// and returns its length (Unicode Table 3-7, well-formed byte sequences).
    private func utf8SequenceLength(at i: Int) throws(JSONParseError) -> Int {
        let b0 = p[i]
        let length: Int
        var lo: UInt8 = 0x80
        var hi: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; hi = 0x9F  // excludes encoded surrogates
        case 0xF0: length = 4; lo = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; hi = 0x8F
        case 0x80...0xBF: throw fail("invalid UTF-8: unexpected continuation byte", at: i)
        case 0xC0, 0xC1: throw fail("invalid UTF-8: overlong encoding", at: i)
        default: throw fail("invalid UTF-8: invalid lead byte", at: i)
        }
        guard i + length <= n else { throw fail("invalid UTF-8: truncated sequence", at: i) }
        let b1 = p[i + 1]
        guard b1 >= lo && b1 <= hi else {
            let why = b1 < 0x80 || b1 > 0xBF ? "truncated sequence"
                : b0 == 0xED ? "encoded surrogate" : b0 == 0xF4 ? "code point above U+10FFFF" : "overlong encoding"
            throw fail("invalid UTF-8: \(why)", at: i)
        }
        for k in 2..<length where p[i + k] & 0xC0 != 0x80 {
            throw fail("invalid UTF-8: truncated sequence", at: i)
        }
        return length
    }
}
