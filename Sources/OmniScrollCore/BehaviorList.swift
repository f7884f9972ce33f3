/// A list of behaviors as one nested value type, each stored in place and
/// visited in the order it was appended: `NoBehaviors.Then<A>.Then<B>`
/// holds an `A` then a `B`. The registry's list is one type, so a behavior
/// registers with one line (`.Then<Behavior>`, docs/design.md#where-new-code-goes),
/// and every visit is still a static call per behavior that specialization
/// inlines: no existentials, no array, the same layout as one stored
/// property per behavior.
protocol BehaviorList: Sendable {
    /// Every behavior in its initial state.
    init()
    /// Calls `visitor` with every behavior, in the order they were appended.
    mutating func visit<V: BehaviorVisitor>(_ visitor: V, _ state: inout V.State)
}

extension BehaviorList {
    /// This list with `B` appended.
    typealias Then<B: ContainerBehavior> = AppendedBehavior<Self, B>
}

/// The empty list, which every registration starts from.
struct NoBehaviors: BehaviorList {
    @inline(__always)
    func visit<V: BehaviorVisitor>(_ visitor: V, _ state: inout V.State) {}
}

/// `Earlier`'s behaviors, then `Last`.
struct AppendedBehavior<Earlier: BehaviorList, Last: ContainerBehavior>: BehaviorList {
    private var earlier = Earlier()
    private var last = Last()

    init() {}

    @inline(__always)
    mutating func visit<V: BehaviorVisitor>(_ visitor: V, _ state: inout V.State) {
        earlier.visit(visitor, &state)
        visitor.visit(&last, &state)
    }
}
