/// One spec member only some kinds have, as data: its name and what it may
/// be, so that decoding, validation, snapshots and the params schema follow
/// a new kind's members without naming the kind.
public struct KindMember: Sendable {
    public let name: StaticString
    /// What it may be, in the shapes options and snapshot parts use (its
    /// values are `OptionValue`s): a length, a choice or a boolean.
    public let shape: Schema

    public static func length(_ name: StaticString) -> KindMember { KindMember(name: name, shape: .length) }
    public static func boolean(_ name: StaticString) -> KindMember { KindMember(name: name, shape: .boolean) }
    public static func choice<E: RawRepresentable & CaseIterable>(_ name: StaticString, of type: E.Type) -> KindMember
        where E.RawValue == String
    {
        KindMember(name: name, shape: .enumeration(of: type))
    }
}
