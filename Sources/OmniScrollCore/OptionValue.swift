/// An option's or a state part's value, as plain data shaped by its `Schema`.
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
