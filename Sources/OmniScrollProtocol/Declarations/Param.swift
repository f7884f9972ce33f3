import OmniScrollCore

/// One param of a method, declared once: its member (name, schema, whether
/// it is required) and, by its type, what reading it gives. A method's
/// declaration lists its params as `static let`s, builds its `params` list
/// from them and reads each in `init` with the same constant:
///
///     static let offset: Param<Double> = .required("offset", SessionParams.offset)
///     static let params: [Member] = [SessionParams.session.member, offset.member]
///     init(_ params: borrowing ParamDecoder) throws(RPCError) { offset = try params.read(Self.offset) }
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
