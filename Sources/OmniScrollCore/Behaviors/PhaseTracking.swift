/// `phaseDidChange` on every phase change, and the seed's
/// `scrollViewDidEndScrolling` when the phase returns to `idle`. Registered
/// last, so the end of scrolling follows the events of the final move.
struct PhaseTracking: ContainerBehavior {
    func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard transition.phase != transition.previousPhase else { return }
        events.append(ContainerEvent(.phaseDidChange, members: [.string("phase", transition.phase.rawValue)]))
        if transition.phase == .idle, transition.seedEvents {
            events.append(ContainerEvent(.scrollViewDidEndScrolling))
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
