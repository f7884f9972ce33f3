/// `phaseDidChange` on every phase change, and the seed's
/// `scrollViewDidEndScrolling` when the phase returns to `idle`. Registered
/// last, so the end of scrolling follows the events of the final move.
struct PhaseTracking: ContainerBehavior {
    func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard transition.phase != transition.previousPhase else { return }
        events.append(ContainerEvent(.phaseDidChange, phase: transition.phase))
        if transition.phase == .idle, transition.options.seedEvents {
            events.append(ContainerEvent(.scrollViewDidEndScrolling))
        }
    }
}
