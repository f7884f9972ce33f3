import OmniScrollCore
import OmniScrollJSON
@testable import OmniScrollProtocol

/// Declarations written out as the JSON Schema `protocol/openrpc.json` uses,
/// and documents brought to one canonical form, so the contract test can
/// compare them whole.
extension Schema {
    var jsonSchema: JSONValue {
        switch self {
        case .string(let minLength, let maxLength):
            var o: JSONObject = ["type": "string"]
            if let minLength { o.append("minLength", .number(Double(minLength))) }
            if let maxLength { o.append("maxLength", .number(Double(maxLength))) }
            return .object(o)
        case .enumeration(let cases):
            return ["type": "string", "enum": .array(cases.map { .string($0) })]
        case .number(let minimum, let exclusiveMinimum, let maximum):
            var o: JSONObject = ["type": "number"]
            if let minimum { o.append("minimum", .number(minimum)) }
            if let exclusiveMinimum { o.append("exclusiveMinimum", .number(exclusiveMinimum)) }
            if let maximum { o.append("maximum", .number(maximum)) }
            return .object(o)
        case .integer(let minimum, let maximum, let constant):
            var o: JSONObject = ["type": "integer"]
            if let minimum { o.append("minimum", .number(Double(minimum))) }
            if let maximum { o.append("maximum", .number(Double(maximum))) }
            if let constant { o.append("const", .number(Double(constant))) }
            return .object(o)
        case .boolean:
            return ["type": "boolean"]
        case .object(let members):
            var properties = JSONObject()
            for member in members { properties.append(member.name.description, member.schema.jsonSchema) }
            var o: JSONObject = ["type": "object", "properties": .object(properties)]
            let required = members.filter(\.required).map { JSONValue.string($0.name.description) }
            if !required.isEmpty { o.append("required", .array(required)) }
            o.append("additionalProperties", false)
            return .object(o)
        case .map(let values):
            return ["type": "object", "additionalProperties": values.jsonSchema]
        case .anyObject:
            return ["type": "object"]
        case .array(let items, let minItems):
            var o: JSONObject = ["type": "array", "items": items.jsonSchema]
            if let minItems { o.append("minItems", .number(Double(minItems))) }
            return .object(o)
        case .nullable(let inner):
            var o = inner.jsonSchema.objectValue ?? JSONObject()
            o["type"] = .array([o["type"] ?? .null, "null"])
            return .object(o)
        case .oneOf(_, let cases):
            return ["oneOf": .array(cases.map(\.jsonSchema))]
        }
    }
}

extension ResultSchema {
    /// The `result.schema` a method's document entry must have; nil for a notification.
    var jsonSchema: JSONValue? {
        switch self {
        case .component(let name): return ["$ref": .string("#/components/schemas/\(name)")]
        case .null: return ["type": "null"]
        case .inline(let schema): return schema.jsonSchema
        case .external(let url): return ["$ref": .string(url)]
        case .none: return nil
        }
    }
}

/// A JSON Schema from the document with its local `$ref`s resolved and
/// its annotations (descriptions, defaults, examples) dropped, members
/// sorted and `required` lists sorted: what a declaration must equal.
struct CanonicalSchema {
    let components: JSONObject

    func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let o):
            if let ref = o["$ref"]?.stringValue, ref.hasPrefix("#/components/schemas/"),
               let target = components[String(ref.dropFirst("#/components/schemas/".count))] {
                return canonical(target)
            }
            var members: [JSONObject.Member] = []
            for member in o.members where !Self.annotations.contains(member.key) {
                var v = canonical(member.value)
                if member.key == "required", let names = v.arrayValue {
                    v = .array(names.sorted { ($0.stringValue ?? "") < ($1.stringValue ?? "") })
                }
                if member.key == "properties", let props = v.objectValue {
                    v = .object(JSONObject(props.members.sorted { $0.key < $1.key }))
                }
                members.append(JSONObject.Member(key: member.key, value: v))
            }
            return .object(JSONObject(members.sorted { $0.key < $1.key }))
        case .array(let a):
            return .array(a.map(canonical))
        default:
            return value
        }
    }

    static let annotations: Set<String> = ["description", "default", "examples", "title", "summary", "$comment"]
}
