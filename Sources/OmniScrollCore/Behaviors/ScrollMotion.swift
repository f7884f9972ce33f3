/// The container's vertical motion (docs/design.md#physics-and-motion), the one behavior that
/// moves the offset on the client's clock: drags with the rubber band past
/// the bounds, a release with a velocity (a fling, snapped by `options.snap`
/// or `options.paging`), a spring back into the bounds after a release or an
/// `endRefreshing` with physics on, and the springs other behaviors ask for
/// through `Draft.startMotion(to:phase:)` (an animated `scrollToChild`).
///
/// A motion is a `Motion`, a pure function of the time since the release;
/// `session.tick` moves the offset to its position and ends it (phase `idle`)
/// at its `duration`. Registered before every behavior that reads the offset,
/// so they see the moved one: a motion crossing a bound fires what crossing
/// it by hand fires.
struct ScrollMotion: ContainerBehavior {
    /// The behavior's options, `nil` when all are off. Behind a reference,
    /// like the running motion's curve: every container holds its behaviors
    /// inline, and the scroll path moves the container (memcpy by size).
    private final class Settings: Sendable {
        /// `options.physics`; a release with a velocity uses `ios` without it.
        let physics: PhysicsOptions?
        let snap: SnapOptions?
        let paging: Bool

        init?(_ options: ContainerOptions) {
            guard options.physics != nil || options.snap != nil || options.paging else { return nil }
            physics = options.physics
            snap = options.snap
            paging = options.paging
        }
    }

    private var settings: Settings?
    private var physics: PhysicsOptions? { settings?.physics }
    /// The drag start and the running motion, behind a reference for the
    /// same reason as `settings`, copied on write; `nil` while neither is.
    private var progress: Progress?

    /// The offset at `beginDragging`, while dragging (drags are measured from
    /// it; paging counts pages from it) and in the change list that releases.
    private(set) var dragStart: Double? {
        get { progress?.state.dragStart }
        set { updateProgress { $0.dragStart = newValue } }
    }

    private(set) var running: RunningMotion? {
        get { progress?.state.running }
        set { updateProgress { $0.running = newValue } }
    }

    private final class Progress: @unchecked Sendable {
        struct State {
            var dragStart: Double?
            var running: RunningMotion?
            /// Whether the running motion started in the last change list
            /// (its reply says where and how long; ticks do not repeat it).
            var isNew = false
            var isEmpty: Bool { dragStart == nil && running == nil }
        }

        var state: State
        init(_ state: State) { self.state = state }
    }

    /// Changes the progress in place when this container alone holds it
    /// (a tick allocates nothing), else on a copy.
    private mutating func updateProgress(_ change: (inout Progress.State) -> Void) {
        if isKnownUniquelyReferenced(&progress), let progress {
            change(&progress.state)
            if progress.state.isEmpty { self.progress = nil }
        } else {
            var state = progress?.state ?? Progress.State()
            change(&state)
            progress = state.isEmpty ? nil : Progress(state)
        }
    }

    static let physicsDeclaration = OptionDeclaration("physics", .nullable(.object([
        .required("preset", .enumeration(PhysicsPreset.allCases.map(\.wireName.description))),
        .optional("rubberBand", .boolean),
    ])), default: .null)
    static let snapDeclaration = OptionDeclaration("snap", .nullable(.object([
        .optional("points", .array(items: .offset)),
        .optional("interval", .snapInterval),
        .optional("children", .boolean),
        .optional("mode", .enumeration(of: SnapOptions.Mode.self)),
        .optional("distance", .length),
    ])), default: .null, rule: SnapOptions.check)
    static let pagingDeclaration = OptionDeclaration("paging", .boolean, default: .bool(false))
    static var options: [OptionDeclaration] { [physicsDeclaration, snapDeclaration, pagingDeclaration] }

    var isMoving: Bool { running != nil }

    private var preset: PhysicsPreset { physics?.preset ?? .ios }

    mutating func configure(_ options: ContainerOptions) { settings = Settings(options) }

    func check(_ change: ContainerChange, phase: ScrollPhase) throws(ContainerError) {
        switch change {
        case .tick(let time):
            if let last = running?.lastTime ?? running?.releaseTime, time < last {
                throw ContainerError(.invalidValue, field: "time", reason: "must be ≥ \(last), the motion's last time (times never go back)")
            }
        case .command(let command):
            if castCommand(command, to: Drag.self) != nil, phase != .dragging {
                throw ContainerError(.invalidValue, field: "translation", reason: "only while dragging (after session.beginDragging)")
            }
        default:
            break
        }
    }

    mutating func prepare(_ draft: inout Draft) {
        // The plain scroll: not dragging, nothing running.
        guard draft.phase == .dragging || progress != nil else { return }
        if progress?.state.isNew == true { updateProgress { $0.isNew = false } }
        if draft.phase == .dragging {
            if draft.previousPhase != .dragging {
                running = nil
                // Where the drag begins, within the offset's bound: a change
                // in the same call (a header grown above, anchored) may carry
                // the draft past ±1e24 before the commit clamps it, and the
                // snapshot keeps this number (issue 26: soak seed 27).
                dragStart = min(max(draft.offset, -Bounds.maxOffset), Bounds.maxOffset)
            }
            for case .command(let change) in draft.commands {
                if let drag = castCommand(change, to: Drag.self) { draft.offset = dragOffset(translation: drag.translation, draft) }
            }
        } else if var motion = running {
            if let time = draft.time {
                let release = motion.releaseTime ?? time
                motion.releaseTime = release
                motion.lastTime = time
                draft.offset = motion.motion.position(at: time - release)
                if motion.motion.isDone(at: time - release) {
                    running = nil
                    draft.phase = .idle
                    return
                }
                running = motion
            } else if draft.phase != draft.previousPhase {
                running = nil  // the client took the phase over (endScrolling, a scroll with a phase)
                return
            }
            draft.isMoving = true
        }
    }

    /// Starts the motion the change list asks for, once every behavior has
    /// prepared (the bounds include every held inset: a refresh triggered by
    /// this release is sprung back to).
    mutating func conclude(_ draft: inout Draft) {
        // The plain scroll (no command, no request, nothing running or
        // released) leaves at the first test.
        guard !draft.commands.isEmpty || progress != nil else { return }
        startRequestedMotion(&draft)
        if let running, draft.phase != .dragging {
            retarget(running, &draft)
            holdWithinBand(&draft)
        }
        if draft.phase != .dragging { dragStart = nil }
    }

    /// While a motion runs the overscroll stays below the rubber band's
    /// limit, the viewport height, and, once past it (where the client put
    /// the offset, or a range change left it), never grows (docs/protocol.md,
    /// Checking the promises): a fling crossing a bound fast (up to 1e15
    /// pt/s) or in a tiny viewport would carry the offset far past the
    /// bound. It waits at the limit until the motion comes back inside it.
    private func holdWithinBand(_ draft: inout Draft) {
        let bounds = draft.offsetBounds
        let band = draft.viewport.height
        let before = draft.requestedOffset
        draft.offset = Self.held(draft.offset, past: bounds.upperBound, from: before, band: band)
        draft.offset = -Self.held(-draft.offset, past: -bounds.lowerBound, from: -before, band: band)
    }

    /// `x` held upward past `edge`: below `band` past it, or no farther
    /// than `before` when that was already as far; at `edge` when the band
    /// is too thin for a double to stay below it there.
    private static func held(_ x: Double, past edge: Double, from before: Double, band: Double) -> Double {
        if before - edge >= band { return x > before ? before : x }
        guard x - edge >= band else { return x }
        let held = edge + band * RubberBand.maxBandShare
        return held - edge < band ? held : edge
    }

    /// A range that shrank under the running motion (a viewport, insets,
    /// sizes or children changed mid-motion) and left its rest outside
    /// retargets it, so it still comes to rest within `[minOffset,
    /// maxOffset]` (docs/protocol.md, Session motions): an offset the new
    /// range leaves behind is clamped into it by this call and the motion
    /// ends there; one still inside springs, with its velocity, to the
    /// nearest bound.
    private mutating func retarget(_ running: RunningMotion, _ draft: inout Draft) {
        let bounds = ScrollBounds(draft.offsetBounds)
        guard !bounds.contains(running.motion.target) else { return }
        let time = running.lastTime ?? running.releaseTime
        let velocity = bounds.contains(draft.offset) ? running.velocityNow : 0
        draft.offset = bounds.clamp(draft.offset)
        let motion = Motion(preset: preset, position: draft.offset, velocity: velocity,
                            springTo: bounds.clamp(running.motion.target), bounds: bounds)
        start(motion, bounds: bounds, phase: draft.phase, releaseTime: time, &draft)
    }

    /// `motion {target, duration}` after `events`: in the reply of the call
    /// that started it, and in `session.get`/`restore` while it runs.
    func writeReply(_ slot: ReplySlot, _ context: ReplyContext, into w: any ReplyWriter) {
        guard slot == .afterEvents, let state = progress?.state, let running = state.running,
              state.isNew || !context.isUpdate else { return }
        w.key("motion")
        w.beginObject()
        w.member("target", running.motion.target)
        w.member("duration", running.motion.duration)
        w.endObject()
    }

    var summary: MotionSummary? {
        running.map { MotionSummary(target: $0.motion.target, duration: $0.motion.duration) }
    }

    private mutating func startRequestedMotion(_ draft: inout Draft) {
        if !draft.commands.isEmpty {
            for case .command(let change) in draft.commands {
                guard let release = castCommand(change, to: Release.self) else { continue }
                let bounds = ScrollBounds(draft.offsetBounds)
                let motion = Motion(preset: preset, position: draft.offset, velocity: release.velocity,
                                    bounds: bounds, snap: snapRule(draft, release: release.velocity),
                                    viewport: draft.viewport.height, dragStart: dragStart ?? draft.offset)
                start(motion, bounds: bounds, phase: .decelerating, releaseTime: release.time, &draft)
                return
            }
        }
        if let request = draft.motionRequest {
            let bounds = ScrollBounds(draft.offsetBounds)
            let motion = Motion(preset: preset, position: draft.offset, velocity: 0, springTo: bounds.clamp(request.offset),
                                bounds: bounds)
            start(motion, bounds: bounds, phase: request.phase, releaseTime: nil, &draft)
        } else if physics != nil, draft.phase != .dragging,
                  draft.previousPhase == .dragging && running == nil || draft.has(EndRefreshing.self) {
            springBack(&draft)
        }
    }

    /// With physics on, a release or an `endRefreshing` that leaves the
    /// offset, or the running motion's rest, outside the bounds springs back
    /// to the nearest bound (instead of the container's clamp), from where
    /// the offset is now and with the running motion's velocity there.
    private mutating func springBack(_ draft: inout Draft) {
        let bounds = ScrollBounds(draft.offsetBounds)
        let rest = running?.motion.target ?? draft.offset
        guard !bounds.contains(rest) else { return }
        let velocity = running.map(\.velocityNow) ?? 0
        let phase: ScrollPhase = running != nil ? draft.phase : (draft.previousPhase == .dragging ? .decelerating : .animating)
        let motion = Motion(preset: preset, position: draft.offset, velocity: velocity, springTo: bounds.clamp(rest),
                            bounds: bounds)
        start(motion, bounds: bounds, phase: phase, releaseTime: running?.lastTime, &draft)
    }

    /// Runs `motion` from the draft's offset, or, when it has nothing to do
    /// (duration 0), puts the offset on its target and the phase `idle` at once.
    private mutating func start(_ motion: Motion, bounds: ScrollBounds, phase: ScrollPhase, releaseTime: Double?,
                                _ draft: inout Draft) {
        guard motion.duration > 0 else {
            // Set only when it changes: through `updateProgress` clearing no
            // motion cost a release that ends at once ~250 instructions (issue 29).
            if progress?.state.running != nil { running = nil }
            draft.offset = motion.target
            draft.phase = .idle
            return
        }
        running = RunningMotion(motion, bounds: bounds, releaseTime: releaseTime)
        draft.phase = phase
        draft.isMoving = true
        updateProgress { $0.isNew = true }
        draft.replySlots.formUnion(.afterEvents)
        draft.changedBehaviorState = true
    }

    /// The offset of a drag `translation` from `dragStart` (UIKit's pan
    /// translation: negative moves the offset up). Past a bound the travel
    /// beyond it is rubber-banded (`RubberBand`, d = the viewport) or
    /// clamped (`android`, `rubberBand: false`). A drag that begins past a
    /// bound starts from the travel that band gives, so the offset is a
    /// function of the translation alone and replays match.
    private func dragOffset(translation: Double, _ draft: Draft) -> Double {
        let start = dragStart ?? draft.offset
        let bounds = offsetRange(contentHeight: draft.stack.contentHeight, viewportHeight: draft.viewport.height,
                                 insets: Insets(top: draft.insets.top + draft.previousHeldTopInset, bottom: draft.insets.bottom))
        guard rubberBands else { return clamp(start - translation, bounds.lowerBound, bounds.upperBound) }
        let band = RubberBand(dimension: draft.viewport.height)
        let edge = start < bounds.lowerBound ? bounds.lowerBound : (start > bounds.upperBound ? bounds.upperBound : start)
        let past = max(-band.dimension * RubberBand.maxBandShare, min(band.dimension * RubberBand.maxBandShare, start - edge))
        let travel = edge - translation + band.travel(forOffset: past)
        if travel < bounds.lowerBound { return bounds.lowerBound + band.offset(forTravel: travel - bounds.lowerBound) }
        if travel > bounds.upperBound { return bounds.upperBound + band.offset(forTravel: travel - bounds.upperBound) }
        return travel
    }

    private var rubberBands: Bool {
        preset.edge != .clamp && physics?.rubberBand != false
    }

    /// The snap rule of a release: paging by child tops, or `options.snap`.
    /// Child tops are taken near where they matter (the drag's start for
    /// paging, the unsnapped end otherwise), so a release costs O(log n).
    private func snapRule(_ draft: Draft, release velocity: Double) -> SnapRule? {
        if settings?.paging == true {
            let start = dragStart ?? draft.offset
            return SnapRule(positions: .points(childTops(around: start, draft.stack)),
                            mode: .paging(minFlingVelocity: SnapRule.defaultMinFlingVelocity))
        }
        guard let snap = settings?.snap else { return nil }
        let positions: SnapRule.Positions
        switch snap.positions {
        case .points(let points): positions = .points(points)
        case .interval(let interval): positions = .interval(interval)
        case .children:
            let end = Motion(preset: preset, position: draft.offset, velocity: velocity,
                             bounds: ScrollBounds(draft.offsetBounds)).target
            positions = .points(childTops(around: end, draft.stack))
        }
        return SnapRule(positions: positions, mode: snap.mode == .proximity ? .proximity(distance: snap.distance) : .mandatory)
    }

    /// The natural tops of the children from two before the one at `offset`
    /// to two after it: every top a snap or a page turn from there can reach.
    private func childTops(around offset: Double, _ stack: ChildStack) -> [Double] {
        guard !stack.isEmpty else { return [] }
        let i = min(stack.naturalHeights.index(containing: offset), stack.count - 1)
        return (max(0, i - Self.pagingReach)...min(stack.count - 1, i + Self.pagingReach)).map(stack.naturalTop)
    }

    /// Paging moves at most one child from the drag's start; a snap lands on
    /// the top nearest the end: two children either side hold every answer.
    private static let pagingReach = 2

    /// `state.motion`: the running motion's inputs, from which `Motion`
    /// rebuilds it exactly, and where the drag in progress began.
    static let statePart: StateDeclaration? = StateDeclaration("motion", .object([
        .required("running", .nullable(.object([
            .required("start", .offset),
            .required("velocity", .magnitude),
            .required("springTo", .nullable(.offset)),
            .required("bounds", .object([.required("min", .offset), .required("max", .offset)])),
            .required("releaseTime", .nullable(.magnitude)),
            .required("lastTime", .nullable(.magnitude)),
        ]))),
        .required("dragStart", .nullable(.offset)),
    ]), initial: .object(["running": .null, "dragStart": .null]))

    func save() -> OptionValue {
        .object(["running": OptionValue(running?.state, \.value), "dragStart": OptionValue(dragStart, OptionValue.number)])
    }

    /// What every motion a call leaves running satisfies: a spring's target
    /// is within the bounds it started with (every spring is clamped into
    /// them), and it rests within the session's `[minOffset, maxOffset]`
    /// (`retarget` keeps it there when the range shrinks). The parts after
    /// this one are not restored yet, so the range's top reaches as far as
    /// a held refresh inset could put it.
    private static func check(_ state: MotionState, rebuilt motion: Motion,
                              in restoration: Restoration) throws(ContainerError) {
        if let springTo = state.springTo, !state.bounds.contains(springTo) {
            throw restoration.invalid("running", "springTo", reason: "must be within bounds, where every spring rests")
        }
        if let springTo = state.springTo, restoration.phase == .decelerating, springTo != state.bounds.min,
           springTo != state.bounds.max, releaseSnaps(to: springTo, restoration.options) == false {
            throw restoration.invalid("running", "springTo", reason: "a release springs only back to a bound or onto a snap point")
        }
        let layout = restoration.layout
        let lowest = layout.minOffset - (restoration.options.refresh?.height ?? 0)
        guard motion.target >= lowest, motion.target <= layout.maxOffset else {
            throw restoration.invalid("running", reason: "must come to rest within [minOffset, maxOffset] "
                                      + "(\(CSSNumber.text(lowest)), \(CSSNumber.text(layout.maxOffset))); "
                                      + "it would rest at \(CSSNumber.text(motion.target))")
        }
    }

    /// Whether a release (phase `decelerating`: a snap, a spring back, a
    /// retarget to a bound) may spring to `x` besides its bounds: onto one of
    /// `snap`'s points or an interval's multiple as the release rounds it
    /// (`SnapRule.answers`), nowhere without snapping; `nil` with `paging` or
    /// `snap.children`, whose tops cannot be told from the snapshot: a
    /// child's size may change under the running snap (anchoring moves the
    /// offset, not the spring), so its target need be no top of the stack.
    private static func releaseSnaps(to x: Double, _ options: ContainerOptions) -> Bool? {
        guard !options.paging else { return nil }
        let positions: SnapRule.Positions
        switch options.snap?.positions {
        case nil: return false
        case .points(let points)?: positions = .points(points)
        case .interval(let interval)?: positions = .interval(interval)
        case .children?: return nil
        }
        return SnapRule(positions: positions).answers(x)
    }

    /// A motion runs only while decelerating or animating, with bounds in
    /// order and times that do not go back; a drag start is kept only while dragging.
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let motion = part["running"].flatMap(MotionState.init)
        let dragStart = part["dragStart"]?.number
        if let motion {
            if restoration.phase != .decelerating && restoration.phase != .animating {
                throw restoration.invalid("running", reason: "runs only while decelerating or animating")
            }
            if motion.bounds.min > motion.bounds.max {
                throw restoration.invalid("running", "bounds", "min", reason: "must be ≤ bounds.max")
            }
            if let last = motion.lastTime, last < motion.releaseTime ?? .infinity {
                throw restoration.invalid("running", "lastTime", reason: "must be ≥ releaseTime, which must be given with it")
            }
        }
        if dragStart != nil, restoration.phase != .dragging {
            throw restoration.invalid("dragStart", reason: "is kept only while dragging")
        }
        let preset = restoration.options.physics?.preset ?? .ios
        let rebuilt = motion.map { RunningMotion(state: $0, preset: preset) }
        if let motion, let rebuilt {
            try Self.check(motion, rebuilt: rebuilt.motion, in: restoration)
        }
        running = rebuilt
        self.dragStart = dragStart
    }
}

/// A motion in progress, with the times that place it on the client's clock.
struct RunningMotion: Sendable {
    /// A `Motion` is a few hundred bytes and every container holds its
    /// behaviors inline: held behind a reference, it is not moved on the
    /// scroll path (measured: inline, every plain scroll paid ~220 more
    /// instructions of memcpy). Immutable, so copies may share it.
    private final class Storage: Sendable {
        let motion: Motion
        /// The bounds it was started with (a session's motions always have some).
        let bounds: ScrollBounds
        init(_ motion: Motion, _ bounds: ScrollBounds) {
            self.motion = motion
            self.bounds = bounds
        }
    }

    private let storage: Storage
    var motion: Motion { storage.motion }
    var bounds: ScrollBounds { storage.bounds }
    /// The client's time of the release; `nil` until the first tick sets it.
    var releaseTime: Double?
    /// The last tick's time.
    var lastTime: Double?

    init(_ motion: Motion, bounds: ScrollBounds, releaseTime: Double?) {
        storage = Storage(motion, bounds)
        self.releaseTime = releaseTime
    }

    /// The velocity at the last tick, which a motion started from here
    /// takes on, held within the release's bound (±1e15, `Release`): a
    /// spring back from far past a bound is faster, and a snapshot keeps it.
    var velocityNow: Double {
        let v = motion.velocity(at: (lastTime ?? 0) - (releaseTime ?? 0))
        return clamp(v, -FlingRequest.maxMagnitude, FlingRequest.maxMagnitude)
    }

    /// What a snapshot keeps: the motion's inputs (a snapped or sprung motion
    /// by its spring's target), from which `Motion` rebuilds it exactly.
    var state: MotionState {
        var springTo: Double?
        if case .spring(let spring) = motion.curve { springTo = spring.target }
        return MotionState(start: motion.start, velocity: motion.initialVelocity, springTo: springTo,
                           bounds: bounds, releaseTime: releaseTime, lastTime: lastTime)
    }

    init(state: MotionState, preset: PhysicsPreset) {
        if let target = state.springTo {
            storage = Storage(Motion(preset: preset, position: state.start, velocity: state.velocity, springTo: target,
                                     bounds: state.bounds), state.bounds)
        } else {
            storage = Storage(Motion(preset: preset, position: state.start, velocity: state.velocity, bounds: state.bounds),
                              state.bounds)
        }
        releaseTime = state.releaseTime
        lastTime = state.lastTime
    }
}

/// A running motion in a snapshot (`state.motion.running`).
struct MotionState: Equatable, Sendable {
    var start: Double
    var velocity: Double
    /// The spring's rest point for a snapped or sprung motion, `nil` for a fling.
    var springTo: Double?
    var bounds: ScrollBounds
    var releaseTime: Double?
    var lastTime: Double?

    init(start: Double, velocity: Double, springTo: Double?, bounds: ScrollBounds,
         releaseTime: Double?, lastTime: Double?) {
        self.start = start
        self.velocity = velocity
        self.springTo = springTo
        self.bounds = bounds
        self.releaseTime = releaseTime
        self.lastTime = lastTime
    }

    /// The state a part's `running` value gives, `nil` for `null`.
    init?(_ value: OptionValue) {
        guard let start = value["start"]?.number, let velocity = value["velocity"]?.number,
              let min = value["bounds"]?["min"]?.number, let max = value["bounds"]?["max"]?.number else { return nil }
        self.init(start: start, velocity: velocity, springTo: value["springTo"]?.number,
                  bounds: ScrollBounds(min: min, max: max), releaseTime: value["releaseTime"]?.number,
                  lastTime: value["lastTime"]?.number)
    }

    var value: OptionValue {
        .object([
            "start": .number(start), "velocity": .number(velocity),
            "springTo": OptionValue(springTo, OptionValue.number),
            "bounds": .object(["min": .number(bounds.min), "max": .number(bounds.max)]),
            "releaseTime": OptionValue(releaseTime, OptionValue.number),
            "lastTime": OptionValue(lastTime, OptionValue.number),
        ])
    }
}

/// Where and how long the motion a reply started or continues runs
/// (the Layout's `motion`).
public struct MotionSummary: Equatable, Sendable {
    public var target: Double
    /// Seconds from the release to the rest on `target`.
    public var duration: Double
}

/// A motion another behavior asks `ScrollMotion` for (`Draft.startMotion`),
/// carried in the draft's commands so a draft without one stays small.
struct StartMotion: BehaviorCommand, Equatable {
    let offset: Double
    let phase: ScrollPhase
}

extension ScrollBounds {
    init(_ range: ClosedRange<Double>) { self.init(min: range.lowerBound, max: range.upperBound) }
}

extension RubberBand {
    /// The largest share of d a band may start from: `travel(forOffset:)`
    /// needs |y| < d, and a spring back caught farther out starts there.
    static let maxBandShare = 0.999
}

/// `session.drag`: the finger's travel since `beginDragging`.
public struct Drag: BehaviorCommand, Equatable {
    public var translation: Double
    public init(translation: Double) { self.translation = translation }
}

/// `session.endDragging` with a velocity: the release that starts a motion.
public struct Release: BehaviorCommand, Equatable {
    /// Points per second in the direction the offset grows.
    public var velocity: Double
    /// The client's time of the release; `nil`: the first tick's.
    public var time: Double?
    public init(velocity: Double, time: Double?) {
        self.velocity = velocity
        self.time = time
    }
}

extension ContainerChange {
    public static func drag(translation: Double) -> ContainerChange { .command(Drag(translation: translation)) }
    public static func release(velocity: Double, time: Double?) -> ContainerChange {
        .command(Release(velocity: velocity, time: time))
    }
}

extension PhysicsPreset {
    var wireName: StaticString {
        switch self {
        case .ios: "ios"
        case .iosFast: "iosFast"
        case .android: "android"
        case .flutter: "flutter"
        }
    }
}

extension ContainerOptions {
    /// The physics of drags and motions; `nil`: drags rubber-band and
    /// releases fling as `ios`, and nothing springs back on its own.
    public var physics: PhysicsOptions? {
        get { PhysicsOptions(self[ScrollMotion.physicsDeclaration.name]) }
        set { self[ScrollMotion.physicsDeclaration.name] = newValue?.value ?? .null }
    }

    public var snap: SnapOptions? {
        get { SnapOptions(self[ScrollMotion.snapDeclaration.name]) }
        set { self[ScrollMotion.snapDeclaration.name] = newValue?.value ?? .null }
    }

    /// Releases snap to child tops, at most one child from the drag's start (Flutter's `PageScrollPhysics`).
    public var paging: Bool {
        get { self[ScrollMotion.pagingDeclaration.name].bool ?? false }
        set { self[ScrollMotion.pagingDeclaration.name] = .bool(newValue) }
    }
}

public struct PhysicsOptions: Equatable, Sendable {
    public var preset: PhysicsPreset
    /// Drags past a bound rubber-band (the preset permitting); `false` clamps.
    public var rubberBand: Bool

    public init(preset: PhysicsPreset, rubberBand: Bool = true) {
        self.preset = preset
        self.rubberBand = rubberBand
    }

    init?(_ value: OptionValue) {
        guard let name = value["preset"]?.string, let preset = PhysicsPreset(rawValue: name) else { return nil }
        self.init(preset: preset, rubberBand: value["rubberBand"]?.bool ?? true)
    }

    var value: OptionValue { .object(["preset": .string(preset.rawValue), "rubberBand": .bool(rubberBand)]) }
}

/// `options.snap`: where releases come to rest.
public struct SnapOptions: Equatable, Sendable {
    public enum Positions: Equatable, Sendable {
        case points([Double])
        case interval(Double)
        /// The children's natural tops.
        case children
    }

    public enum Mode: String, CaseIterable, Sendable {
        case mandatory, proximity
    }

    public var positions: Positions
    public var mode: Mode
    /// Proximity's reach; `nil`: a third of the viewport (`SnapRule.proximityRatio`).
    public var distance: Double?

    public init(positions: Positions, mode: Mode = .mandatory, distance: Double? = nil) {
        self.positions = positions
        self.mode = mode
        self.distance = distance
    }

    init?(_ value: OptionValue) {
        let positions: Positions
        if let points = value["points"]?.numbers {
            positions = .points(points)
        } else if let interval = value["interval"]?.number {
            positions = .interval(interval)
        } else if value["children"]?.bool == true {
            positions = .children
        } else {
            return nil
        }
        self.init(positions: positions, mode: value["mode"]?.string.flatMap(Mode.init) ?? .mandatory,
                  distance: value["distance"]?.number)
    }

    var value: OptionValue {
        var members: [String: OptionValue] = ["mode": .string(mode.rawValue)]
        switch positions {
        case .points(let points): members["points"] = .array(points.map(OptionValue.number))
        case .interval(let interval): members["interval"] = .number(interval)
        case .children: members["children"] = .bool(true)
        }
        if let distance { members["distance"] = .number(distance) }
        return .object(members)
    }

    /// Exactly one of `points`, `interval`, `children: true`; `distance` only with `proximity`.
    @Sendable static func check(_ value: OptionValue, field: FieldPath) throws(ContainerError) {
        guard case .object = value else { return }
        let given = ["points", "interval", "children"].filter { name in
            name == "children" ? value[name]?.bool == true : value[name] != nil
        }
        guard given.count == 1 else {
            throw ContainerError(.invalidValue, field: field.member(given.count > 1 ? given[1] : "points"),
                                 reason: "give exactly one of points, interval, children: true")
        }
        if let points = value["points"]?.numbers,
           let i = points.indices.dropFirst().first(where: { points[$0] < points[$0 - 1] }) {
            throw ContainerError(.invalidValue, field: field.member("points").index(i),
                                 reason: "must be ≥ the number before it (ascending order)")
        }
        if value["distance"] != nil, value["mode"]?.string != Mode.proximity.rawValue {
            throw ContainerError(.invalidValue, field: field.member("distance"), reason: "only with mode proximity")
        }
    }
}

extension Container {
    /// The motion running now, `nil` when none.
    public var motion: MotionSummary? { behaviors.behavior(of: ScrollMotion.self).summary }
}
