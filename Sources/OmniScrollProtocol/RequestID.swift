import OmniScrollJSON

/// A JSON-RPC request id: a string, an integer (|n| ≤ 2^53 − 1) or null,
/// together with the exact bytes it was received as, so that replies echo it
/// byte for byte (`"a\u0041"` stays `"a\u0041"`, `1e2` stays `1e2`).
///
/// Ids of any other type (object, array, boolean, fractional or larger
/// numbers) make the message an Invalid Request answered with `id: null`.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    public enum Value: Hashable, Sendable {
        case null
        case integer(Int)
        case string(String)
    }

    public var value: Value
    /// The id's JSON text as received (or its canonical encoding when built in
    /// code). A `String` so that short ids need no allocation.
    public var raw: String

    public static let null = RequestID(value: .null, raw: "null")

    public init(_ integer: Int) {
        var w = JSONWriter(capacity: 20)
        w.number(integer)
        self.init(value: .integer(integer), raw: String(decoding: w.bytes, as: UTF8.self))
    }

    public init(_ string: String) {
        var w = JSONWriter(capacity: string.utf8.count + 2)
        w.string(string)
        self.init(value: .string(string), raw: String(decoding: w.bytes, as: UTF8.self))
    }

    public init(value: Value, raw: String) {
        self.value = value
        self.raw = raw
    }

    /// Validates a parsed id; `nil` when its type is not allowed.
    public init?(json: JSONValue, raw: String) {
        guard Self.isValid(json) else { return nil }
        switch json {
        case .string(let s): self.init(value: .string(s), raw: raw)
        case .number(let d): self.init(value: .integer(Int(d)), raw: raw)
        default: self.init(value: .null, raw: raw)
        }
    }

    /// Whether a parsed id has an allowed type (what `init?(json:raw:)` accepts).
    public static func isValid(_ json: JSONValue) -> Bool {
        switch json {
        case .null, .string: return true
        case .number(let d): return isValidInteger(d)
        default: return false
        }
    }

    /// `isValid` for an id read in place from a message.
    public static func isValid(_ json: JSONElement) -> Bool {
        switch json.kind {
        case .null, .string: return true
        case .number: return isValidInteger(json.doubleValue!)
        default: return false
        }
    }

    private static func isValidInteger(_ d: Double) -> Bool {
        d.isFinite && d == d.rounded(.towardZero) && d.magnitude <= 9_007_199_254_740_991
    }

    public var description: String { raw }

    // Identity is the value, not the spelling.
    public static func == (a: RequestID, b: RequestID) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
