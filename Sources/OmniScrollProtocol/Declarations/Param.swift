import OmniScrollCore

/// One param of a method, declared once: its member (name, schema, whether
/// it is required) and, by its type, what reading it gives. A method's
/// declaration holds its params as the properties of its `ParamList`, which
/// gives the members list, and reads each in `init` with the same value:
///
///     let offset: Param<Double> = .required("offset", Schema.offset)   // in `struct Params: ParamList`
///     init(_ params: borrowing ParamDecoder) throws(RPCError) { offset = try params.read(Self.params.offset) }
///
/// so a member's name is written once, and a read whose type does not fit
/// the declaration is a compile error (docs/protocol.md, "Errors": the
/// decoder still checks each value against the member's schema).
public struct Param<Value>: Sendable {
    public let member: Member

    init(_ member: Member) { self.member = member }

    public static func required(_ name: ParamKey, _ schema: Schema) -> Param {
        Param(.required(name, schema))
    }

    public static func optional(_ name: ParamKey, _ schema: Schema) -> Param {
        Param(.optional(name, schema))
    }
}
