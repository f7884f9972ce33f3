import OmniScrollCore
import OmniScrollJSON

/// The components a session registered at `session.create` (seed 003's
/// ControllerKit: a container dispatches each lifecycle call to its
/// registered components in registration order, each implementing only the
/// calls it cares about). The worker does not call anything: each event of
/// a reply names the components subscribed to its type, in registration
/// order, and the client's component manager calls them.
///
/// The names each event type reaches are encoded once, here, so writing an
/// event costs one table lookup and one copy, never a scan of the components.
public struct SessionComponents: Sendable {
    /// The most components one session registers: a feed container's
    /// components are a handful (player, preloader, analytics…); the bound
    /// keeps one `session.create` from making every reply's lists unbounded.
    public static let maxCount = 64
    /// The longest component name, in characters (Unicode scalars).
    public static let maxNameLength = 64

    /// One registered component: its name and the event types it subscribes to.
    public struct Component: Sendable, Equatable {
        public let name: String
        public let events: [EventType]
    }

    /// The components in registration order.
    public let all: [Component]
    /// Per event type, the `"components":[…]` member its events carry.
    private let members: [EventType: [UInt8]]
    /// The member of an event no component subscribes to.
    private let noSubscriber: [UInt8]

    /// `components` as `session.create` takes it and a snapshot holds it.
    static let schema = Schema.array(items: .object([
        .required("name", .string(minLength: 1, maxLength: maxNameLength)),
        .required("events", .array(items: .string(minLength: 1))),
    ]))

    init(_ all: [Component]) {
        self.all = all
        var subscribers: [EventType: [String]] = [:]
        for component in all {
            for type in component.events { subscribers[type, default: []].append(component.name) }
        }
        members = subscribers.mapValues(Self.member)
        noSubscriber = Self.member([])
    }

    /// Reads and checks the array (`session.create`'s param, a snapshot's
    /// member): at most `maxCount` components, names unique, each event type
    /// a declared one and listed once; -32602 naming the element at fault.
    init(_ array: ParamArray) throws(RPCError) {
        if array.count > Self.maxCount {
            throw RPCError.invalidParams(path: array.path, reason: "at most \(Self.maxCount) components")
        }
        let declared = Set(EventType.declarations.map(\.type))
        var components: [Component] = []
        var names: Set<String> = []
        for i in 0..<array.count {
            let object = try array.object(at: i)
            let name = try object.string("name")
            guard names.insert(name).inserted else { throw object.invalid("name", "a component named '\(name)' is already registered") }
            let list = try object.array("events")
            var events: [EventType] = []
            for j in 0..<list.count {
                let type = EventType(try list.string(at: j))
                guard declared.contains(type) else {
                    throw RPCError.invalidParams(path: list.path(at: j), reason: "'\(type)' is not an event type (see Event.type)")
                }
                guard !events.contains(type) else {
                    throw RPCError.invalidParams(path: list.path(at: j), reason: "'\(type)' is listed twice")
                }
                events.append(type)
            }
            components.append(Component(name: name, events: events))
        }
        self.init(components)
    }

    /// The array read as `init(_:)` reads it, or `nil` when it is empty: a
    /// session without components, whose replies carry no `components`.
    static func decode(_ array: ParamArray) throws(RPCError) -> SessionComponents? {
        array.count == 0 ? nil : try SessionComponents(array)
    }

    /// Writes the `components` member of an event of `type`.
    @inline(__always)
    func writeMember(of type: EventType, into w: inout JSONWriter) {
        w.raw(members[type] ?? noSubscriber)
    }

    /// The array as `session.create` takes it, for a snapshot.
    func write(into w: inout JSONWriter) {
        w.beginArray()
        for component in all {
            w.beginObject()
            w.key("name"); w.string(component.name)
            w.key("events")
            w.beginArray()
            for type in component.events { w.string(type.rawValue) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
    }

    /// `"components":[names]`, encoded.
    private static func member(_ names: [String]) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("components")
        w.beginArray()
        for name in names { w.string(name) }
        w.endArray()
        w.endObject()
        // The member alone, without the braces of the object it was written in.
        return w.withUnsafeBytes { Array($0.dropFirst().dropLast()) }
    }
}
