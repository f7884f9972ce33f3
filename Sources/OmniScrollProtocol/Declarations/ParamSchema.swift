import OmniScrollJSON
import Synchronization

/// What a param (or a member of a param object) may be, as data: the JSON
/// Schema subset `protocol/openrpc.json` uses. A method's declaration lists
/// its params with these; the decoder checks values against them (types,
/// bounds, enums, lengths, unknown members) and the contract test compares
/// them with the document member for member. Scalar cases are stored
/// inline (no box to reach on the hot path); only nesting is indirect.
public enum ParamSchema: Sendable {
    /// A string; `minLength`/`maxLength` count Unicode scalars, as JSON Schema does.
    case string(minLength: Int? = nil, maxLength: Int? = nil)
    /// A string that is one of `cases`.
    case enumeration([String])
    /// A finite number within the bounds (`exclusiveMinimum` is a strict lower bound).
    case number(minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil)
    /// An integral number (|n| ≤ 2^53) from `minimum` to `maximum`; `constant` when only one value is meaningful.
    case integer(minimum: Int? = nil, maximum: Int? = nil, constant: Int? = nil)
    case boolean
    /// An object with exactly these members (any other member is rejected).
    case object([Member])
    /// An object whose member names are data (child ids) and whose values are `values`.
    indirect case map(values: ParamSchema)
    /// Any object, not looked into (`initialize`'s `capabilities`).
    case anyObject
    indirect case array(items: ParamSchema, minItems: Int? = nil)
    /// `schema` or `null`: `null` means "none" where the schema says so, and
    /// nowhere else.
    indirect case nullable(ParamSchema)
    /// One of `cases`, chosen by the member `discriminator`: the case whose
    /// discriminator takes the value (a string enumeration holding it, or an
    /// integer `constant` equal to it), or, when the member is absent, the
    /// case where it is optional (JSON Schema `oneOf`; the cases must not
    /// overlap). A case is an object, or a `oneOf` of objects that agree on
    /// this discriminator and are told apart by their own (a container's
    /// snapshot by `format`, within snapshots told apart by `engine`).
    indirect case oneOf(discriminator: ParamKey, cases: [ParamSchema])

    /// An enumeration of a Swift enum's raw values, in declaration order.
    public static func enumeration<E: RawRepresentable & CaseIterable>(of type: E.Type) -> ParamSchema where E.RawValue == String {
        .enumeration(E.allCases.map(\.rawValue))
    }

    /// The schema without its `nullable` wrapper.
    var nonNull: ParamSchema {
        if case .nullable(let inner) = self { return inner }
        return self
    }


    /// The object members this schema declares (none for other schemas).
    var members: [Member] {
        if case .object(let members) = nonNull { return members }
        return []
    }

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

/// One named member of a params object: its name, what it may be, and
/// whether it must be present. A class, so the decoder reaches a member's
/// flags and bounds without copying its schema.
public final class Member: Sendable {
    public let name: ParamKey
    public let schema: ParamSchema
    public let required: Bool
    /// Whether `null` is a value of this member ("none"), from its schema.
    let allowsNull: Bool
    /// The schema's scalar bounds, read on every decode.
    let bounds: ParamCheck.Bounds
    /// An enumeration's cases (none for other schemas), read on every
    /// decode without copying the schema.
    let cases: [String]
    /// The member's place in the params of the method declaring it, set
    /// when the method registers (`MethodRegistry.register`): a read of a
    /// `Param` looks there first. Only a hint: a member several lists share
    /// keeps the last place, and a miss searches (`ParamDecoder`).
    private let place = Atomic<Int>(0)

    var slot: Int { place.load(ordering: .relaxed) }

    func declare(at slot: Int) { place.store(slot, ordering: .relaxed) }

    init(name: ParamKey, schema: ParamSchema, required: Bool) {
        self.name = name
        self.schema = schema
        self.required = required
        if case .nullable = schema { allowsNull = true } else { allowsNull = false }
        bounds = ParamCheck.Bounds(schema)
        if case .enumeration(let cases) = schema.nonNull { self.cases = cases } else { cases = [] }
    }

    public static func required(_ name: ParamKey, _ schema: ParamSchema) -> Member {
        Member(name: name, schema: schema, required: true)
    }

    public static func optional(_ name: ParamKey, _ schema: ParamSchema) -> Member {
        Member(name: name, schema: schema, required: false)
    }
}

/// The result a method's reply carries, as the document describes it.
public enum ResultSchema: Sendable {
    /// `#/components/schemas/<name>`.
    case component(String)
    /// JSON `null` (`shutdown`).
    case null
    /// A schema written out in the method (`session.destroy`'s `{session}`).
    case inline(ParamSchema)
    /// A schema outside the document, by its URL (`rpc.discover`: the OpenRPC meta-schema).
    case external(String)
    /// No reply: a notification-only method (`exit`).
    case none
}
