/// The behaviors of a container, in the order they are called: the one place
/// a behavior is registered.
///
/// The list is one type, `Registered`, whose every behavior is stored in
/// place and visited in order by `visit(_:)` (`BehaviorList`), so the
/// container's hooks are static calls the compiler can inline rather than
/// dynamic dispatch through boxed existentials (which cost a measurable
/// share of every scroll update). To add a behavior: write its file (its
/// type, its option and state types, its `option` declaration and
/// `configure`, its `events` declarations, its commands (`BehaviorCommand`
/// types it finds with `draft.commands(of:)`), its snapshot part's `save`
/// and `restore`), then add its line to `Registered`. The feature's other
/// files reach their behavior with `behavior(of:)` and `update(_:)`; the
/// registry names none.
struct BehaviorRegistry: Sendable {
    /// Every behavior, in the order they are called: one line each.
    typealias Registered = NoBehaviors
        .Then<ScrollAnchoring>
        .Then<ScrollMotion>
        .Then<PullToRefresh>
        .Then<ScrollTarget>
        .Then<PagerTabs>
        .Then<DirectionTracking>
        .Then<CollapsingHeaders>
        .Then<StickyPinning>
        .Then<VisibilityLifecycle>
        .Then<LoadMore>
        .Then<PhaseTracking>
        .Then<Feed>
        .Then<ScrollLinkedTracks>
        .Then<PointerInput>

    private var behaviors = Registered()

    /// Behaviors configured with `options`.
    init(_ options: ContainerOptions) {
        var nothing: Void = ()
        visit(Configure(options: options), &nothing)
    }

    private init() {}

    /// Calls `visitor` with every behavior, in registration order, threading
    /// `state` through the calls.
    ///
    /// The visitor is borrowed and only `state` is mutable, so what a visitor
    /// holds (a transition, a snapshot) reaches each hook by reference: a
    /// mutable visitor made the compiler copy it out before every call.
    /// Inlined: with ten behaviors the optimizer stopped inlining the
    /// observe visit on its own, and a plain scroll paid ~700 instructions
    /// for the outlined calls and copies (callgrind, bench/scroll-instructions).
    @inline(__always)
    mutating func visit<V: BehaviorVisitor>(_ visitor: V, _ state: inout V.State) {
        behaviors.visit(visitor, &state)
    }

    /// Calls `visitor` with every behavior in order until one call throws.
    private mutating func run<V: FailableBehaviorVisitor>(_ visitor: V) throws(ContainerError) {
        var outcome: Result<Void, ContainerError> = .success(())
        visit(visitor, &outcome)
        try outcome.get()
    }

    /// Every event type a container emits, behavior by behavior in registration order.
    static let events: [EventDeclaration] = {
        var registry = BehaviorRegistry()
        var events: [EventDeclaration] = []
        registry.visit(CollectEvents(), &events)
        return events
    }()

    /// Every behavior's option declaration, in registration order.
    static let options: [OptionDeclaration] = {
        var registry = BehaviorRegistry()
        var options: [OptionDeclaration] = []
        registry.visit(CollectOptions(), &options)
        return options
    }()

    /// Checks every behavior's option against `children` (a snapshot's when
    /// `restoring`); the first invalid throws.
    static func validate(_ options: ContainerOptions, children: ChildStack, restoring: Bool = false) throws(ContainerError) {
        var registry = BehaviorRegistry()
        try registry.run(ValidateOption(options: options, children: children, restoring: restoring))
    }

    /// The registered behavior of type `B`, read by its feature's own files
    /// (the tracks' values, the running motion, the headers' offsets every
    /// layout reads…). Visited where the registry is, not on a copy: a copy
    /// retained every behavior's state (+450 instructions per scroll with a
    /// header and tracks, callgrind). `Find` only reads, so the registry is
    /// never written through the pointer; specialized, the casts fold to a
    /// read of the one property.
    @inline(__always)
    func behavior<B: ContainerBehavior>(of type: B.Type) -> B {
        var found: B?
        withUnsafePointer(to: self) { registry in
            UnsafeMutablePointer(mutating: registry).pointee.visit(Find<B>(), &found)
        }
        return found!
    }

    /// Makes `change` to its registered behavior in place (the finger's
    /// state once a pointer sample's changes apply) and returns what it gives.
    mutating func update<C: BehaviorChange>(_ change: C) -> C.Result {
        var result: C.Result?
        visit(Update(change: change), &result)
        return result!
    }

    /// Tells every behavior the committed offset moved from `previous`
    /// (`nil`: the container is new) to `offset`, before the layout is built.
    @inline(__always)  // a behavior that follows nothing costs nothing
    mutating func didMove(_ stack: ChildStack, from previous: Double?, to offset: Double) {
        var nothing: Void = ()
        visit(DidMove(stack: stack, previous: previous, offset: offset), &nothing)
    }

    mutating func anchor(_ resize: inout Resize) {
        visit(Anchor(), &resize)
    }

    @inline(__always)  // each behavior's prepare is a test or two on a scroll: a call costs more
    mutating func prepare(_ draft: inout Draft) {
        visit(Prepare(), &draft)
    }

    /// Every behavior's reply members at `slot`, in registration order.
    mutating func writeReply(_ slot: ReplySlot, _ context: ReplyContext, into w: inout any ReplyWriter) {
        visit(WriteReply(slot: slot, context: context), &w)
    }

    mutating func conclude(_ draft: inout Draft) {
        visit(Conclude(), &draft)
    }

    /// Whether any behavior runs a motion.
    mutating func isMoving() -> Bool {
        var moving = false
        visit(IsMoving(), &moving)
        return moving
    }

    /// Every behavior's `check` of `change`; the first refusal throws.
    mutating func check(_ change: ContainerChange, phase: ScrollPhase) throws(ContainerError) {
        try run(Check(change: change, phase: phase))
    }

    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        visit(transition, &events)
    }

    /// The sum of the top insets the behaviors hold in their current state.
    mutating func heldTopInset() -> Double {
        var held = 0.0
        visit(HeldTopInset(), &held)
        return held
    }

    /// Every behavior's part of a snapshot's `state`, by name.
    mutating func save(with stack: ChildStack) -> [String: OptionValue] {
        var state: [String: OptionValue] = [:]
        visit(Save(stack: stack), &state)
        return state
    }

    /// `stack` with every stack-held part of `state` put back; the first invalid part throws.
    static func restore(_ state: [String: OptionValue], into stack: ChildStack) throws(ContainerError) -> ChildStack {
        var registry = BehaviorRegistry()
        var outcome: Result<ChildStack, ContainerError> = .success(stack)
        registry.visit(RestoreStack(state: state), &outcome)
        return try outcome.get()
    }

    /// Restores every behavior's part (each checked against its declaration,
    /// then by the behavior); the first that is invalid throws.
    mutating func restore(_ state: [String: OptionValue], _ restoration: Restoration) throws(ContainerError) {
        try run(Restore(state: state, restoration: restoration))
    }

    /// Every behavior's part of a snapshot's `state`, in registration order.
    static let stateParts: [StateDeclaration] = {
        var registry = BehaviorRegistry()
        var parts: [StateDeclaration] = []
        registry.visit(CollectStateParts(), &parts)
        return parts
    }()
}

/// Something done to each behavior in turn.
protocol BehaviorVisitor {
    /// What the calls read and write.
    associatedtype State
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ state: inout State)
}

private struct CollectEvents: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ events: inout [EventDeclaration]) {
        events += B.events
    }
}

/// A visitor whose calls may fail: the first failure skips the rest.
protocol FailableBehaviorVisitor: BehaviorVisitor where State == Result<Void, ContainerError> {
    func attempt<B: ContainerBehavior>(_ behavior: inout B) throws(ContainerError)
}

extension FailableBehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ outcome: inout Result<Void, ContainerError>) {
        guard case .success = outcome else { return }
        do throws(ContainerError) { try attempt(&behavior) } catch { outcome = .failure(error) }
    }
}

private struct CollectOptions: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ options: inout [OptionDeclaration]) {
        options += B.options
    }
}

private struct Configure: BehaviorVisitor {
    let options: ContainerOptions
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ nothing: inout Void) { behavior.configure(options) }
}

private struct ValidateOption: FailableBehaviorVisitor {
    let options: ContainerOptions
    let children: ChildStack
    let restoring: Bool
    func attempt<B: ContainerBehavior>(_ behavior: inout B) throws(ContainerError) {
        try B.validate(options, children: children, restoring: restoring)
    }
}

/// Finds the behavior of type `T`: specialized, the cast is decided at
/// compile time for each registered type.
private struct Find<T: ContainerBehavior>: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ found: inout T?) {
        if let typed = behavior as? T { found = typed }
    }
}

/// Makes a change to its behavior where it is stored: a copy written back
/// would share the behavior's references, and a change of what they hold
/// (a finger's samples) would copy it. `B` is the change's behavior exactly
/// when the types are equal, so the rebound pointer addresses one.
private struct Update<C: BehaviorChange>: BehaviorVisitor {
    let change: C
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ result: inout C.Result?) {
        guard B.self == C.Behavior.self else { return }
        result = withUnsafeMutablePointer(to: &behavior) { pointer in
            pointer.withMemoryRebound(to: C.Behavior.self, capacity: 1) { change.apply(to: &$0.pointee) }
        }
    }
}

private struct DidMove: BehaviorVisitor {
    let stack: ChildStack
    let previous: Double?
    let offset: Double
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ nothing: inout Void) {
        behavior.didMove(stack, from: previous, to: offset)
    }
}

private struct Conclude: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ draft: inout Draft) { behavior.conclude(&draft) }
}

private struct WriteReply: BehaviorVisitor {
    let slot: ReplySlot
    let context: ReplyContext
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ w: inout any ReplyWriter) { behavior.writeReply(slot, context, into: w) }
}

private struct IsMoving: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ moving: inout Bool) { moving = moving || behavior.isMoving }
}

private struct Check: FailableBehaviorVisitor {
    let change: ContainerChange
    let phase: ScrollPhase
    func attempt<B: ContainerBehavior>(_ behavior: inout B) throws(ContainerError) { try behavior.check(change, phase: phase) }
}

private struct Anchor: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ resize: inout Resize) { behavior.anchor(&resize) }
}

private struct Prepare: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ draft: inout Draft) { behavior.prepare(&draft) }
}

/// A transition is its own visitor: each hook reads it where the caller
/// holds it, and the caller still owns its layout afterwards (no copy).
extension Transition: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ events: inout [ContainerEvent]) {
        behavior.observe(self, events: &events)
    }
}

private struct HeldTopInset: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ held: inout Double) {
        held += behavior.heldTopInset()
    }
}

private struct CollectStateParts: BehaviorVisitor {
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ parts: inout [StateDeclaration]) {
        if let part = B.statePart { parts.append(part) }
    }
}

private struct Save: BehaviorVisitor {
    let stack: ChildStack
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ state: inout [String: OptionValue]) {
        if let part = B.statePart { state[part.name.description] = behavior.save(with: stack) }
    }
}

/// The stack-held parts go back into the stack, each checked against its
/// declaration first, before the layout the other parts are restored against.
private struct RestoreStack: BehaviorVisitor {
    let state: [String: OptionValue]
    func visit<B: ContainerBehavior>(_ behavior: inout B, _ outcome: inout Result<ChildStack, ContainerError>) {
        guard case .success(var stack) = outcome, let declaration = B.statePart else { return }
        let name = declaration.name.description
        let field = FieldPath("state").member(name)
        let part = state[name] ?? declaration.initial
        do throws(ContainerError) {
            try declaration.schema.check(part, field: field)
            try B.restore(part, into: &stack, at: field)
            outcome = .success(stack)
        } catch {
            outcome = .failure(error)
        }
    }
}

/// Each part is checked against its declaration (at `state.<name>`) before
/// its behavior sees it; a part left out is the declaration's initial state.
private struct Restore: FailableBehaviorVisitor {
    let state: [String: OptionValue]
    let restoration: Restoration
    func attempt<B: ContainerBehavior>(_ behavior: inout B) throws(ContainerError) {
        guard let declaration = B.statePart else { return try behavior.restore(.null, restoration) }
        let name = declaration.name.description
        var restoration = restoration
        restoration.part = FieldPath("state").member(name)
        let part = state[name] ?? declaration.initial
        try declaration.schema.check(part, field: restoration.part)
        try behavior.restore(part, restoration)
    }
}
