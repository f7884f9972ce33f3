/// `directionDidChange` (and the seed's `didScrollViewScroll`) when the
/// direction becomes `up` or `down`: the first move after idle, or a reversal.
/// The return to `none` at the end of scrolling is silent.
struct DirectionTracking: ContainerBehavior {
    func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        let direction = transition.direction
        guard direction != .none, direction != transition.previousDirection else { return }
        events.append(ContainerEvent(.directionDidChange, direction: direction))
        if transition.options.seedEvents {
            events.append(ContainerEvent(.didScrollViewScroll, direction: direction))
        }
    }
}
