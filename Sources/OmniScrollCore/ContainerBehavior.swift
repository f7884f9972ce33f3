/// A behavior plugged into a container: sticky pinning, lifecycle events,
/// pull-to-refresh, load-more, scroll targets… (seed 003's component model
/// applied to the engine). The container calls every behavior in the order
/// `BehaviorRegistry` lists them at three points of each change list, so a
/// new behavior plugs in without editing the solver:
///
/// 1. `anchor` once for the size changes of a list, before any takes effect,
///    to pick the child the offset stays anchored to;
/// 2. `prepare` after the changes are applied and before layout, to adjust
///    the offset or the phase, add the top inset it holds (`heldTopInset`)
///    to `draft.heldTopInset`, and emit into `draft.events`;
/// 3. `observe` after layout, to emit the events of the transition.
///
/// Events from `prepare` come before events from `observe`.
protocol ContainerBehavior: Sendable {
    /// The event types the behavior emits, with their rules, in the order it emits them.
    static var events: [EventDeclaration] { get }
    /// The behavior's option under `options` (its name, wire shape and
    /// default), `nil` for a behavior without options. The protocol reads,
    /// writes and checks it from this alone.
    static var option: OptionDeclaration? { get }
    /// Checks the behavior's option against the children it may name (a
    /// track's view range), after its shape has been checked; throws at the
    /// member's path under `options`.
    static func validate(_ options: ContainerOptions, children: ChildStack) throws(ContainerError)
    /// Takes the behavior's typed options from the container's, once, when
    /// the container is built or restored (a scroll reads only the behavior's copy).
    mutating func configure(_ options: ContainerOptions)
    mutating func anchor(_ resize: inout Resize)
    mutating func prepare(_ draft: inout Draft)
    mutating func observe(_ transition: Transition, events: inout [ContainerEvent])
    /// The extra top inset the behavior holds in its current state. Held
    /// insets add up: refresh, an overscroll and a collapsing header may
    /// each hold one at once.
    func heldTopInset() -> Double
    func save(into snapshot: inout ContainerSnapshot)
    /// Takes the behavior's part of `snapshot`, or derives it from the
    /// restored layout when the snapshot leaves it out; throws (an
    /// `invalidValue` naming the member under `state`) when the part
    /// contradicts the restored children, options or layout, so a restored
    /// container never holds a state no sequence of calls could reach.
    mutating func restore(from snapshot: ContainerSnapshot, _ restoration: Restoration) throws(ContainerError)
}

extension ContainerBehavior {
    static var events: [EventDeclaration] { [] }
    static var option: OptionDeclaration? { nil }
    static func validate(_ options: ContainerOptions, children: ChildStack) throws(ContainerError) {}
    func configure(_ options: ContainerOptions) {}
    func anchor(_ resize: inout Resize) {}
    func prepare(_ draft: inout Draft) {}
    func observe(_ transition: Transition, events: inout [ContainerEvent]) {}
    func heldTopInset() -> Double { 0 }
    func save(into snapshot: inout ContainerSnapshot) {}
    func restore(from snapshot: ContainerSnapshot, _ restoration: Restoration) throws(ContainerError) {}
}

/// What a behavior restores its part against: the container as the snapshot
/// rebuilt it.
struct Restoration {
    /// The layout at the snapshot's offset. Built before any behavior holds
    /// an inset: a held inset moves only the offset bounds, which no part
    /// is checked against.
    let layout: Layout
    let options: ContainerOptions
    let phase: ScrollPhase
    let direction: ScrollDirection

    /// The error for a snapshot member (`names` under `state`) that cannot be.
    func invalid(_ names: String..., reason: String) -> ContainerError {
        ContainerError(.invalidValue, field: names.reduce(FieldPath("state")) { $0.member($1) }, reason: reason)
    }
}

/// The sizes of a change list about to take effect together: the state
/// before them, from which a behavior may pick the child whose natural top the
/// offset follows through them.
struct Resize {
    let stack: ChildStack
    /// The top of the offset range, held inset included.
    let minOffset: Double
    let offset: Double
    /// The anchor child; the offset moves by as much as its natural top does.
    var anchor: Int?
}

/// The container state a behavior may adjust before layout.
struct Draft {
    let stack: ChildStack
    let viewport: Viewport
    let insets: Insets
    let previousPhase: ScrollPhase
    /// The changes of the list being applied that behaviors act on, in
    /// order: the behaviors' commands and `remove`. Empty, so never
    /// allocated, for the usual offset or phase tick.
    let commands: [ContainerChange]
    var offset: Double
    var phase: ScrollPhase
    /// The sum of the extra top insets the behaviors hold: 0 at the start of
    /// `prepare`, each behavior adding its own, so one prepared earlier is
    /// counted by the bounds of one prepared later.
    var heldTopInset = 0.0
    /// The answer to a `scrollToChild` command.
    var target: ScrollTargetResult?
    /// The events of `prepare`, in order.
    var events: [ContainerEvent] = []
    /// Whether a behavior changed state that a snapshot keeps but that shows
    /// in neither the layout nor an event (a pending scroll target).
    var changedBehaviorState = false

    /// The commands of type `C` in the list, in order.
    func commands<C: BehaviorCommand>(of type: C.Type) -> [C] {
        commands.compactMap { change in
            if case .command(let command) = change { command as? C } else { nil }
        }
    }

    /// Whether the list holds a command of type `C`.
    func has<C: BehaviorCommand>(_ type: C.Type) -> Bool { !commands(of: type).isEmpty }

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
