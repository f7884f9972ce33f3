import OmniScrollJSON

/// The wire object of a param the generated calls take as a labeled tuple of
/// numbers (`viewport: (width: 375, height: 800)`, `insets: (top: 10, bottom: nil)`):
/// its members in the contract's order, a `nil` one left out (not given keeps its value).
func numberObject(_ members: KeyValuePairs<String, Double?>) -> JSONValue {
    .object(JSONObject(members.compactMap { m in m.value.map { JSONObject.Member(key: m.key, value: .number($0)) } }))
}
