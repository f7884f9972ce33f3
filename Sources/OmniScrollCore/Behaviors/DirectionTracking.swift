/// `directionDidChange` (and the seed's `didScrollViewScroll`) when the
/// direction becomes `up` or `down`: the first move after idle, or a reversal.
/// The return to `none` at the end of scrolling is silent.
struct DirectionTracking: ContainerBehavior {
    func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        let direction = transition.direction
        guard direction != .none, direction != transition.previousDirection else { return }
        events.append(ContainerEvent(.directionDidChange, members: [.string("direction", direction.rawValue)]))
        if transition.seedEvents {
            events.append(ContainerEvent(.didScrollViewScroll, members: [.string("direction", direction.rawValue)]))
        }
    }
}

extension DirectionTracking {
    static let events = [
        EventDeclaration(.directionDidChange, members: ["direction"], rule:
            "the direction became `up` or `down`: the first move after idle, or a reversal"),
        EventDeclaration(.didScrollViewScroll, members: ["direction"], rule: "`directionDidChange` (seed name)"),
    ]
}

extension EventType {
    public static var directionDidChange: EventType { EventType("directionDidChange") }
    public static var didScrollViewScroll: EventType { EventType("didScrollViewScroll") }
}
