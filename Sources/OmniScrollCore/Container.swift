/// A nested-scroll container: a viewport, content insets, an ordered stack of
/// children and an offset. All state changes go through `apply`, which
/// validates a whole change list before touching anything, runs the
/// behaviors, and returns the new layout with the events of the transition.
public struct Container: Sendable {
    public private(set) var viewport: Viewport
    public private(set) var insets: Insets
    public private(set) var offset: Double
    public private(set) var phase: ScrollPhase = .idle
    public private(set) var direction: ScrollDirection = .none
    /// Counts the applied change lists that changed anything.
    public internal(set) var revision = 0
    public let options: ContainerOptions
    /// The sum of the extra top insets the behaviors hold (the refresh inset…).
    public private(set) var heldTopInset = 0.0
    private var stack: ChildStack
    var behaviors: BehaviorRegistry

    /// Creates a container and returns it with its first update, whose events
    /// report what is visible and active from the start.
    ///
    /// - Parameter offset: the initial offset, `−insets.top` when `nil`.
    public static func create(viewport: Viewport, insets: Insets = .zero, children: [ChildSpec],
                              offset: Double? = nil, options: ContainerOptions = ContainerOptions())
        throws(ContainerError) -> (Container, ContainerUpdate)
    {
        try Validation.viewport(viewport, field: "viewport")
        try Validation.insets(insets, field: "insets")
        let index = try Validation.children(children, existing: nil, field: "children")
        if let offset { try Validation.offset(offset, field: "offset") }
        try Validation.options(options)
        let stack = ChildStack(children, viewportHeight: viewport.height, index: index)
        try BehaviorRegistry.validate(options, children: stack)
        var container = Container(
            viewport: viewport, insets: insets, offset: offset ?? -insets.top, options: options, stack: stack)
        let update = container.commit(
            offset: container.offset, phase: .idle, time: nil, commands: [], previousOffset: nil, anchorShift: 0,
            clampsInto: false, structureChanged: true, insetsChanged: false)
        return (container, update)
    }

    private init(viewport: Viewport, insets: Insets, offset: Double, options: ContainerOptions,
                 stack: ChildStack) {
        self.viewport = viewport
        self.insets = insets
        self.offset = offset
        self.options = options
        self.stack = stack
        behaviors = BehaviorRegistry(options)
    }

    /// Rebuilds a container from a snapshot; every later update equals the original's.
    public init(restoring snapshot: ContainerSnapshot) throws(ContainerError) {
        try Validation.viewport(snapshot.viewport, field: "viewport")
        try Validation.insets(snapshot.insets, field: "insets")
        try Validation.children(snapshot.children, existing: nil, field: "children")
        try Validation.offset(snapshot.offset, field: "offset")
        try Validation.options(snapshot.options)
        let stack = try BehaviorRegistry.restore(
            snapshot.state, into: ChildStack(snapshot.children, viewportHeight: snapshot.viewport.height))
        try BehaviorRegistry.validate(snapshot.options, children: stack, restoring: true)
        self.init(viewport: snapshot.viewport, insets: snapshot.insets, offset: snapshot.offset,
                  options: snapshot.options, stack: stack)
        phase = snapshot.phase
        direction = snapshot.direction
        revision = snapshot.revision
        // Every part is checked against the layout the snapshot's offset and
        // collapsing headers' path give.
        let restoredLayout = Layout(stack: stack, viewport: viewport, insets: effectiveInsets, offset: offset,
                                    headerScroll: CollapsingHeaders.storedScroll(snapshot.state))
        try behaviors.restore(snapshot.state, Restoration(
            layout: restoredLayout, options: options, phase: phase, direction: direction,
            storedDerivedState: snapshot.derived))
        heldTopInset = behaviors.heldTopInset()
    }

    public func snapshot() -> ContainerSnapshot {
        var snapshot = ContainerSnapshot(
            viewport: viewport, insets: insets, options: options,
            children: (0..<stack.count).map(stack.spec), offset: offset, phase: phase,
            direction: direction, revision: revision)
        var behaviors = self.behaviors
        snapshot.state = behaviors.save(with: stack)
        return snapshot
    }

    /// The layout at the current offset.
    @inline(__always)  // so `commit` does not copy the whole container to call it
    public var layout: Layout {
        Layout(stack: stack, viewport: viewport, insets: effectiveInsets, offset: offset,
               headerScroll: behaviors.behavior(of: CollapsingHeaders.self).scroll)
    }

    /// The slots at which a behavior has members for the last change list's reply.
    public internal(set) var replySlots: ReplySlots = []

    /// Writes the behaviors' members of a Layout reply at `slot`, in
    /// registration order. Mutating only so the behaviors are visited where
    /// they are: a visit of a borrowed container would copy them all. The
    /// writer is an existential, not a generic parameter, so the visit is
    /// specialized here, in this module (a generic called from the protocol
    /// module ran unspecialized: ~2 000 instructions per reply).
    public mutating func writeReplyMembers(_ slot: ReplySlot, _ context: ReplyContext, into w: inout any ReplyWriter) {
        behaviors.writeReply(slot, context, into: &w)
    }

    public var childCount: Int { stack.count }
    public func childIndex(of id: String) -> Int? { stack.index(of: id) }

    /// The first way the state the container caches disagrees with what it is
    /// derived from (the stack's sums, pins and pager table; the tracks
    /// resolved against the children), or nil: `InvariantChecker` calls it
    /// after every call under `--check-invariants` (docs/protocol.md,
    /// "Checking the promises").
    public func checkInvariants() -> String? {
        if let failure = stack.checkInvariants() { return "children: \(failure)" }
        if let set = trackValues?.set, set != TrackSet(checked: set.tracks, resolving: stack.index(of:)) {
            return "tracks: the resolved track set differs from one resolved against the children now"
        }
        return nil
    }

    private var effectiveInsets: Insets { Insets(top: insets.top + heldTopInset, bottom: insets.bottom) }

    /// Applies `changes` atomically: if any is invalid, throws and changes nothing.
    public mutating func apply(_ changes: [ContainerChange]) throws(ContainerError) -> ContainerUpdate {
        try apply(changes: changes)
    }

    /// `apply(_:)` for a list of one change: a scroll tick builds no array.
    public mutating func apply(_ change: ContainerChange) throws(ContainerError) -> ContainerUpdate {
        try apply(changes: CollectionOfOne(change))
    }

    /// `apply(_:)` for the list `[change, .phase(phase)]` (a scroll naming
    /// its phase), as one change and the phase it sets: a phase change is
    /// never refused and only sets the phase the list ends in, and a list of
    /// two, iterated, cost such a scroll ~480 instructions more than the
    /// plain one (issue 28, bench/scroll-instructions --workload phase).
    public mutating func apply(_ change: ContainerChange, phase: ScrollPhase) throws(ContainerError) -> ContainerUpdate {
        try apply(changes: CollectionOfOne(change), phase: phase)
    }

    /// Sizes are judged against the layout before the list (CSS scroll
    /// anchoring picks its anchor before layout changes), so the sizes of one
    /// list give one result whatever their order.
    /// - Parameter listPhase: a phase the list sets besides its `.phase` changes (which win).
    private mutating func apply(changes: some Collection<ContainerChange>, phase listPhase: ScrollPhase? = nil)
        throws(ContainerError) -> ContainerUpdate
    {
        if try Validation.changes(changes, stack: stack) { try checkWithBehaviors(changes) }
        let previousOffset = offset
        let previousBounds = offsetBounds
        var clientOffset: Double?
        var targetPhase = listPhase ?? phase
        var commands: [ContainerChange] = []
        var stackChanged = false
        var insetsChanged = false
        var sizesChanged = false
        var anchor: (child: Int, top: Double)?
        var time: Double?
        for change in changes {
            switch change {
            case .offset(let value):
                clientOffset = value
            case .tick(let value):
                time = value
            case .phase(let value):
                targetPhase = value
            case .size(let id, let value):
                if let page = stack.page(of: id) {
                    guard value != stack.pager(page.child).pages[page.page].contentHeight else { continue }
                    if !sizesChanged { anchor = chooseAnchor(minOffset: previousBounds.lowerBound, cause: .sizes) }
                    stack.setPageSize(page, value)
                    sizesChanged = true
                    stackChanged = true
                    continue
                }
                let i = stack.index(of: id)!
                guard value != stack.naturalHeight(i) || !stack.isSizeKnown(i) else { continue }
                if !sizesChanged { anchor = chooseAnchor(minOffset: previousBounds.lowerBound, cause: .sizes) }
                stack.setSize(i, value)
                sizesChanged = true
                stackChanged = true
            case .viewport(let value):
                if value != viewport {
                    if value.height != viewport.height, anchor == nil {
                        anchor = chooseAnchor(minOffset: previousBounds.lowerBound, cause: .viewport)
                    }
                    viewport = value
                    stack.setViewportHeight(value.height)
                    stackChanged = true
                }
            case .insets(let value):
                insetsChanged = insetsChanged || value != insets
                insets = value
            case .insert(let specs, let index):
                stack.insert(specs, at: index)
                stackChanged = true
            case .remove(let ids):
                let removed = ids.map { stack.index(of: $0)! }.sorted()
                // The anchor's index after the removal; none when it is removed.
                anchor = chooseAnchor(minOffset: previousBounds.lowerBound, cause: .removal).flatMap { anchor in
                    let below = removed.prefix { $0 < anchor.child }.count
                    return below < removed.count && removed[below] == anchor.child ? nil : (anchor.child - below, anchor.top)
                }
                stack.remove(at: removed)
                stackChanged = true
                commands.append(change)
            case .command:
                commands.append(change)
            }
        }
        var anchorShift = 0.0
        if clientOffset == nil, let anchor { anchorShift = stack.naturalTop(anchor.child) - anchor.top }
        return commit(
            offset: clientOffset ?? offset + anchorShift, phase: targetPhase, time: time, commands: commands,
            previousOffset: previousOffset, anchorShift: anchorShift,
            clampsInto: clientOffset == nil && previousBounds.contains(previousOffset),
            structureChanged: stackChanged, insetsChanged: insetsChanged)
    }

    /// Refuses a tick while nothing moves, and asks the behaviors about
    /// ticks and commands (a tick going back, a drag while not dragging),
    /// before anything changes.
    private mutating func checkWithBehaviors(_ changes: some Collection<ContainerChange>) throws(ContainerError) {
        for (n, change) in changes.enumerated() {
            switch change {
            case .tick, .command: break
            default: continue
            }
            if case .tick = change, !behaviors.isMoving() {
                throw ContainerError(.invalidValue, change: n, field: "time", reason: "no motion in progress")
            }
            do throws(ContainerError) {
                try behaviors.check(change, phase: phase)
            } catch {
                var error = error
                error.change = n
                throw error
            }
        }
    }

    /// The child whose natural top the offset follows through the size
    /// changes (or the removal) about to be applied, and that top, or `nil`
    /// when no behavior anchors; `minOffset` is the one before the list.
    /// Scoped so the resize's reference to the stack is gone before the
    /// stack changes (else the change would copy it).
    private mutating func chooseAnchor(minOffset: Double, cause: Resize.Cause) -> (child: Int, top: Double)? {
        var resize = Resize(stack: stack, minOffset: minOffset, offset: offset, cause: cause)
        behaviors.anchor(&resize)
        return resize.anchor.map { ($0, stack.naturalTop($0)) }
    }

    /// `[minOffset, maxOffset]` of the current state, held inset included.
    private var offsetBounds: ClosedRange<Double> {
        offsetRange(contentHeight: stack.contentHeight, viewportHeight: viewport.height, insets: effectiveInsets)
    }

    /// Runs the behaviors over a draft of the applied changes (the requested
    /// `offset` and `phase`, and the `commands` for the behaviors), lays out,
    /// and makes it the state. The direction comes from the move the client
    /// asked for: an anchoring shift or a clamp is not a scroll.
    ///
    /// - Parameter clampsInto: whether an offset the change list leaves
    ///   outside `[minOffset, maxOffset]` is the engine's doing and is
    ///   clamped (unless dragging): the list set no offset and the offset was
    ///   in bounds before it. An offset the client gave, or an overscroll it
    ///   left, is its own.
    private mutating func commit(offset targetOffset: Double, phase targetPhase: ScrollPhase, time: Double?,
                                 commands: [ContainerChange], previousOffset: Double?, anchorShift: Double,
                                 clampsInto: Bool, structureChanged: Bool, insetsChanged: Bool) -> ContainerUpdate {
        // Built here rather than passed in, so it is not copied on the way.
        // The draft holds the stack alone while the behaviors run (swapped
        // for a shared empty one, no reference counted more than before),
        // so a behavior that changes it (a pager's swipe) changes it in
        // place: shared with the container, every swipe copied the stack's
        // columns and freed the old ones (~2 000 instructions, issue 28).
        var draft = Draft(
            stack: ChildStack.detached, viewport: viewport, insets: insets, previousPhase: phase,
            previousHeldTopInset: heldTopInset, time: time, commands: commands, offset: targetOffset, phase: targetPhase)
        draft.swapStack(&stack)
        behaviors.prepare(&draft)
        behaviors.conclude(&draft)
        let structureChanged = structureChanged || draft.pagerReselected
        // An anchoring shift or a motion may carry an offset the client put
        // at the bound past it; no state holds an offset past ±1e24
        // (docs/protocol.md, Bounds), or its snapshot would not restore.
        draft.offset = clamp(draft.offset, -Bounds.maxOffset, Bounds.maxOffset)
        var clampShift = 0.0
        if clampsInto, draft.phase != .dragging, !draft.isMoving {
            let bounds = draft.offsetBounds
            // The bound itself, not the offset plus the shift, which may round past it.
            let clamped = clamp(draft.offset, bounds.lowerBound, bounds.upperBound)
            clampShift = clamped - draft.offset
            draft.offset = clamped
        }
        draft.swapStack(&stack)
        let previousPhase = phase
        let previousDirection = direction
        let unmovedStart = (previousOffset ?? draft.offset) + anchorShift + clampShift
        var newDirection = ScrollDirection.of(from: unmovedStart, to: draft.offset) ?? direction
        if draft.phase == .idle && previousPhase != .idle { newDirection = .none }
        let changed = structureChanged || draft.stackChanged || draft.offset != offset || draft.phase != phase
            || draft.heldTopInset != heldTopInset || insetsChanged || newDirection != direction
            || draft.changedBehaviorState
        offset = draft.offset
        behaviors.didMove(stack, from: previousOffset, to: offset)
        phase = draft.phase
        direction = newDirection
        heldTopInset = draft.heldTopInset
        replySlots = draft.replySlots
        let transition = Transition(
            layout: layout, seedEvents: options.seedEvents, previousOffset: previousOffset, previousPhase: previousPhase,
            previousDirection: previousDirection, phase: phase, direction: direction,
            structureChanged: structureChanged)
        // The events move from the draft to the update: swapped out, not
        // copied, so the draft's end releases nothing the update still holds.
        var events: [ContainerEvent] = []
        swap(&events, &draft.events)
        behaviors.observe(transition, events: &events)
        let didChange = changed || !events.isEmpty
        if didChange { revision += 1 }
        return ContainerUpdate(
            layout: transition.layout, events: events, anchorShift: anchorShift, clampShift: clampShift,
            target: draft.target, didChange: didChange)
    }
}
