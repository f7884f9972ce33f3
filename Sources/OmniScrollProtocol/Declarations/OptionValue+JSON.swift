import OmniScrollCore
import OmniScrollJSON

/// An option's, a snapshot part's or a kind member's value read from JSON
/// and written back, as its declared `Schema` shapes it (Core's
/// `OptionValue` has no JSON): one reading and one writing for every
/// declaration, so a new behavior's option or state adds no code here.
extension OptionValue {
    /// Member `key` of `object` as `schema` shapes it, `nil` when not given
    /// (a required member not given is -32602 "required"). `object` was
    /// opened against members of the same schemas, so the decoder has
    /// checked each value's type and bounds.
    static func read(_ schema: Schema, _ key: ParamKey, in object: borrowing ParamDecoder) throws(RPCError) -> OptionValue? {
        switch schema {
        case .boolean: return try object.optionalBool(key).map(OptionValue.bool)
        case .integer: return try object.optionalInt(key).map { .number(Double($0)) }
        case .number: return try object.optionalDouble(key).map(OptionValue.number)
        case .string: return try object.optionalString(key).map(OptionValue.string)
        case .enumeration(let cases):
            guard let s = try object.optionalString(key) else { return nil }
            guard cases.contains(s) else { throw object.invalid(key, "must be one of \(cases.joined(separator: ", "))") }
            return .string(s)
        case .array(let items, _):
            guard let array = try object.optionalArray(key) else { return nil }
            var values: [OptionValue] = []
            for i in 0..<array.count { values.append(try item(items, at: i, of: array)) }
            return .array(values)
        case .object(let members):
            guard let nested = try object.optionalObject(key) else { return nil }
            return .object(try memberValues(members, in: nested))
        case .nullable(let inner):
            guard object.contains(key) else { return nil }
            return try read(inner, key, in: object) ?? .null
        case .map, .anyObject, .oneOf:
            preconditionFailure("no option, state part or kind member is \(schema); add its reading here")
        }
    }

    private static func memberValues(_ members: [Member], in object: borrowing ParamDecoder) throws(RPCError) -> [String: OptionValue] {
        var values: [String: OptionValue] = [:]
        for member in members {
            values[member.name.description] = try read(member.schema, member.name, in: object)
        }
        return values
    }

    /// Element `i` of an array of `items` (strings, numbers or objects).
    private static func item(_ items: Schema, at i: Int, of array: ParamArray) throws(RPCError) -> OptionValue {
        switch items {
        case .string: return .string(try array.string(at: i))
        case .enumeration(let cases):
            let s = try array.string(at: i)
            guard cases.contains(s) else {
                throw RPCError.invalidParams(path: array.path(at: i), reason: "must be one of \(cases.joined(separator: ", "))")
            }
            return .string(s)
        case .number: return .number(try array.double(at: i))
        case .object(let members): return .object(try memberValues(members, in: array.object(at: i)))
        case .boolean, .integer, .array, .nullable, .map, .anyObject, .oneOf:
            preconditionFailure("arrays of \(items) are not declared by any behavior; add their reading here")
        }
    }

    /// Writes the value as `schema` orders its members.
    func write(as schema: Schema, into w: inout JSONWriter) {
        switch self {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .number(let n): w.number(n)
        case .string(let s): w.string(s)
        case .array(let values):
            w.beginArray()
            for v in values { v.write(as: schema.nonNull.items, into: &w) }
            w.endArray()
        case .object(let values):
            w.beginObject()
            for member in schema.nonNull.members {
                guard let v = values[member.name.description] else { continue }
                w.key(member.name.name)
                v.write(as: member.schema, into: &w)
            }
            w.endObject()
        }
    }
}
