/// The wire shape of an option, as data: a behavior declares its options once
/// (`OptionDeclaration`), and from that one description the protocol layer
/// builds the params schema and reads and writes the JSON, and the engine
/// checks the values. The engine has no JSON, so the shapes are the few the
/// options need, named for what they mean.
public indirect enum OptionSchema: Sendable {
    case boolean
    case number(OptionNumber)
    /// A string; what it must spell is the behavior's to check (an easing).
    case string
    /// A list of values of one schema.
    case array(OptionSchema)
    /// An object with exactly these members, in this order.
    case object([OptionMember])
    /// `schema` or `null`, which means "off".
    case nullable(OptionSchema)

    /// The schema without its `nullable` wrapper.
    public var nonNull: OptionSchema {
        if case .nullable(let inner) = self { return inner }
        return self
    }

    /// The object members this schema declares (none for other schemas).
    public var members: [OptionMember] {
        if case .object(let members) = nonNull { return members }
        return []
    }

    /// Checks `value` against the schema; the first member out of bounds throws at its path under `field`.
    func check(_ value: OptionValue, field: FieldPath) throws(ContainerError) {
        switch (self, value) {
        case (.nullable, .null), (.boolean, .bool), (.string, .string): return
        case (.nullable(let inner), _): try inner.check(value, field: field)
        case (.number(let kind), .number(let n)): try kind.check(n, field: field)
        case (.array(let item), .array(let values)):
            for (k, v) in values.enumerated() { try item.check(v, field: field.index(k)) }
        case (.object(let members), .object(let values)):
            for member in members {
                let path = field.member(member.name.description)
                if let v = values[member.name.description] {
                    try member.schema.check(v, field: path)
                } else if member.required {
                    throw ContainerError(.invalidValue, field: path, reason: "required")
                }
            }
        default:
            throw ContainerError(.invalidValue, field: field, reason: "must be \(self.typeName)")
        }
    }

    private var typeName: String {
        switch self {
        case .boolean: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        case .nullable(let inner): "\(inner.typeName) or null"
        }
    }
}

/// The numbers an option may be, with the engine's bounds (`Bounds`).
public enum OptionNumber: Sendable {
    /// A length: 0…`Bounds.maxLength`.
    case length
    /// A length that must not be 0.
    case positiveLength
    /// Any finite number within ±`Bounds.maxOffset` (an offset, a track's value).
    case offset

    func check(_ value: Double, field: FieldPath) throws(ContainerError) {
        switch self {
        case .length: try Validation.length(value, field: field)
        case .positiveLength: try Validation.positiveLength(value, field: field)
        case .offset: try Validation.offset(value, field: field)
        }
    }
}

/// One member of an option object. Its name is a literal, as the protocol's keys are.
public struct OptionMember: Sendable {
    public let name: StaticString
    public let schema: OptionSchema
    /// Whether a value must give it; a member not given takes the default the
    /// behavior's own type states (a refresh `height` is its `threshold`).
    public let required: Bool

    public static func required(_ name: StaticString, _ schema: OptionSchema) -> OptionMember {
        OptionMember(name: name, schema: schema, required: true)
    }

    public static func optional(_ name: StaticString, _ schema: OptionSchema) -> OptionMember {
        OptionMember(name: name, schema: schema, required: false)
    }
}

/// One option under `options`: its name, its shape, and its value when a
/// client does not give it.
public struct OptionDeclaration: Sendable {
    public let name: StaticString
    public let schema: OptionSchema
    public let defaultValue: OptionValue

    public init(_ name: StaticString, _ schema: OptionSchema, default defaultValue: OptionValue) {
        self.name = name
        self.schema = schema
        self.defaultValue = defaultValue
    }
}

/// An option's value, as plain data shaped by its `OptionSchema`.
public enum OptionValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([OptionValue])
    /// The members given, by name.
    case object([String: OptionValue])

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var array: [OptionValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// Member `name` of an object value, `nil` when absent or not an object.
    public subscript(name: String) -> OptionValue? {
        if case .object(let members) = self { return members[name] }
        return nil
    }
}
