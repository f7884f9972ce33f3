/// One spec member only some kinds have, as data: its name and what it may
/// be, so that decoding, validation, snapshots and the params schema follow
/// a new kind's members without naming the kind.
public struct KindMember: Sendable {
    public enum Shape: Sendable {
        /// A length: 0…`Bounds.maxLength`.
        case length
        /// One of these strings.
        case choice([String])
        case boolean
    }

    public let name: StaticString
    public let shape: Shape

    public static func length(_ name: StaticString) -> KindMember { KindMember(name: name, shape: .length) }
    public static func boolean(_ name: StaticString) -> KindMember { KindMember(name: name, shape: .boolean) }
    public static func choice<E: RawRepresentable & CaseIterable>(_ name: StaticString, of type: E.Type) -> KindMember
        where E.RawValue == String
    {
        KindMember(name: name, shape: .choice(E.allCases.map(\.rawValue)))
    }
}

/// The value of a `KindMember`, shaped as it declares.
public enum KindValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)

    public var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
}
