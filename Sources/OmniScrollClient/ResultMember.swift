import OmniScrollJSON

// How a reply's JSON decodes into the result types that scripts/generate-bindings
// writes from the contract (Results.swift): each member through `ResultMember`,
// a required one missing or of the wrong type making the reply unexpected.
// `path` names the place for that error only, so it is built only then.

/// A value a result member decodes into: the generated types, the scalars, and arrays
/// and maps of them.
protocol ResultMember {
    init(member json: JSONValue, at path: @autoclosure () -> String) throws
}

func unexpected(_ path: String, _ reason: String) -> OmniScrollClientError {
    .unexpectedResult(method: path, reason: reason)
}

func resultObject(_ json: JSONValue, at path: @autoclosure () -> String) throws -> JSONObject {
    guard let o = json.objectValue else { throw unexpected(path(), "expected an object") }
    return o
}

/// The members of `o` not in `known` (a newer worker's): kept, so protocol additions never break the client.
func extras(_ o: JSONObject, _ known: Set<String>) -> JSONObject {
    JSONObject(o.members.filter { !known.contains($0.key) })
}

extension JSONObject {
    func member<T: ResultMember>(_ key: String, in path: () -> String) throws -> T {
        guard let v = self[key] else { throw unexpected(path(), "missing \(key)") }
        return try T(member: v, at: path() + "." + key)
    }

    /// Absent and null are both nil.
    func optionalMember<T: ResultMember>(_ key: String, in path: () -> String) throws -> T? {
        guard let v = self[key], !v.isNull else { return nil }
        return try T(member: v, at: path() + "." + key)
    }
}

/// A scalar member: `value` reads it off the JSON value (nil: another type).
private func scalar<T>(_ json: JSONValue, _ value: (JSONValue) -> T?, _ expected: String,
                       _ path: () -> String) throws -> T {
    guard let v = value(json) else { throw unexpected(path(), "expected \(expected)") }
    return v
}

extension Double: ResultMember {
    init(member json: JSONValue, at path: @autoclosure () -> String) throws {
        self = try scalar(json, \.doubleValue, "a number", path)
    }
}

extension Int: ResultMember {
    /// Only a whole number `Int` holds (`Int(_:)` traps on 1e300 and truncates 0.5).
    init(member json: JSONValue, at path: @autoclosure () -> String) throws {
        self = try scalar(json, { $0.doubleValue.flatMap { Int(exactly: $0) } }, "an integer", path)
    }
}

extension String: ResultMember {
    init(member json: JSONValue, at path: @autoclosure () -> String) throws {
        self = try scalar(json, \.stringValue, "a string", path)
    }
}

extension Bool: ResultMember {
    init(member json: JSONValue, at path: @autoclosure () -> String) throws {
        self = try scalar(json, \.boolValue, "a boolean", path)
    }
}

extension JSONValue: ResultMember {
    init(member json: JSONValue, at path: @autoclosure () -> String) throws {
        self = json
    }
}

extension Array: ResultMember where Element: ResultMember {
    init(member json: JSONValue, at path: @autoclosure () -> String) throws {
        guard let items = json.arrayValue else { throw unexpected(path(), "expected an array") }
        self = try items.enumerated().map { try Element(member: $1, at: "\(path())[\($0)]") }
    }
}

extension Dictionary: ResultMember where Key == String, Value: ResultMember {
    init(member json: JSONValue, at path: @autoclosure () -> String) throws {
        guard let o = json.objectValue else { throw unexpected(path(), "expected an object") }
        self = try Dictionary(o.members.map { ($0.key, try Value(member: $0.value, at: path() + "." + $0.key)) }) { $1 }
    }
}

/// Whether `o` has every one of `keys`: how a result that may be one of several types
/// (`AnyLayout`) picks its type, as every client does.
func hasMembers(_ o: JSONObject, _ keys: [String]) -> Bool {
    keys.allSatisfy { o.contains(key: $0) }
}

/// The decoder of a result object of one member, which answers with the member's value
/// (`session.list`: the sessions).
func unwrapped<T: ResultMember>(_ member: String, of method: String) -> (JSONValue) throws -> T {
    { json in try resultObject(json, at: method).member(member, in: { method }) }
}
