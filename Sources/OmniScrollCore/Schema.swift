/// What a value may be, as data: the JSON Schema subset
/// `protocol/openrpc.json` uses, and the one schema language of the
/// project (docs/design.md, "The schema language"). Methods declare their
/// params with it, behaviors their options (`OptionDeclaration`) and
/// snapshot parts (`StateDeclaration`), child kinds their own members
/// (`KindMember`); from those declarations the protocol layer decodes and
/// writes the JSON, builds the document's schemas and compares them with
/// `protocol/openrpc.json`, and the engine checks its values
/// (`check(_:field:)`). The engine has no JSON: what reads JSON against a
/// schema is the protocol layer's. Scalar cases are stored inline (no box
/// to reach on the hot path); only nesting is indirect.
public enum Schema: Sendable {
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
    indirect case map(values: Schema)
    /// Any object, not looked into (`initialize`'s `capabilities`).
    case anyObject
    indirect case array(items: Schema, minItems: Int? = nil)
    /// `schema` or `null`: `null` means "none" where the schema says so
    /// ("off" for an option), and nowhere else.
    indirect case nullable(Schema)
    /// One of `cases`, chosen by the member `discriminator`: the case whose
    /// discriminator takes the value (a string enumeration holding it, or an
    /// integer `constant` equal to it), or, when the member is absent, the
    /// case where it is optional (JSON Schema `oneOf`; the cases must not
    /// overlap). A case is an object, or a `oneOf` of objects that agree on
    /// this discriminator and are told apart by their own (a container's
    /// snapshot by `format`, within snapshots told apart by `engine`).
    indirect case oneOf(discriminator: ParamKey, cases: [Schema])

    /// An enumeration of a Swift enum's raw values, in declaration order.
    /// Inlinable, so each declaring module specializes it: called across
    /// modules unspecialized, its metadata look-ups were ~700 000
    /// instructions of the worker's start (callgrind, one `session.create`).
    @inlinable
    public static func enumeration<E: RawRepresentable & CaseIterable>(of type: E.Type) -> Schema where E.RawValue == String {
        .enumeration(E.allCases.map(\.rawValue))
    }

    /// The schema without its `nullable` wrapper: the value's shape.
    public var nonNull: Schema {
        if case .nullable(let inner) = self { return inner }
        return self
    }

    /// The object members this schema declares (none for other schemas).
    public var members: [Member] {
        if case .object(let members) = nonNull { return members }
        return []
    }

    /// The items' schema of an array schema (itself for other schemas).
    public var items: Schema {
        if case .array(let items, _) = nonNull { return items }
        return self
    }
}
