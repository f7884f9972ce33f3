/// `phaseDidChange` on every phase change, and the seed's
/// `scrollViewDidEndScrolling` when the phase returns to `idle`. Registered
/// last, so the end of scrolling follows the events of the final move.
struct PhaseTracking: ContainerBehavior {
    func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard transition.phase != transition.previousPhase else { return }
        let these = transition.phase == .idle && transition.seedEvents ? Self.ended : Self.changed(to: transition.phase)
        // The lists are built once: a call whose only events they are (a
        // release, a drag's start, a motion's end) allocates no list and
        // frees none (~600 instructions, issue 29).
        if events.isEmpty { events = these } else { events.append(contentsOf: these) }
    }

    /// `phaseDidChange` to `idle` and the seed's `scrollViewDidEndScrolling`.
    static let ended = [event(.idle), ContainerEvent(.scrollViewDidEndScrolling,
                                                     encoded: #""type":"scrollViewDidEndScrolling""#)]
    static let idle = [event(.idle)]
    static let dragging = [event(.dragging)]
    static let decelerating = [event(.decelerating)]
    static let animating = [event(.animating)]

    /// `phaseDidChange` to `phase`, with its text pre-encoded (constant events, `ContainerEvent.encoded`).
    private static func event(_ phase: ScrollPhase) -> ContainerEvent {
        ContainerEvent(.phaseDidChange, members: [.string("phase", phase.rawValue)], encoded: encoded(phase))
    }

    private static func encoded(_ phase: ScrollPhase) -> StaticString {
        switch phase {
        case .idle: #""type":"phaseDidChange","phase":"idle""#
        case .dragging: #""type":"phaseDidChange","phase":"dragging""#
        case .decelerating: #""type":"phaseDidChange","phase":"decelerating""#
        case .animating: #""type":"phaseDidChange","phase":"animating""#
        }
    }

    /// `phaseDidChange` to `phase` alone.
    private static func changed(to phase: ScrollPhase) -> [ContainerEvent] {
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
