/// A member a behavior adds to the reply of a change list (ScrollTarget's
/// `target`), beside the container's own (`anchorShift`, `clampShift`). The
/// behavior declares its name and shape (`ContainerBehavior.replies`), so
/// the protocol writes it without knowing the behavior.
public struct ReplyMember: Equatable, Sendable {
    public var name: String
    public var value: OptionValue

    public init(_ name: String, _ value: OptionValue) {
        self.name = name
        self.value = value
    }
}

/// A reply member as declared: its name and the shape that orders its members.
public struct ReplyDeclaration: Sendable {
    public let name: StaticString
    public let schema: OptionSchema

    public init(_ name: StaticString, _ schema: OptionSchema) {
        self.name = name
        self.schema = schema
    }

    /// Every reply member the behaviors declare, in registration order.
    public static var declarations: [ReplyDeclaration] { BehaviorRegistry.replies }
}
