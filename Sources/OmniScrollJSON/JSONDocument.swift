/// The result of parsing one JSON text with `JSONParser`.
public struct JSONDocument: Sendable {
    /// The parsed value.
    public var value: JSONValue
    /// True when some object anywhere in the document repeats a key. The
    /// parser keeps every member; use `JSONObject.duplicateKey` to locate it.
    public var hasDuplicateKeys: Bool
    /// When the top-level value is an object and the parser was given a
    /// `captureKey`: the byte range, in the input, of the value of the first
    /// member with that key (e.g. the raw bytes of a JSON-RPC `id`).
    public var capturedRange: Range<Int>?
    /// When the top-level value is an array and the parser was given a
    /// `captureKey`: one entry per element, the captured range for elements
    /// that are objects with that key, `nil` otherwise. Empty otherwise.
    public var capturedElementRanges: [Range<Int>?]
}
