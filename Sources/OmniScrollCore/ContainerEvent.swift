/// A lifecycle event. Events are edge-triggered: one per state change, never
/// one per tick. A call that jumps far reports the net change, in the order
/// the behaviors are registered and, within one behavior, in scroll order.
public struct ContainerEvent: Equatable, Sendable {
    public private(set) var type: EventType
    /// The child the event is about, when it is about one.
    public private(set) var child: String?
    /// What else the event says, in wire order after `type` and `child`
    /// (`direction`, `phase`, `offset`…): the members its declaration names.
    public private(set) var members: [EventMember]
    /// The members above as the reply's JSON text (`"type":…` to the last
    /// member, no braces), for an event built once as a constant
    /// (`PhaseTracking`'s): written verbatim, not member by member through
    /// the string escaper, which cost a pointer `up`'s two events ~1 200
    /// instructions (issue 29). `nil` for every other event.
    public let encoded: StaticString?

    public init(_ type: EventType, child: String? = nil, members: [EventMember] = []) {
        self.type = type
        self.child = child
        self.members = members
        encoded = nil
    }

    /// A constant event and its text, which must say exactly what `type`
    /// and `members` say (`ConstantEventTextTests` holds them together).
    init(_ type: EventType, members: [EventMember] = [], encoded: StaticString) {
        self.type = type
        child = nil
        self.members = members
        self.encoded = encoded
    }

    /// The text is how the event is written, not what it says.
    public static func == (a: ContainerEvent, b: ContainerEvent) -> Bool {
        a.type == b.type && a.child == b.child && a.members == b.members
    }
}

/// An event type's wire name. Open: each behavior declares its own types (as
/// static members in its file) with an `EventDeclaration` that states the rule.
public struct EventType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Every type a container emits, declared by its behaviors, in their order.
    public static var declarations: [EventDeclaration] { BehaviorRegistry.events }
}

/// One member of an event beyond `type` and `child`: a name and a scalar.
public struct EventMember: Equatable, Sendable {
    public var name: String
    public var value: Value

    public enum Value: Equatable, Sendable {
        case string(String)
        case number(Double)
    }

    public static func string(_ name: String, _ value: String) -> EventMember {
        EventMember(name: name, value: .string(value))
    }

    public static func number(_ name: String, _ value: Double) -> EventMember {
        EventMember(name: name, value: .number(value))
    }
}

/// An event type as documented: its name, the members it carries beside
/// `type`, and its exact rule (a Markdown sentence; `docs/events.md`'s rows
/// are rendered from these).
public struct EventDeclaration: Sendable {
    public let type: EventType
    public let members: [String]
    public let rule: String

    public init(_ type: EventType, members: [String] = [], rule: String) {
        self.type = type
        self.members = members
        self.rule = rule
    }
}
