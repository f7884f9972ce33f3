import OmniScrollCore

/// A method's params, declared once: a struct whose stored properties are
/// its params (`Param`s, or an object's members taken whole,
/// `ObjectMembers`), in documentation order. The method keeps one instance,
/// reads each param in `init` through it, and the registry derives the
/// method's members from it:
///
///     struct Params: ParamList {
///         let session = SessionParams.session
///         let offset: Param<Double> = .required("offset", Schema.offset)
///     }
///     static let params = Params()
///     init(_ params: borrowing ParamDecoder) throws(RPCError) { offset = try params.read(Self.params.offset) }
///
/// So a param is named once, cannot be listed without being declared nor
/// declared without being listed, and a read of another method's param does
/// not compile against `Self.params` (docs/protocol.md, "Errors": the
/// decoder checks each value against its member's schema).
public protocol ParamList: Sendable {}

extension ParamList {
    /// The declared members, in the order the properties are declared. Found
    /// by reflection, as swift-argument-parser finds a command's options:
    /// read once, when the method registers (`MethodRegistry.register`),
    /// never while a call decodes.
    public var members: [Member] {
        Mirror(reflecting: self).children.flatMap { property -> [Member] in
            guard let params = property.value as? any ParamGroup else {
                preconditionFailure("\(Self.self).\(property.label ?? "_") is not a Param: a ParamList holds params only")
            }
            return params.members
        }
    }
}

/// What a `ParamList` property may be: one param, or several members.
public protocol ParamGroup: Sendable {
    var members: [Member] { get }
}

extension Param: ParamGroup {
    public var members: [Member] { [member] }
}

/// An object's members taken as a method's own params
/// (`session.setViewport {session, width, height}`): the object's schema
/// names them, and the method decodes them as it decodes that object.
public struct ObjectMembers: ParamGroup {
    public let members: [Member]

    public init(_ object: Schema) { members = object.members }
}

/// The params of a method that takes none.
public struct NoParams: ParamList {
    public init() {}
}
