import OmniScrollJSON

/// A small JSON Schema checker for the subset `protocol/openrpc.json` uses
/// (`type`, `properties`, `required`, `additionalProperties`, `items`,
/// `enum`, `const`, `minimum`, `exclusiveMinimum`, `maximum`, `minLength`,
/// `maxLength`, `oneOf`, local `$ref`). It lists every violation with its JSON path.
/// The contract tests and `--check-invariants` (`InvariantChecker`) both use it.
public struct SchemaChecker: Sendable {
    public let components: JSONObject

    public init(document: JSONValue) {
        components = document["components"]?["schemas"]?.objectValue ?? JSONObject()
    }

    public func violations(of value: JSONValue, against schema: JSONValue, at path: String = "result") -> [String] {
        var found: [String] = []
        check(value, schema, path, &found)
        return found
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard let ref = schema["$ref"]?.stringValue else { return schema }
        let prefix = "#/components/schemas/"
        precondition(ref.hasPrefix(prefix), "only local schema references are checked: \(ref)")
        guard let target = components[String(ref.dropFirst(prefix.count))] else { preconditionFailure("no schema \(ref)") }
        return resolve(target)
    }

    private func check(_ value: JSONValue, _ rawSchema: JSONValue, _ path: String, _ found: inout [String]) {
        let schema = resolve(rawSchema)
        if let variants = schema["oneOf"]?.arrayValue {
            let matching = variants.filter { violations(of: value, against: $0, at: path).isEmpty }
            if matching.count != 1 {
                found.append("\(path): matches \(matching.count) of the oneOf's \(variants.count) variants, not exactly one")
            }
        }
        if let types = schema["type"] {
            let allowed = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue ?? ""]
            guard allowed.contains(where: { Self.matches(value, $0) }) else {
                found.append("\(path): \(value.compactText) is not \(allowed.joined(separator: " or "))")
                return
            }
        }
        if let cases = schema["enum"]?.arrayValue, !cases.contains(value) {
            found.append("\(path): \(value.compactText) is not one of \(JSONValue.array(cases).compactText)")
        }
        if let constant = schema["const"], constant != value {
            found.append("\(path): \(value.compactText) is not \(constant.compactText)")
        }
        if let d = value.doubleValue {
            if !d.isFinite { found.append("\(path): not finite") }
            if let m = schema["minimum"]?.doubleValue, d < m { found.append("\(path): \(d) < minimum \(m)") }
            if let m = schema["exclusiveMinimum"]?.doubleValue, d <= m { found.append("\(path): \(d) ≤ exclusiveMinimum \(m)") }
            if let m = schema["maximum"]?.doubleValue, d > m { found.append("\(path): \(d) > maximum \(m)") }
        }
        if let s = value.stringValue {
            let length = s.unicodeScalars.count
            if let m = schema["minLength"]?.intValue, length < m { found.append("\(path): shorter than \(m)") }
            if let m = schema["maxLength"]?.intValue, length > m { found.append("\(path): longer than \(m)") }
        }
        if let object = value.objectValue {
            let properties = schema["properties"]?.objectValue ?? JSONObject()
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !object.contains(key: name) {
                found.append("\(path): missing required \(name)")
            }
            for member in object.members {
                let memberPath = "\(path).\(member.key)"
                if let property = properties[member.key] {
                    check(member.value, property, memberPath, &found)
                } else if let additional = schema["additionalProperties"] {
                    if additional == false {
                        found.append("\(path): unexpected member \(member.key)")
                    } else if additional.objectValue != nil {
                        check(member.value, additional, memberPath, &found)
                    }
                }
            }
        }
        if let elements = value.arrayValue, let items = schema["items"] {
            for (i, element) in elements.enumerated() { check(element, items, "\(path)[\(i)]", &found) }
        }
    }

    private static func matches(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .number(let d)):
            return d.rounded(.towardZero) == d
        default:
            return false
        }
    }
}

extension JSONValue {
    /// The value as one line of JSON, for readable messages.
    public var compactText: String {
        var w = JSONWriter()
        w.value(self)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
