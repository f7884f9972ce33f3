/// A behavior plugged into a container: sticky pinning, lifecycle events,
/// pull-to-refresh, load-more, scroll targets… (seed 003's component model
/// applied to the engine). The container calls every behavior in the order
/// `BehaviorRegistry` lists them at five points of each change list, so a
/// new behavior plugs in without editing the solver:
///
/// 1. `anchor` once for the size changes of a list, or for a removal, before
///    any takes effect, to pick the child the offset stays anchored to;
/// 2. `prepare` after the changes are applied and before layout, to adjust
///    the offset or the phase, add the top inset it holds (`heldTopInset`)
///    to `draft.heldTopInset`, and emit into `draft.events`;
/// 3. `conclude` after every behavior's `prepare`, for what needs the
///    draft they all left (a motion to the bounds their held insets give);
/// 4. `didMove` once the offset is committed, before layout, for state the
///    layout reads that follows the offset's path;
/// 5. `observe` after layout, to emit the events of the transition.
///
/// Events from `prepare` come before events from `observe`.
protocol ContainerBehavior: Sendable {
    /// The behavior in its initial state, before `configure` (the registry
    /// builds each from its type alone).
    init()
    /// The event types the behavior emits, with their rules, in the order it emits them.
    static var events: [EventDeclaration] { get }
    /// The behavior's option under `options` (its name, wire shape and
    /// default), `nil` for a behavior without options. The protocol reads,
    /// writes and checks it from this alone.
    static var option: OptionDeclaration? { get }
    /// Checks the behavior's option against the children it may name (a
    /// track's view range), after its shape has been checked; throws at the
    /// member's path under `options`. `restoring`: a snapshot's, which may
    /// name children removed since the option was given.
    static func validate(_ options: ContainerOptions, children: ChildStack, restoring: Bool) throws(ContainerError)
    /// Every option the behavior declares: `option` alone unless it declares several.
    static var options: [OptionDeclaration] { get }
    /// Whether the behavior runs a motion that `session.tick` advances: a
    /// tick while none does is refused ("no motion in progress").
    var isMoving: Bool { get }
    /// Refuses a tick or a command the behavior's state cannot take (a tick
    /// going back in time, a drag while not dragging) before anything
    /// changes; `phase` is the container's before the list. Throws at the
    /// change's own field; the container fills in the change's index.
    func check(_ change: ContainerChange, phase: ScrollPhase) throws(ContainerError)
    /// Takes the behavior's typed options from the container's, once, when
    /// the container is built or restored (a scroll reads only the behavior's copy).
    mutating func configure(_ options: ContainerOptions)
    mutating func anchor(_ resize: inout Resize)
    mutating func prepare(_ draft: inout Draft)
    mutating func conclude(_ draft: inout Draft)
    /// Follows the committed offset from `previous` (`nil`: the container is
    /// new) to `offset` on `stack`, before the layout is built: for state
    /// the layout reads that depends on the path the offset travelled (a
    /// floating header's effective scroll offset).
    mutating func didMove(_ stack: ChildStack, from previous: Double?, to offset: Double)
    mutating func observe(_ transition: Transition, events: inout [ContainerEvent])
    /// The extra top inset the behavior holds in its current state. Held
    /// insets add up: refresh, an overscroll and a collapsing header may
    /// each hold one at once.
    func heldTopInset() -> Double
    /// Writes the members the behavior adds to a Layout reply at `slot`
    /// (its wire names, in its own file); nothing for most behaviors. A
    /// reply to a change list asks only when a behavior set
    /// `draft.replySlots` while preparing it, at those slots; `session.get` and
    /// `session.restore` always ask.
    func writeReply(_ slot: ReplySlot, _ context: ReplyContext, into w: any ReplyWriter)
    /// The behavior's part of a snapshot's `state` (its name, shape and
    /// initial value), `nil` for a behavior with no state or whose state the
    /// layout determines (that one derives it in `restore`). The protocol
    /// writes, reads and schema-checks the part from this alone.
    static var statePart: StateDeclaration? { get }
    /// The behavior's state as a value `statePart` shapes.
    func save() -> OptionValue
    /// Takes the behavior's state from `part` (its value under `state`,
    /// already checked against `statePart`'s schema; `.null` for a behavior
    /// without a part), or derives it from the restored layout; throws (an
    /// `invalidValue` from `restoration.invalid`) when the part contradicts
    /// the restored children, options or layout, so a restored container
    /// never holds a state no sequence of calls could reach.
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError)
    /// `save()` for a behavior whose state lives in the stack (a pager's
    /// swipe and remembered offsets, which the layout reads from there).
    func save(with stack: ChildStack) -> OptionValue
    /// Puts the stack-held part of the state back into `stack` before the
    /// container's layout is built (`part` already checked against
    /// `statePart`); `restore(_:_:)` runs after, on the layout it gives.
    static func restore(_ part: OptionValue, into stack: inout ChildStack, at field: FieldPath) throws(ContainerError)
}

extension ContainerBehavior {
    static var events: [EventDeclaration] { [] }
    static var option: OptionDeclaration? { nil }
    static func validate(_ options: ContainerOptions, children: ChildStack, restoring: Bool) throws(ContainerError) {}
    static var options: [OptionDeclaration] { option.map { [$0] } ?? [] }
    var isMoving: Bool { false }
    func check(_ change: ContainerChange, phase: ScrollPhase) throws(ContainerError) {}
    func conclude(_ draft: inout Draft) {}
    func didMove(_ stack: ChildStack, from previous: Double?, to offset: Double) {}
    func configure(_ options: ContainerOptions) {}
    func anchor(_ resize: inout Resize) {}
    func prepare(_ draft: inout Draft) {}
    func observe(_ transition: Transition, events: inout [ContainerEvent]) {}
    func heldTopInset() -> Double { 0 }
    func writeReply(_ slot: ReplySlot, _ context: ReplyContext, into w: any ReplyWriter) {}
    static var statePart: StateDeclaration? { nil }
    func save() -> OptionValue { .null }
    func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {}
    func save(with stack: ChildStack) -> OptionValue { save() }
    static func restore(_ part: OptionValue, into stack: inout ChildStack, at field: FieldPath) throws(ContainerError) {}
}

// How a behavior with state adds its part of a snapshot. The whole change is
// its own file, its registration in `BehaviorRegistry`, and its member of
// `Snapshot.state` in `protocol/openrpc.json` (required, the same shape):
//
//     /// `state.feed`: the committed current child.
//     static let statePart: StateDeclaration? = StateDeclaration("feed", .object([
//         .required("current", .nullable(.string())),
//     ]), initial: .object(["current": .null]))
//
//     func save() -> OptionValue { .object(["current": OptionValue(current, OptionValue.string)]) }
//
//     mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
//         let id = part["current"]?.string
//         if let id, restoration.layout.childIndex(of: id) == nil {
//             throw restoration.invalid("current", reason: "no child '\(id)' in this snapshot")
//         }
//         current = id
//     }
//
// `session.snapshot` then writes `state.feed` (members in declaration order,
// a `nil` as `null`); `session.restore` reads it and checks it against the
// declaration before `restore` sees it (so a required member is there and
// of its type), and an error lands at `params.snapshot.state.feed.current`.
// The shapes are `Schema`'s, the one schema language (docs/design.md):
// booleans, numbers with their bounds (`.length`, `.offset`… in
// `Schema+Engine.swift`), strings, string enumerations
// (`.enumeration(of: E.self)`), arrays of strings, numbers or objects,
// objects, nullable. `OpenRPCTests` fails until
// the document's `Snapshot.state` equals the declarations, and
// `scripts/generate-bindings` names an enum in a part by its place
// (`Snapshot.state.feed.x` in its ENUM_NAMES). What the layout already
// determines (visible, active, pinned) is derived in `restore`, never stored.
//
// Converting a part written the old way (a `ContainerSnapshot` member read
// and written in `SnapshotEncoding`): delete the member and those lines, and
// move the values into `statePart`, `save()` and `restore(_:_:)` as above.

/// What a behavior restores its part against: the container as the snapshot
/// rebuilt it.
struct Restoration {
    /// Where the behavior's part is: `state.<name>`, or `state` for a behavior without one.
    var part: FieldPath = "state"
    /// The layout at the snapshot's offset. Built before any behavior holds
    /// an inset: a held inset moves only the offset bounds, which no part
    /// is checked against.
    let layout: Layout
    let options: ContainerOptions
    let phase: ScrollPhase
    let direction: ScrollDirection

    /// The layout-determined members format 1 snapshots also stored, checked
    /// against the layout when given.
    let storedDerivedState: DerivedState?

    /// The error for a member of the behavior's part (`names` under `part`) that cannot be.
    func invalid(_ names: String..., reason: String) -> ContainerError {
        ContainerError(.invalidValue, field: names.reduce(part) { $0.member($1) }, reason: reason)
    }
}

/// The sizes of a change list (or a removal) about to take effect together:
/// the state before them, from which a behavior may pick the child whose
/// natural top the offset follows through them.
struct Resize {
    let stack: ChildStack
    /// The top of the offset range, held inset included.
    let minOffset: Double
    let offset: Double
    /// What changes: children's sizes, a removal of children, or the
    /// viewport's height (which resizes the pages of a feed).
    let cause: Cause
    /// The anchor child; the offset moves by as much as its natural top does.
    var anchor: Int?

    enum Cause { case sizes, removal, viewport }
}

extension Resize {
    /// Whether the change is a removal of children rather than sizes.
    var removes: Bool { cause == .removal }
}

/// The container state a behavior may adjust before layout.
///
/// Members are declared so the one-byte ones share the padding after `time`:
/// a draft is built on every scroll, and past 128 bytes its copies became a
/// memcpy call (measured with callgrind).
struct Draft {
    /// The children; a behavior changes them only through `updatePager`.
    private(set) var stack: ChildStack
    /// Whether a behavior changed the children's state (a pager's swipe or selection).
    private(set) var stackChanged = false
    /// Whether it changed a pager's selected page, and with it the pager's
    /// height: a change of the children's structure, as the behaviors observe
    /// it (`Transition.structureChanged`). A swipe alone moves pages across
    /// their pager, which no child's frame shows.
    private(set) var pagerReselected = false
    let viewport: Viewport
    let insets: Insets
    /// The top inset the behaviors held before the list (a drag's bounds:
    /// held insets change only when the phase does).
    let previousHeldTopInset: Double
    /// The changes of the list being applied that behaviors act on, in
    /// order: the behaviors' commands and `remove`, then the motion a
    /// behavior asks for (`startMotion`). Empty, so never allocated, for the
    /// usual offset or phase tick.
    private(set) var commands: [ContainerChange]
    var offset: Double
    /// The offset the list starts the behaviors from (the client's, or the
    /// last one moved by anchoring), before any behavior moved it.
    let requestedOffset: Double
    /// The sum of the extra top insets the behaviors hold: 0 at the start of
    /// `prepare`, each behavior adding its own, so one prepared earlier is
    /// counted by the bounds of one prepared later.
    var heldTopInset = 0.0
    /// The events of `prepare`, in order.
    var events: [ContainerEvent] = []
    /// The answer to a `scrollToChild` command.
    var target: ScrollTargetResult?
    /// The time of the list's `tick`, `nil` without one.
    let time: Double?
    let previousPhase: ScrollPhase
    var phase: ScrollPhase
    /// Whether a behavior changed state that a snapshot keeps but that shows
    /// in neither the layout nor an event (a pending scroll target).
    var changedBehaviorState = false
    /// The slots at which a behavior has members for this list's reply
    /// (`writeReply`); a reply asks the behaviors' writers at these alone,
    /// so a behavior with nothing to say costs a plain scroll nothing.
    var replySlots: ReplySlots = []
    /// Whether a motion owns the offset: the container then leaves it where
    /// the motion puts it, in bounds or not (no clamp).
    var isMoving = false

    init(stack: ChildStack, viewport: Viewport, insets: Insets, previousPhase: ScrollPhase, previousHeldTopInset: Double,
         time: Double?, commands: [ContainerChange], offset: Double, phase: ScrollPhase) {
        self.stack = stack
        self.viewport = viewport
        self.insets = insets
        self.previousHeldTopInset = previousHeldTopInset
        self.commands = commands
        self.offset = offset
        requestedOffset = offset
        self.time = time
        self.previousPhase = previousPhase
        self.phase = phase
    }

    /// The last motion a behavior asked for with `startMotion`, if any.
    var motionRequest: StartMotion? {
        guard let last = commands.last, case .command(let command) = last else { return nil }
        return castCommand(command, to: StartMotion.self)
    }

    /// Asks for the container's vertical motion to `offset`: the physics
    /// preset's spring (`ios` without `options.physics`) from the current
    /// offset, in `phase`, advanced by `session.tick` and ending `idle`
    /// exactly on `offset` (clamped to the bounds). `ScrollMotion` starts it
    /// after every behavior's `prepare`, replacing any motion running; the
    /// last request of a list wins. This is the one way a behavior moves the
    /// container over time (an animated `scrollToChild`, a collapsing
    /// header's snap, a feed's page turn); a behavior that runs a motion of
    /// its own answers `isMoving` so ticks reach it.
    mutating func startMotion(to offset: Double, phase: ScrollPhase = .animating) {
        commands.append(.command(StartMotion(offset: offset, phase: phase)))
    }

    /// Exchanges the draft's stack with `stack`: `Container.commit` hands
    /// its stack over for the behaviors' run and takes it back after.
    mutating func swapStack(_ stack: inout ChildStack) { swap(&self.stack, &stack) }

    /// Changes pager `i`'s state (its selection, swipe, remembered offsets).
    mutating func updatePager(_ i: Int, _ body: (inout PagerChild) -> Void) {
        if stack.updatePager(i, body) { pagerReselected = true }
        stackChanged = true
    }

    /// The commands of type `C` in the list, in order.
    func commands<C: BehaviorCommand>(of type: C.Type) -> [C] {
        commands.compactMap { change in
            if case .command(let command) = change { castCommand(command, to: type) } else { nil }
        }
    }

    /// Whether the list holds a command of type `C` (no array of them is built).
    func has<C: BehaviorCommand>(_ type: C.Type) -> Bool {
        commands.contains { change in
            if case .command(let command) = change { castCommand(command, to: type) != nil } else { false }
        }
    }

    /// Whether the change list removes child `id`.
    func removes(_ id: String) -> Bool {
        commands.contains { change in
            if case .remove(let ids) = change { ids.contains(id) } else { false }
        }
    }

    /// The offset bounds with the held inset: `[−(top + held), max(min, S + bottom − V)]`.
    var offsetBounds: ClosedRange<Double> {
        offsetRange(contentHeight: stack.contentHeight, viewportHeight: viewport.height,
                    insets: Insets(top: insets.top + heldTopInset, bottom: insets.bottom))
    }

    /// The offset that puts child `i` at `position`, clamped to the bounds.
    func targetOffset(child i: Int, position: ScrollPosition) -> Double {
        let top = stack.naturalTop(i)
        let height = stack.frameHeight(i)
        let pinned = stack.pins.alignmentLine(ofChild: i)
        let raw: Double
        switch position {
        case .top: raw = top - pinned
        case .center: raw = top - pinned - (viewport.height - pinned - height) / 2
        case .bottom: raw = top + height - viewport.height
        }
        let bounds = offsetBounds
        return clamp(raw, bounds.lowerBound, bounds.upperBound)
    }
}

/// What a change list did, as the behaviors see it after layout.
struct Transition {
    let layout: Layout
    /// `options.seedEvents`: emit the seed's names too.
    let seedEvents: Bool
    /// `nil` when the container is being created.
    let previousOffset: Double?
    let previousPhase: ScrollPhase
    let previousDirection: ScrollDirection
    let phase: ScrollPhase
    let direction: ScrollDirection
    /// Whether children were inserted or removed or sizes or the viewport changed.
    let structureChanged: Bool
    /// Whether the travel order is descending (the offset went down).
    var isDescending: Bool { direction == .down || (previousOffset ?? layout.offset) > layout.offset }
}
