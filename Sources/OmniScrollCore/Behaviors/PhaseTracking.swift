/// `phaseDidChange` on every phase change, and the seed's
/// `scrollViewDidEndScrolling` when the phase returns to `idle`. Registered
/// last, so the end of scrolling follows the events of the final move.
struct PhaseTracking: ContainerBehavior {
    func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard transition.phase != transition.previousPhase else { return }
        let ends = transition.phase == .idle && transition.seedEvents
        // Room for both events at once: appended one by one, the list grew twice (issue 29).
        events.reserveCapacity(events.count + (ends ? 2 : 1))
        events.append(ContainerEvent(.phaseDidChange, members: Self.members(transition.phase)))
        if ends { events.append(ContainerEvent(.scrollViewDidEndScrolling)) }
    }

    /// `phaseDidChange`'s members for each phase, built once: a phase change builds no list of them.
    private static let idle: [EventMember] = [.string("phase", ScrollPhase.idle.rawValue)]
    private static let dragging: [EventMember] = [.string("phase", ScrollPhase.dragging.rawValue)]
    private static let decelerating: [EventMember] = [.string("phase", ScrollPhase.decelerating.rawValue)]
    private static let animating: [EventMember] = [.string("phase", ScrollPhase.animating.rawValue)]

    private static func members(_ phase: ScrollPhase) -> [EventMember] {
        switch phase {
        case .idle: idle
        case .dragging: dragging
        case .decelerating: decelerating
        case .animating: animating
        }
    }
}

extension PhaseTracking {
    static let events = [
        EventDeclaration(.phaseDidChange, members: ["phase"], rule: "the scroll phase changed"),
        EventDeclaration(.scrollViewDidEndScrolling, rule: "`phaseDidChange` to `idle` from another phase (seed name)"),
    ]
}

extension EventType {
    public static var phaseDidChange: EventType { EventType("phaseDidChange") }
    public static var scrollViewDidEndScrolling: EventType { EventType("scrollViewDidEndScrolling") }
}
