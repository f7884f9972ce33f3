import OmniScrollJSON

/// A small JSON Schema checker for the subset `protocol/openrpc.json` uses
/// (`type`, `properties`, `required`, `additionalProperties`, `items`,
/// `enum`, `const`, `minimum`, `exclusiveMinimum`, `maximum`, `minLength`,
/// `maxLength`, `oneOf`, local `$ref`). It lists every violation with its JSON path.
/// The contract tests and `--check-invariants` (`InvariantChecker`) both use it.
///
/// Every component is compiled once into a `Node` tree (references resolved,
/// keywords read into fields), and a path is spelled only for a violation:
/// a 40 000-tile `grid.get` is checked without a keyword lookup, a `$ref`
/// resolution or a path string per tile.
public struct SchemaChecker: Sendable {
    public let components: JSONObject
    /// Each component compiled, by name.
    private let compiled: [String: Node]

    public init(document: JSONValue) {
        components = document["components"]?["schemas"]?.objectValue ?? JSONObject()
        var nodes: [String: Node] = [:]
        for member in components.members { _ = Self.reference(member.key, components, &nodes) }
        compiled = nodes
    }

    public func violations(of value: JSONValue, against schema: JSONValue, at path: String = "result") -> [String] {
        var nodes = compiled
        let node = Self.compile(schema, components, &nodes)
        var found: [String] = []
        node.check(value, { path }, &found)
        return found
    }

    /// The node of component `name`, made (and registered before its
    /// members, so a schema that refers to itself ends) if need be.
    private static func reference(_ name: String, _ components: JSONObject, _ nodes: inout [String: Node]) -> Node {
        if let node = nodes[name] { return node }
        guard let target = components[name] else { preconditionFailure("no schema #/components/schemas/\(name)") }
        if target["$ref"] != nil {  // an alias: its target's node
            let node = compile(target, components, &nodes)
            nodes[name] = node
            return node
        }
        let node = Node()
        nodes[name] = node
        node.fill(from: target, components, &nodes)
        return node
    }

    fileprivate static func compile(_ schema: JSONValue, _ components: JSONObject, _ nodes: inout [String: Node]) -> Node {
        if let ref = schema["$ref"]?.stringValue {
            let prefix = "#/components/schemas/"
            precondition(ref.hasPrefix(prefix), "only local schema references are checked: \(ref)")
            return reference(String(ref.dropFirst(prefix.count)), components, &nodes)
        }
        let node = Node()
        node.fill(from: schema, components, &nodes)
        return node
    }

    /// One schema's keywords, read once. A class so references can share
    /// (and cycle through) nodes; filled while compiling, read-only after.
    fileprivate final class Node: @unchecked Sendable {
        enum Additional { case allowed, forbidden, schema(Node) }
        var oneOf: [Node] = []
        var types: [String]?
        /// `types` as a mask of `kind(of:)` bits: one test per value.
        var typeMask: UInt8 = 0
        var enumCases: [JSONValue]?
        var constant: JSONValue?
        var minimum: Double?
        var exclusiveMinimum: Double?
        var maximum: Double?
        var minLength: Int?
        var maxLength: Int?
        var properties: [String: Node] = [:]
        var required: [String] = []
        var additional = Additional.allowed
        var items: Node?

        func fill(from schema: JSONValue, _ components: JSONObject, _ nodes: inout [String: Node]) {
            func compile(_ s: JSONValue) -> Node { SchemaChecker.compile(s, components, &nodes) }
            oneOf = schema["oneOf"]?.arrayValue?.map(compile) ?? []
            if let type = schema["type"] {
                let names = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
                types = names
                typeMask = names.reduce(0) { $0 | SchemaChecker.bit(of: $1) }
            }
            enumCases = schema["enum"]?.arrayValue
            constant = schema["const"]
            minimum = schema["minimum"]?.doubleValue
            exclusiveMinimum = schema["exclusiveMinimum"]?.doubleValue
            maximum = schema["maximum"]?.doubleValue
            minLength = schema["minLength"]?.intValue
            maxLength = schema["maxLength"]?.intValue
            for member in schema["properties"]?.objectValue?.members ?? [] { properties[member.key] = compile(member.value) }
            required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            if let extra = schema["additionalProperties"] {
                additional = extra == false ? .forbidden : extra.objectValue != nil ? .schema(compile(extra)) : .allowed
            }
            items = schema["items"].map(compile)
        }

        /// Appends every violation of `value`; `path` spells where it is, asked only for a violation.
        func check(_ value: JSONValue, _ path: () -> String, _ found: inout [String]) {
            if !oneOf.isEmpty {
                let matching = oneOf.filter { variant in
                    var none: [String] = []
                    variant.check(value, { "" }, &none)
                    return none.isEmpty
                }.count
                if matching != 1 {
                    found.append("\(path()): matches \(matching) of the oneOf's \(oneOf.count) variants, not exactly one")
                }
            }
            if let types, typeMask & SchemaChecker.bits(of: value) == 0 {
                found.append("\(path()): \(value.compactText) is not \(types.joined(separator: " or "))")
                return
            }
            if let enumCases, !enumCases.contains(value) {
                found.append("\(path()): \(value.compactText) is not one of \(JSONValue.array(enumCases).compactText)")
            }
            if let constant, constant != value {
                found.append("\(path()): \(value.compactText) is not \(constant.compactText)")
            }
            switch value {
            case .number(let d):
                if !d.isFinite { found.append("\(path()): not finite") }
                if let m = minimum, d < m { found.append("\(path()): \(d) < minimum \(m)") }
                if let m = exclusiveMinimum, d <= m { found.append("\(path()): \(d) ≤ exclusiveMinimum \(m)") }
                if let m = maximum, d > m { found.append("\(path()): \(d) > maximum \(m)") }
            case .string(let s):
                guard minLength != nil || maxLength != nil else { break }
                let length = s.unicodeScalars.count
                if let m = minLength, length < m { found.append("\(path()): shorter than \(m)") }
                if let m = maxLength, length > m { found.append("\(path()): longer than \(m)") }
            case .object(let object):
                for name in required where !object.contains(key: name) {
                    found.append("\(path()): missing required \(name)")
                }
                for member in object.members {
                    if let property = properties[member.key] {
                        property.check(member.value, { "\(path()).\(member.key)" }, &found)
                    } else {
                        switch additional {
                        case .allowed: break
                        case .forbidden: found.append("\(path()): unexpected member \(member.key)")
                        case .schema(let node): node.check(member.value, { "\(path()).\(member.key)" }, &found)
                        }
                    }
                }
            case .array(let elements):
                guard let items else { break }
                for (i, element) in elements.enumerated() { items.check(element, { "\(path())[\(i)]" }, &found) }
            default:
                break
            }
        }
    }

    /// The bit of a JSON Schema type name (`integer` its own).
    fileprivate static func bit(of type: String) -> UInt8 {
        switch type {
        case "null": 1
        case "boolean": 2
        case "number": 4
        case "integer": 8
        case "string": 16
        case "array": 32
        case "object": 64
        default: 0
        }
    }

    /// The bits of every type `value` is (a whole number is also an `integer`).
    fileprivate static func bits(of value: JSONValue) -> UInt8 {
        switch value {
        case .null: 1
        case .bool: 2
        case .number(let d): d.rounded(.towardZero) == d ? 4 | 8 : 4
        case .string: 16
        case .array: 32
        case .object: 64
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
