/// The wire shape of a behavior's data, as data: a behavior declares its
/// options (`OptionDeclaration`) and its part of a snapshot's state
/// (`StateDeclaration`) once, and from that one description the protocol
/// layer builds the schemas of `protocol/openrpc.json` and reads and writes
/// the JSON, and the engine checks the values. The engine has no JSON, so
/// the shapes are the few behaviors need, named for what they mean.
public indirect enum OptionSchema: Sendable {
    case boolean
    case number(OptionNumber)
    /// Any string (a child id).
    case string
    /// A string that is one of these (an enum's raw values, in declaration order).
    case enumeration([String])
    /// An array of `items` (strings, numbers or objects).
    case array(OptionSchema)
    /// An object with exactly these members, in this order.
    case object([OptionMember])
    /// `schema` or `null`, which means "off" for an option, "none" for state.
    case nullable(OptionSchema)
    /// A string of `schema` with at least one character, or an array with at
    /// least one item (`minLength` / `minItems` 1 in `protocol/openrpc.json`):
    /// the rule is the behavior's own check, stated in the contract too.
    case nonEmpty(OptionSchema)

    /// An enumeration of a Swift enum's raw values, in declaration order.
    public static func enumeration<E: RawRepresentable & CaseIterable>(of type: E.Type) -> OptionSchema where E.RawValue == String {
        .enumeration(E.allCases.map(\.rawValue))
    }

    /// The schema without its `nullable` and `nonEmpty` wrappers: the value's shape.
    public var nonNull: OptionSchema {
        switch self {
        case .nullable(let inner), .nonEmpty(let inner): inner.nonNull
        default: self
        }
    }

    /// The object members this schema declares (none for other schemas).
    public var members: [OptionMember] {
        if case .object(let members) = nonNull { return members }
        return []
    }

    /// The items' schema of an array schema (itself for other schemas).
    public var items: OptionSchema {
        if case .array(let items) = nonNull { return items }
        return self
    }

    /// Checks `value` against the schema; the first member out of bounds throws at its path under `field`.
    func check(_ value: OptionValue, field: FieldPath) throws(ContainerError) {
        switch (self, value) {
        case (.nullable, .null), (.boolean, .bool), (.string, .string): return
        case (.nullable(let inner), _), (.nonEmpty(let inner), _): try inner.check(value, field: field)
        case (.number(let kind), .number(let n)): try kind.check(n, field: field)
        case (.enumeration(let cases), .string(let s)):
            guard cases.contains(s) else {
                throw ContainerError(.invalidValue, field: field, reason: "must be one of \(cases.joined(separator: ", "))")
            }
        case (.array(let items), .array(let values)):
            for (i, v) in values.enumerated() { try items.check(v, field: field.index(i)) }
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
        case .enumeration(let cases): "one of \(cases.joined(separator: ", "))"
        case .array: "an array"
        case .object: "an object"
        case .nullable(let inner): "\(inner.typeName) or null"
        case .nonEmpty(let inner): inner.typeName
        }
    }
}

/// The numbers an option may be, with the engine's bounds (`Bounds`).
public enum OptionNumber: Sendable {
    /// A length: 0…`Bounds.maxLength`.
    case length
    /// A length that must not be 0.
    case positiveLength
    /// A whole number of children: 0…`max`.
    case count(max: Int)
    /// A content height, which a sum of lengths may put past
    /// `Bounds.maxLength`: 0…`Bounds.maxContentHeight`.
    case contentHeight
    /// An offset: within ±`Bounds.maxOffset`.
    case offset
    /// How far an offset carries something past a line (a header's
    /// effective scroll offset): 0…`Bounds.maxOffset`.
    case travel
    /// A physics input (a position, a velocity, a time): within ±`FlingRequest.maxMagnitude`.
    case magnitude
    /// A snap interval: `SnapRule.minInterval`…`Bounds.maxLength`, so an
    /// offset over it stays finite (`physics.fling`'s bound too).
    case snapInterval

    func check(_ value: Double, field: FieldPath) throws(ContainerError) {
        switch self {
        case .length: try Validation.length(value, field: field)
        case .positiveLength: try Validation.positiveLength(value, field: field)
        case .count(let max):
            guard value >= 0, value <= Double(max), value.rounded() == value else {
                throw ContainerError(.invalidValue, field: field, reason: "must be an integer from 0 to \(max)")
            }
        case .contentHeight:
            guard value >= 0, value <= Bounds.maxContentHeight else {  // false for NaN
                throw ContainerError(.invalidValue, field: field, reason: "must be a finite number between 0 and 2.2e21")
            }
        case .offset: try Validation.offset(value, field: field)
        case .travel:
            guard value >= 0, value <= Bounds.maxOffset else {  // false for NaN
                throw ContainerError(.invalidValue, field: field, reason: "must be a finite number between 0 and 1e24")
            }
        case .magnitude:
            guard abs(value) <= FlingRequest.maxMagnitude else {
                throw ContainerError(.invalidValue, field: field, reason: "must be within ±\(FlingRequest.maxMagnitude)")
            }
        case .snapInterval:
            guard value >= SnapRule.minInterval, value <= Bounds.maxLength else {  // false for NaN
                throw ContainerError(.invalidValue, field: field, reason: "must be a finite number between 1e-15 and 1e12")
            }
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

    /// What the schema cannot say about a value (members that exclude each
    /// other, numbers in order), checked after it; throws at a path under the option's.
    let rule: (@Sendable (OptionValue, FieldPath) throws(ContainerError) -> Void)?

    init(_ name: StaticString, _ schema: OptionSchema, default defaultValue: OptionValue,
         rule: (@Sendable (OptionValue, FieldPath) throws(ContainerError) -> Void)? = nil) {
        self.name = name
        self.schema = schema
        self.defaultValue = defaultValue
        self.rule = rule
    }

    /// Checks `value` against the schema, then the rule.
    func check(_ value: OptionValue, field: FieldPath) throws(ContainerError) {
        try schema.check(value, field: field)
        try rule?(value, field)
    }
}

/// A behavior's part of a snapshot's `state`: its name there (the
/// behavior's own, like `loadMore`) and its shape, and the value of the state
/// a new container starts in (a snapshot without the part restores that).
public struct StateDeclaration: Sendable {
    public let name: StaticString
    public let schema: OptionSchema
    public let initial: OptionValue

    public init(_ name: StaticString, _ schema: OptionSchema, initial: OptionValue) {
        self.name = name
        self.schema = schema
        self.initial = initial
    }
}

/// An option's or a state part's value, as plain data shaped by its `OptionSchema`.
public enum OptionValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([OptionValue])
    /// The members given, by name.
    case object([String: OptionValue])

    /// A value that is `null` when `value` is `nil`.
    public init<T>(_ value: T?, _ transform: (T) -> OptionValue) {
        self = value.map(transform) ?? .null
    }

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

    /// The items of an array value, `nil` for any other value.
    public var items: [OptionValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The numbers of an array of numbers, `nil` for any other value.
    public var numbers: [Double]? {
        guard case .array(let items) = self else { return nil }
        let numbers = items.compactMap(\.number)
        return numbers.count == items.count ? numbers : nil
    }

    /// The enum case a string value names, `nil` for any other value.
    public func enumeration<E: RawRepresentable>(_ type: E.Type = E.self) -> E? where E.RawValue == String {
        string.flatMap(E.init(rawValue:))
    }

    /// Member `name` of an object value, `nil` when absent or not an object.
    public subscript(name: String) -> OptionValue? {
        if case .object(let members) = self { return members[name] }
        return nil
    }
}
