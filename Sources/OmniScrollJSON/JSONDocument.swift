/// The result of parsing one JSON text with `JSONParser.parse`: the tree.
public struct JSONDocument: Sendable {
    /// The parsed value.
    public var value: JSONValue
    /// True when some object anywhere in the document repeats a key. The
    /// parser keeps every member; use `JSONObject.duplicateKey` to locate it.
    public var hasDuplicateKeys: Bool
}
