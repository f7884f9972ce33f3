import OmniScrollJSON

/// Typed access to a params object (or a nested object) that knows its JSON
/// path and throws `RPCError.invalidParams(path:reason:)` with that path.
///
/// Every object is opened with the exact list of member names it accepts;
/// any other member is rejected ("unknown member; expected one of a, b").
/// For optional members, `null` means absent.
///
///     let viewport = try params.requiredObject("viewport", members: ["width", "height"])
///     let width = try viewport.requiredFiniteNonNegative("width")  // params.viewport.width
///     let children = try params.requiredArray("children")
///     for i in 0..<children.count {
///         let child = try children.object(at: i, members: ["id", "contentHeight"])
///         let h = try child.requiredFiniteNonNegative("contentHeight")  // params.children[2].contentHeight
///     }
///
/// A decoder reads the parsed message in place (`JSONElement`s): it is valid
/// while the handler it was given to runs.
public struct ParamDecoder {
    /// The object's members; `nil` when the params were omitted (no members).
    public let object: JSONElement?
    /// The accepted member names, in documentation order.
    public let members: [ParamKey]
    private let basePath: String
    private let index: Int?

    /// Opens `object` (an object element, or `nil` for none) at `path`,
    /// rejecting members not in `members`.
    public init(_ object: JSONElement?, path: String = "params", members: [ParamKey]) throws(RPCError) {
        try self.init(object, basePath: path, index: nil, members: members)
    }

    init(_ object: JSONElement?, basePath: String, index: Int?, members: [ParamKey]) throws(RPCError) {
        assert(object.map { $0.kind == .object } ?? true, "ParamDecoder opens objects only")
        self.object = object
        self.members = members
        self.basePath = basePath
        self.index = index
        guard let object else { return }
        for member in object.members where !members.contains(where: { $0.names(member.key) }) {
            let expected = members.isEmpty ? "this object takes no members" : "expected one of \(members.map(\.description).joined(separator: ", "))"
            throw RPCError.invalidParams(path: path(named: member.key.stringValue ?? ""), reason: "unknown member; \(expected)")
        }
    }

    /// Whether member `key` is present (even as `null`).
    public func contains(_ key: ParamKey) -> Bool {
        object?[key.name] != nil
    }

    /// This object's JSON path (`params`, `params.viewport`, `params.children[2]`).
    public var path: String {
        if let index { return "\(basePath)[\(index)]" }
        return basePath
    }

    /// The JSON path of member `key`.
    public func path(_ key: ParamKey) -> String { path(named: key.description) }

    /// The JSON path of the member named `name` (a name read from the message).
    func path(named name: String) -> String { "\(path).\(name)" }

    public func invalid(_ key: ParamKey, _ reason: String) -> RPCError {
        RPCError.invalidParams(path: path(key), reason: reason)
    }

    /// The raw member value; `nil` when absent or null.
    public func optionalValue(_ key: ParamKey) -> JSONElement? {
        assert(members.contains(key), "ParamDecoder: '\(key)' is not in the declared members \(members)")
        guard let v = object?[key.name], !v.isNull else { return nil }
        return v
    }

    public func requiredValue(_ key: ParamKey) throws(RPCError) -> JSONElement {
        guard let v = optionalValue(key) else { throw invalid(key, "required") }
        return v
    }

    // MARK: Strings

    public func optionalString(_ key: ParamKey) throws(RPCError) -> String? {
        guard let v = optionalValue(key) else { return nil }
        guard let s = v.stringValue else { throw invalid(key, "must be a string; got \(v.typeDescription)") }
        return s
    }

    public func requiredString(_ key: ParamKey) throws(RPCError) -> String {
        guard let s = try optionalString(key) else { throw invalid(key, "required") }
        return s
    }

    /// A string that must be one of `E`'s raw values; the reason lists them.
    public func optionalEnum<E: RawRepresentable & CaseIterable>(_ key: ParamKey, as type: E.Type = E.self) throws(RPCError) -> E?
    where E.RawValue == String {
        guard let v = optionalValue(key) else { return nil }
        let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
        guard let s = v.stringValue else { throw invalid(key, "must be one of \(allowed); got \(v.typeDescription)") }
        guard let e = E(rawValue: s) else { throw invalid(key, "must be one of \(allowed)") }
        return e
    }

    public func requiredEnum<E: RawRepresentable & CaseIterable>(_ key: ParamKey, as type: E.Type = E.self) throws(RPCError) -> E
    where E.RawValue == String {
        guard let e = try optionalEnum(key, as: type) else { throw invalid(key, "required") }
        return e
    }

    // MARK: Numbers (never NaN or infinite: overflowing input like 1e400 is rejected)

    public func optionalDouble(_ key: ParamKey) throws(RPCError) -> Double? {
        guard let v = optionalValue(key) else { return nil }
        if let d = v.doubleValue, d.isFinite { return d }  // the common case builds no path string
        return try ParamDecoder.finite(v, path: path(key))
    }

    public func requiredDouble(_ key: ParamKey) throws(RPCError) -> Double {
        guard let d = try optionalDouble(key) else { throw invalid(key, "required") }
        return d
    }

    public func optionalFiniteNonNegative(_ key: ParamKey) throws(RPCError) -> Double? {
        guard let v = optionalValue(key) else { return nil }
        if let d = v.doubleValue, d.isFinite, d > 0 { return d }  // the common case builds no path string
        return try ParamDecoder.finiteNonNegative(v, path: path(key))
    }

    public func requiredFiniteNonNegative(_ key: ParamKey) throws(RPCError) -> Double {
        guard let d = try optionalFiniteNonNegative(key) else { throw invalid(key, "required") }
        return d
    }

    /// An integer in `range` (integral JSON number, e.g. `3` or `3.0`).
    public func optionalInt(_ key: ParamKey, in range: ClosedRange<Int> = Int.min...Int.max) throws(RPCError) -> Int? {
        guard let v = optionalValue(key) else { return nil }
        return try ParamDecoder.integer(v, path: path(key), in: range)
    }

    public func requiredInt(_ key: ParamKey, in range: ClosedRange<Int> = Int.min...Int.max) throws(RPCError) -> Int {
        guard let i = try optionalInt(key, in: range) else { throw invalid(key, "required") }
        return i
    }

    // MARK: Booleans

    public func optionalBool(_ key: ParamKey) throws(RPCError) -> Bool? {
        guard let v = optionalValue(key) else { return nil }
        guard let b = v.boolValue else { throw invalid(key, "must be a boolean; got \(v.typeDescription)") }
        return b
    }

    public func requiredBool(_ key: ParamKey) throws(RPCError) -> Bool {
        guard let b = try optionalBool(key) else { throw invalid(key, "required") }
        return b
    }

    // MARK: Nesting

    public func optionalObject(_ key: ParamKey, members: [ParamKey]) throws(RPCError) -> ParamDecoder? {
        guard let v = optionalValue(key) else { return nil }
        guard v.kind == .object else { throw invalid(key, "must be an object; got \(v.typeDescription)") }
        return try ParamDecoder(v, basePath: path(key), index: nil, members: members)
    }

    public func requiredObject(_ key: ParamKey, members: [ParamKey]) throws(RPCError) -> ParamDecoder {
        guard let o = try optionalObject(key, members: members) else { throw invalid(key, "required") }
        return o
    }

    public func optionalArray(_ key: ParamKey) throws(RPCError) -> ParamArray? {
        guard let v = optionalValue(key) else { return nil }
        guard v.kind == .array else { throw invalid(key, "must be an array; got \(v.typeDescription)") }
        return ParamArray(elements: Array(v.elements), path: path(key))
    }

    public func requiredArray(_ key: ParamKey) throws(RPCError) -> ParamArray {
        guard let a = try optionalArray(key) else { throw invalid(key, "required") }
        return a
    }

    // MARK: Shared checks

    static func finite(_ v: JSONElement, path: String) throws(RPCError) -> Double {
        guard let d = v.doubleValue else {
            throw RPCError.invalidParams(path: path, reason: "must be a finite number; got \(v.typeDescription)")
        }
        guard d.isFinite else { throw RPCError.invalidParams(path: path, reason: "must be a finite number") }
        return d
    }

    static func finiteNonNegative(_ v: JSONElement, path: String) throws(RPCError) -> Double {
        guard let d = v.doubleValue, d.isFinite, d >= 0 else {
            let got = v.doubleValue == nil ? "; got \(v.typeDescription)" : ""
            throw RPCError.invalidParams(path: path, reason: "must be a finite number ≥ 0\(got)")
        }
        return d == 0 ? 0 : d  // normalise -0
    }

    static func integer(_ v: JSONElement, path: String, in range: ClosedRange<Int>) throws(RPCError) -> Int {
        guard let i = v.intValue, range.contains(i) else {
            let bounds = range == Int.min...Int.max ? "an integer"
                : range.upperBound == Int.max ? "an integer ≥ \(range.lowerBound)"
                : "an integer in \(range.lowerBound)...\(range.upperBound)"
            let got = v.doubleValue == nil ? "; got \(v.typeDescription)" : ""
            throw RPCError.invalidParams(path: path, reason: "must be \(bounds)\(got)")
        }
        return i
    }
}

/// A params array with its JSON path; elements are addressed as `path[i]`.
public struct ParamArray {
    public let elements: [JSONElement]
    public let path: String

    public var count: Int { elements.count }

    public func path(at index: Int) -> String { "\(path)[\(index)]" }

    public func object(at index: Int, members: [ParamKey]) throws(RPCError) -> ParamDecoder {
        let v = elements[index]
        guard v.kind == .object else {
            throw RPCError.invalidParams(path: path(at: index), reason: "must be an object; got \(v.typeDescription)")
        }
        return try ParamDecoder(v, basePath: path, index: index, members: members)
    }

    public func string(at index: Int) throws(RPCError) -> String {
        let v = elements[index]
        guard let s = v.stringValue else {
            throw RPCError.invalidParams(path: path(at: index), reason: "must be a string; got \(v.typeDescription)")
        }
        return s
    }

    public func double(at index: Int) throws(RPCError) -> Double {
        try ParamDecoder.finite(elements[index], path: path(at: index))
    }

    public func finiteNonNegative(at index: Int) throws(RPCError) -> Double {
        try ParamDecoder.finiteNonNegative(elements[index], path: path(at: index))
    }

    public func int(at index: Int, in range: ClosedRange<Int> = Int.min...Int.max) throws(RPCError) -> Int {
        try ParamDecoder.integer(elements[index], path: path(at: index), in: range)
    }

    /// Rejects arrays longer than `limit` (reason names `limitName`, e.g. `--max-children`).
    public func requireCount(atMost limit: Int, limitName: String) throws(RPCError) {
        if count > limit {
            throw RPCError.invalidParams(path: path, reason: "has \(count) elements; at most \(limit) allowed (\(limitName))")
        }
    }
}
