/// One option under `options`: its name, its shape, and its value when a
/// client does not give it.
public struct OptionDeclaration: Sendable {
    public let name: StaticString
    public let schema: Schema
    public let defaultValue: OptionValue

    /// What the schema cannot say about a value (members that exclude each
    /// other, numbers in order), checked after it; throws at a path under the option's.
    let rule: (@Sendable (OptionValue, FieldPath) throws(ContainerError) -> Void)?

    init(_ name: StaticString, _ schema: Schema, default defaultValue: OptionValue,
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
