/// A change of one registered behavior, made where the behavior is stored
/// (`BehaviorRegistry.update`): a value holding what the change needs
/// rather than a closure, because running a closure on a behavior in
/// place took an escaping closure, a heap box every call (two per pointer
/// `move` before, issue 29).
protocol BehaviorChange {
    associatedtype Behavior: ContainerBehavior
    associatedtype Result = Void
    func apply(to behavior: inout Behavior) -> Result
}
