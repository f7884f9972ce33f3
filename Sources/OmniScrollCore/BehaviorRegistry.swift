/// The behaviors of a container, in the order they are called: the one place
/// a behavior is registered.
///
/// Each is a stored property of its concrete type, visited in order by
/// `visit(_:)`, so the container's hooks are static calls the compiler can
/// inline rather than dynamic dispatch through boxed existentials (which
/// cost a measurable share of every scroll update). To add a behavior: write
/// its type, add a property here and a line to `visit`.
struct BehaviorRegistry: Sendable {
    private var anchoring = ScrollAnchoring()
    private var refresh = PullToRefresh()
    private var target = ScrollTarget()
    private var direction = DirectionTracking()
    private var pinning = StickyPinning()
    private var lifecycle = VisibilityLifecycle()
    private var loadMore = LoadMore()
    private var phase = PhaseTracking()

    /// Calls `visitor` with every behavior, in registration order.
    mutating func visit<V: BehaviorVisitor>(_ visitor: inout V) {
        visitor.visit(&anchoring)
        visitor.visit(&refresh)
        visitor.visit(&target)
        visitor.visit(&direction)
        visitor.visit(&pinning)
        visitor.visit(&lifecycle)
        visitor.visit(&loadMore)
        visitor.visit(&phase)
    }

    mutating func anchor(_ resize: inout Resize) {
        var visitor = Anchor(resize: resize)
        visit(&visitor)
        resize = visitor.resize
    }

    mutating func prepare(_ draft: inout Draft, events: inout [ContainerEvent]) {
        var visitor = Prepare(draft: draft, events: events)
        visit(&visitor)
        draft = visitor.draft
        events = visitor.events
    }

    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        var visitor = Observe(transition: transition, events: events)
        visit(&visitor)
        events = visitor.events
    }

    mutating func save(into snapshot: inout ContainerSnapshot) {
        var visitor = Save(snapshot: snapshot)
        visit(&visitor)
        snapshot = visitor.snapshot
    }

    mutating func restore(from snapshot: ContainerSnapshot) {
        var visitor = Restore(snapshot: snapshot)
        visit(&visitor)
    }
}

/// Something done to each behavior in turn.
protocol BehaviorVisitor {
    mutating func visit<B: ContainerBehavior>(_ behavior: inout B)
}

private struct Anchor: BehaviorVisitor {
    var resize: Resize
    mutating func visit<B: ContainerBehavior>(_ behavior: inout B) { behavior.anchor(&resize) }
}

private struct Prepare: BehaviorVisitor {
    var draft: Draft
    var events: [ContainerEvent]
    mutating func visit<B: ContainerBehavior>(_ behavior: inout B) { behavior.prepare(&draft, events: &events) }
}

private struct Observe: BehaviorVisitor {
    let transition: Transition
    var events: [ContainerEvent]
    mutating func visit<B: ContainerBehavior>(_ behavior: inout B) { behavior.observe(transition, events: &events) }
}

private struct Save: BehaviorVisitor {
    var snapshot: ContainerSnapshot
    mutating func visit<B: ContainerBehavior>(_ behavior: inout B) { behavior.save(into: &snapshot) }
}

private struct Restore: BehaviorVisitor {
    let snapshot: ContainerSnapshot
    mutating func visit<B: ContainerBehavior>(_ behavior: inout B) { behavior.restore(from: snapshot) }
}
