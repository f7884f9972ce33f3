import Synchronization

/// One named member of an object schema: its name, what it may be, and
/// whether it must be present (a member not given takes the default its
/// declaration's type states: a refresh `height` is its `threshold`). A
/// class, so the decoder reaches a member's flags and bounds without
/// copying its schema.
public final class Member: Sendable {
    public let name: ParamKey
    public let schema: Schema
    public let required: Bool
    /// Whether `null` is a value of this member ("none"), from its schema.
    package let allowsNull: Bool
    /// The schema's scalar bounds, read on every decode.
    package let bounds: ScalarBounds
    /// An enumeration's cases (none for other schemas), read on every
    /// decode without copying the schema.
    package let cases: [String]
    /// The member's place in the params of the method declaring it, set
    /// when the method registers (the protocol's `MethodRegistry.register`):
    /// a read of a `Param` looks there first. Only a hint: a member several
    /// lists share keeps the last place, and a miss searches (`ParamDecoder`).
    private let place = Atomic<Int>(0)

    package var slot: Int { place.load(ordering: .relaxed) }

    package func declare(at slot: Int) { place.store(slot, ordering: .relaxed) }

    init(name: ParamKey, schema: Schema, required: Bool) {
        self.name = name
        self.schema = schema
        self.required = required
        if case .nullable = schema { allowsNull = true } else { allowsNull = false }
        bounds = ScalarBounds(schema)
        if case .enumeration(let cases) = schema.nonNull { self.cases = cases } else { cases = [] }
    }

    public static func required(_ name: ParamKey, _ schema: Schema) -> Member {
        Member(name: name, schema: schema, required: true)
    }

    public static func optional(_ name: ParamKey, _ schema: Schema) -> Member {
        Member(name: name, schema: schema, required: false)
    }
}
