/// Writes compact, single-line JSON straight into a reusable byte buffer.
///
/// Structure is written with `beginObject`/`key`/…/`endObject` and
/// `beginArray`/…/`endArray`; the writer inserts commas itself. Keys appear in
/// the order they are written.
///
/// Output rules (they make the protocol's output deterministic):
/// - Numbers: integral values with |x| < 2^53 are written as plain integers
///   (`600`, not `600.0`); other values use the shortest representation that
///   round-trips (Swift's `description`, e.g. `0.1`, `1e+21`, `5e-324`).
///   `-0.0` is written as `0`. A non-finite number must never reach the
///   writer: callers validate their numbers (debug builds assert); in release
///   builds `null` is written so the output stays valid JSON.
/// - Strings: `"` and `\` are escaped, control characters as `\n \r \t \b \f`
///   or `\u00XX`, and U+2028/U+2029 as `\u2028`/`\u2029`, so every message
///   stays on one line for every consumer (including JavaScript). Other UTF-8
///   is written as is.
public struct JSONWriter {
    public var bytes: [UInt8]
    /// True when the next value or key must be preceded by a comma.
    public private(set) var needsComma = false

    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its capacity.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    /// The number of bytes written so far (a position for `truncate(to:)`).
    public var count: Int { bytes.count }

    /// Drops everything written after `position` (e.g. a partially written
    /// result). The next value is written as if nothing followed `position`.
    public mutating func truncate(to position: Int, needsComma: Bool = false) {
        bytes.removeSubrange(position...)
        self.needsComma = needsComma
    }

    // MARK: Structure

    @inline(__always)
    private mutating func separator() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() {
        separator()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separator()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member name and the colon; the member's value must follow.
    public mutating func key(_ name: String) {
        separator()
        writeStringBody(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a member name known to need no escaping (fast path for constant keys).
    public mutating func key(_ name: StaticString) {
        separator()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    // MARK: Scalars

    public mutating func null() {
        separator()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separator()
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
        needsComma = true
    }

    public mutating func string(_ value: String) {
        separator()
        writeStringBody(value)
        needsComma = true
    }

    public mutating func number(_ value: Int) {
        separator()
        writeInteger(value)
        needsComma = true
    }

    public mutating func number(_ value: Double) {
        separator()
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            writeInteger(Int(value))  // also maps -0.0 to 0
        } else if value.isFinite {
            var text = value.description  // shortest round-trip; ≤ 15 bytes stays inline (no allocation)
            text.withUTF8 { utf8 in
                var n = utf8.count
                if n > 2, utf8[n - 2] == UInt8(ascii: "."), utf8[n - 1] == UInt8(ascii: "0") {
                    n -= 2  // "9007199254740992.0" → "9007199254740992"
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<n]))
            }
        } else {
            assertionFailure("JSONWriter: non-finite number \(value)")
            bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        }
        needsComma = true
    }

    /// Appends pre-encoded JSON (exactly one complete value, e.g. an echoed id
    /// or a cached result). The caller guarantees it is valid single-line JSON.
    public mutating func raw(_ json: UnsafeRawBufferPointer) {
        separator()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    public mutating func raw(_ json: [UInt8]) {
        separator()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    /// Appends pre-encoded JSON held in a `String` (its UTF-8 bytes, verbatim).
    public mutating func raw(_ json: String) {
        separator()
        var json = json
        json.withUTF8 { bytes.append(contentsOf: $0) }
        needsComma = true
    }

    /// Appends pre-encoded JSON that continues the current structure, e.g. a
    /// cached `{"jsonrpc":"2.0","id":` prefix. `needsComma` is what the bytes
    /// leave behind: false after `{`, `[`, `:` or `,`; true after a value.
    public mutating func rawFragment(_ fragment: StaticString, needsComma: Bool) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: fragment.utf8Start, count: fragment.utf8CodeUnitCount))
        self.needsComma = needsComma
    }

    /// Writes any `JSONValue`.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let d): number(d)
        case .string(let s): string(s)
        case .array(let a):
            beginArray()
            for element in a { self.value(element) }
            endArray()
        case .object(let o):
            beginObject()
            for m in o.members {
                key(m.key)
                self.value(m.value)
            }
            endObject()
        }
    }

    /// Appends bytes that are not JSON (framing headers, newlines); the next
    /// value starts a new top-level JSON text (no comma).
    public mutating func appendFraming(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        needsComma = false
    }

    /// Appends a decimal integer that is not a JSON value (e.g. a Content-Length).
    public mutating func appendFramingInteger(_ value: Int) {
        writeInteger(value)
        needsComma = false
    }

    /// Appends raw non-JSON bytes (e.g. a framed message body).
    public mutating func appendFraming(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
        needsComma = false
    }

    // MARK: Internals

    private mutating func writeInteger(_ value: Int) {
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            bytes.append(UInt8(truncatingIfNeeded: magnitude) &+ 0x30)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            while magnitude > 0 {
                i -= 1
                let (q, r) = magnitude.quotientAndRemainder(dividingBy: 10)
                digits[i] = UInt8(truncatingIfNeeded: r) &+ 0x30
                magnitude = q
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func writeStringBody(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            var i = 0
            let count = utf8.count
            while i < count {
                let b = utf8[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0xE2 {
                    i += 1
                    continue
                }
                if b == 0xE2 {  // U+2028 / U+2029 are E2 80 A8 / E2 80 A9
                    if i + 2 < count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9) {
                        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                        bytes.append(contentsOf: utf8[i + 2] == 0xA8 ? Array("\\u2028".utf8) : Array("\\u2029".utf8))
                        i += 3
                        runStart = i
                    } else {
                        i += 1
                    }
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                switch b {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                default:
                    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30,
                                              Self.hexDigits[Int(b >> 4)], Self.hexDigits[Int(b & 0xF)]])
                }
                i += 1
                runStart = i
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
