import OmniScrollJSON

/// One component of `session.create`'s `components`: a name and the event
/// types it subscribes to.
public struct ComponentRegistration: Sendable, Equatable {
    public var name: String
    public var events: [EventType]

    public init(name: String, events: [EventType]) {
        self.name = name
        self.events = events
    }

    var json: JSONValue {
        ["name": .string(name), "events": .array(events.map { .string($0.rawValue) })]
    }
}

/// Components registered in order (seed 003's ControllerKit): each one is a
/// set of handlers keyed by the event types it cares about, and `dispatch`
/// calls, for each event of a reply in order, the handler of each component
/// it reaches, in registration order. A component without a handler for a
/// type is never called for it.
///
///     var manager = ComponentManager()
///     try manager.register("player", [
///         .childDidBecomeActive: { event in player.play(event.child) },
///         .childDidResignActive: { event in player.pause(event.child) },
///     ])
///     try manager.register("analytics", [.childDidShow: { log("show", $0.child) }])
///     await client.setComponents(manager)
///     let layout = try await client.create(viewport: (width: 375, height: 800), children: feed,
///                                          components: manager.registrations)
///
/// `registrations` is built from the handlers, so the worker names exactly
/// the components this manager calls: an event that carries `components`
/// reaches those, in that order; an event without it (a session created
/// without components) reaches every component that handles its type, in
/// registration order.
public struct ComponentManager: Sendable {
    public typealias Handler = @Sendable (Event) -> Void

    private struct Registered: Sendable {
        let name: String
        let handlers: [EventType: Handler]
    }

    private var registered: [Registered] = []
    private var places: [String: Int] = [:]

    public init() {}

    /// Adds a component after those registered before; a name already
    /// registered throws `invalidArgument`.
    public mutating func register(_ name: String, _ handlers: [EventType: Handler]) throws {
        guard places[name] == nil else {
            throw OmniScrollClientError.invalidArgument("a component named '\(name)' is already registered")
        }
        places[name] = registered.count
        registered.append(Registered(name: name, handlers: handlers))
    }

    /// The names, in registration order.
    public var names: [String] { registered.map(\.name) }

    /// `session.create`'s `components`: each component with the types it
    /// handles, in the document's order of types.
    public var registrations: [ComponentRegistration] {
        registered.map { c in ComponentRegistration(name: c.name, events: EventType.allCases.filter { c.handlers[$0] != nil }) }
    }

    /// Calls the handlers each event of `layout` reaches, event by event.
    public func dispatch(_ layout: Layout) {
        for event in layout.events { dispatch(event) }
    }

    public func dispatch(_ event: Event) {
        guard let type = EventType(rawValue: event.type) else { return }
        if let named = event.components {
            for name in named {
                if let place = places[name] { registered[place].handlers[type]?(event) }
            }
        } else {
            for component in registered { component.handlers[type]?(event) }
        }
    }
}
