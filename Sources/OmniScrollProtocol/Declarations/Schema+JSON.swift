import OmniScrollCore
import OmniScrollJSON

/// Reading JSON against a schema (`Schema`, in OmniScrollCore, has no JSON):
/// which members an object must have, and whether a string names a member.
extension Schema {
    /// The members object `value` must have: for `oneOf`, those of the case
    /// its discriminators pick; a discriminator no case takes is the reason.
    func members(of value: JSONElement) throws(OneOfMismatch) -> [Member] {
        guard case .oneOf(let discriminator, let cases) = nonNull else { return members }
        let tag = value[discriminator.description]
        var taken: [String] = []
        for schema in cases {
            guard let member = schema.member(discriminator) else { continue }
            if let tag, member.schema.isDiscriminator(tag) { return try schema.members(of: value) }
            if tag == nil, !member.required { return try schema.members(of: value) }
            taken += member.schema.discriminatorValues
        }
        throw OneOfMismatch(discriminator: discriminator,
                            reason: tag == nil ? "required" : "must be one of \(taken.joined(separator: ", "))")
    }

    /// Member `name` of an object schema, or of a `oneOf`'s first case (its cases agree on it).
    private func member(_ name: ParamKey) -> Member? {
        if case .oneOf(_, let cases) = nonNull { return cases.first?.member(name) }
        return members.first { $0.name == name }
    }

    /// Whether `tag` is a value this discriminator schema takes.
    private func isDiscriminator(_ tag: JSONElement) -> Bool {
        switch nonNull {
        case .enumeration(let values): tag.stringValue.map(values.contains) ?? false
        case .integer(_, _, let constant?): tag.intValue == constant
        default: false
        }
    }

    /// The values this discriminator schema takes, as an error lists them.
    private var discriminatorValues: [String] {
        switch nonNull {
        case .enumeration(let values): values
        case .integer(_, _, let constant?): [String(constant)]
        default: []
        }
    }
}

/// A value whose discriminator (`discriminator`, a member of the value) picks no case of a `oneOf`.
struct OneOfMismatch: Error {
    let discriminator: ParamKey
    let reason: String
}

extension ParamKey {
    /// Whether `element` is a string spelling this key.
    @inline(__always)
    func names(_ element: JSONElement) -> Bool { element.isString(name) }
}
