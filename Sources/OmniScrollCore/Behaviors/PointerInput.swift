/// One finger forwarded by the client (docs/pointer.md): the behavior holds
/// its `PointerGesture` between calls, puts it in the snapshot
/// (`state.pointer`), writes the `pointer` member of the replies while it
/// is down and of the reply to its `up`, and emits `tap`. What a sample does
/// to the container (a drag, a swipe, a release) is decided in
/// `Container.pointer` from this state; once its changes are applied the
/// container stores the new state here (`set`).
struct PointerInput: ContainerBehavior {
    /// Behind a reference and `nil` until the first finger, so a container
    /// that never sees one carries a word and a scroll pays one test. The
    /// box is reused: a sample changes it in place while this container
    /// alone holds it (copied first otherwise), so a `move` allocates
    /// nothing (issue 29's cost bound).
    private var state: PointerState?

    /// Mutated only through `PointerInput`, after `isKnownUniquelyReferenced`
    /// (a copy first when shared), so no two containers see a change.
    ///
    /// Its properties skip the runtime's exclusivity checks: every access
    /// is a `PointerInput` method's, none overlaps another, and each check
    /// cost a move ~80 instructions (issue 29).
    private final class PointerState: @unchecked Sendable {
        @exclusivity(unchecked) var gesture: PointerGesture?
        /// The `up` being replied to, only in the change list that lifted.
        @exclusivity(unchecked) var release: PointerRelease?
        /// The lifted finger's samples, kept for the next `down` to record
        /// its own in: a gesture then allocates and frees no storage for
        /// them (the free cost an `up` ~600 instructions, issue 29).
        @exclusivity(unchecked) var spare: PointerHistory?

        init(gesture: PointerGesture?, release: PointerRelease?, spare: PointerHistory? = nil) {
            self.gesture = gesture
            self.release = release
            self.spare = spare
        }

        /// The axis of the finger down, `nil` when none: what every reply
        /// while it is down reads, without copying the gesture out (a copy
        /// of its samples cost a move ~600 instructions, issue 29).
        var axis: PointerAxis? { gesture?.axis }

        var lastTime: Int64? { gesture?.lastTime }
    }

    var gesture: PointerGesture? { state?.gesture }

    /// The time of the finger's newest sample, `nil` when none is down (read without copying the gesture).
    var lastTime: Int64? { state?.lastTime }

    /// The preset's constants, taken once from `options.physics` (`ios` without it): a sample reads no options.
    private(set) var constants = PointerConstants(.ios)

    mutating func configure(_ options: ContainerOptions) { constants = PointerConstants(options.physics?.preset ?? .ios) }

    static let events = [
        EventDeclaration(.tap, members: ["child", "page", "x", "y", "col", "row"], rule:
            "`session.pointer` `up` ended a touch that never became a drag and caught no motion: the child under "
            + "the finger (`page` too over a pager), `x`, `y` the `up` position in its content coordinates; "
            + "on a grid (`grid.pointer`, inside the viewport) the tile's `col`, `row` and `x`, `y` from its top-left corner"),
    ]

    /// A container that never saw a finger leaves at the first test. The
    /// `up` reply's release is shown once: the next change list drops it.
    /// A finger down asks for `.pointer`: its member is `downMember`.
    mutating func prepare(_ draft: inout Draft) {
        guard state != nil else { return }
        if state!.axis != nil {
            draft.replySlots.formUnion(.pointer)
        } else if state!.release != nil {
            dropRelease()
        }
    }

    /// The box stays, with the spare samples, while this container alone
    /// holds it. Out of line: inlined, it grew every change list's commit
    /// past what the optimizer inlines, and the plain scroll cost ~60
    /// instructions more (issue 29).
    @inline(never)
    private mutating func dropRelease() {
        if isKnownUniquelyReferenced(&state) { state!.release = nil } else { state = nil }
    }

    /// A call that removes the pager under the finger leaves the finger
    /// none (a snapshot names only pagers it has): a swipe of it ends with
    /// it, a finger not yet locked goes on without it.
    @inline(__always)  // a scroll pays the test only
    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        if transition.structureChanged, state != nil { dropRemovedPager(transition.layout) }
    }

    @inline(never)
    private mutating func dropRemovedPager(_ layout: Layout) {
        guard var gesture = state?.gesture, let pager = gesture.pager,
              layout.childIndex(of: pager).flatMap(layout.pager) == nil else { return }
        gesture.pager = nil
        set(gesture.axis == .horizontal ? nil : gesture, release: state?.release)
    }

    /// The finger's new state (a removed pager dropped from it).
    mutating func set(_ gesture: PointerGesture?, release: PointerRelease?) {
        guard gesture != nil || release != nil else { return state = nil }
        guard isKnownUniquelyReferenced(&state) else { return state = PointerState(gesture: gesture, release: release) }
        state!.gesture = gesture
        state!.release = release
    }

    /// A `down` whose changes applied: the finger's new gesture, its
    /// samples recorded in the spare storage of the last finger when this
    /// container alone holds the box.
    struct Down: BehaviorChange {
        let sample: PointerSample
        let caught: Bool
        let pager: String?
        func apply(to input: inout PointerInput) {
            guard isKnownUniquelyReferenced(&input.state) else {
                return input.state = PointerState(gesture: PointerGesture(down: sample, caught: caught, pager: pager),
                                                  release: nil)
            }
            input.state!.gesture = PointerGesture(down: sample, caught: caught, pager: pager,
                                                  reusing: input.state!.spare.take())
            input.state!.release = nil
        }
    }

    /// Whether the finger down has not locked an axis yet (read without copying the gesture).
    var isPending: Bool { state?.axis == .pending }

    /// The pager under the finger down (read without copying the gesture).
    var pager: String? { state?.gesture?.pager }

    /// What a `move` to `sample` gives the finger down (`PointerGesture.advanced`),
    /// computed where it is stored, with no copy of the gesture or its
    /// samples (copying them out and back cost a move ~1 200 instructions,
    /// issue 29). `Move` stores it once the move's change applies.
    func advanced(_ sample: PointerSample, origin: () -> Point) -> (step: PointerStep, progress: PointerGesture.Progress) {
        Self.advanced(&state!.gesture!, sample, constants, origin)
    }

    /// `advanced` on the gesture in the box, reached `inout` though it only
    /// reads it: a plain read of the box's property copied the gesture out
    /// and destroyed the copy (~330 instructions a move, issue 29).
    private static func advanced(_ gesture: inout PointerGesture, _ sample: PointerSample, _ constants: PointerConstants,
                                 _ origin: () -> Point) -> (step: PointerStep, progress: PointerGesture.Progress) {
        gesture.advanced(sample, constants: constants, pans: false, origin: origin)
    }

    /// Moves the finger down out of the box (an `up` or `cancel` lifting
    /// it), not copied: a copy of it and its samples, dropped once the
    /// release applied, cost an `up` ~600 instructions (issue 29).
    /// `PutBack` undoes it when the release is refused. A finger must be down.
    struct Lift: BehaviorChange {
        func apply(to input: inout PointerInput) -> PointerGesture {
            if !isKnownUniquelyReferenced(&input.state) {
                input.state = PointerState(gesture: input.state!.gesture, release: input.state!.release)
            }
            return input.state!.gesture.take()!
        }
    }

    /// What the reply to an `up` or `cancel` shows, stored once its release
    /// applied; the finger is gone already (`Lift`), its samples' storage
    /// kept as the spare. Through `set` the empty finger's copies cost an
    /// up ~300 instructions more.
    struct Released: BehaviorChange {
        let release: PointerRelease
        let spare: PointerHistory
        func apply(to input: inout PointerInput) {
            guard isKnownUniquelyReferenced(&input.state) else {
                return input.state = PointerState(gesture: nil, release: release, spare: spare)
            }
            input.state!.release = release
            input.state!.spare = spare
        }
    }

    /// The finger `Lift` took, back where it was.
    struct PutBack: BehaviorChange {
        let gesture: PointerGesture
        func apply(to input: inout PointerInput) { input.state!.gesture = gesture }
    }

    /// A `move` whose change applied: its progress and its sample, stored
    /// in place while this container alone holds the box (copied first
    /// otherwise), so the ring is written where it is.
    struct Move: BehaviorChange {
        let progress: PointerGesture.Progress
        let sample: PointerSample
        func apply(to input: inout PointerInput) {
            if !isKnownUniquelyReferenced(&input.state) {
                input.state = PointerState(gesture: input.state!.gesture, release: input.state!.release)
            }
            input.state!.gesture!.commit(progress, sample)
        }
    }

    /// `pointer {state: "released", axis, velocity}` in the reply to the
    /// finger's `up` (while it is down, `downMember`).
    func writeReply(_ slot: ReplySlot, _ context: ReplyContext, into w: any ReplyWriter) {
        guard slot == .afterEvents, let state, state.axis == nil else { return }
        if let release = state.release, context.isUpdate {
            w.fragment(Self.releasedMember(release.axis), needsComma: false)
            w.member("x", release.velocity.x)
            w.member("y", release.velocity.y)
            w.fragment("}}", needsComma: true)
        }
    }

    /// `,"pointer":{"state":"released","axis":…,"velocity":{`, pre-encoded
    /// with its name and comma, as `downMember` is: token by token the `up`
    /// reply's member cost ~700 instructions more, its name apart ~80 (issue 29).
    private static func releasedMember(_ axis: PointerAxis) -> StaticString {
        switch axis {
        case .pending: #","pointer":{"state":"released","axis":"pending","velocity":{"#
        case .vertical: #","pointer":{"state":"released","axis":"vertical","velocity":{"#
        case .horizontal: #","pointer":{"state":"released","axis":"horizontal","velocity":{"#
        case .pan: #","pointer":{"state":"released","axis":"pan","velocity":{"#
        }
    }

    /// `,"pointer":{"state": axis}` while a finger is down, `nil` with none:
    /// every reply's last behavior member (`Container.pointerMember`).
    var downMember: StaticString? {
        guard let axis = state?.axis else { return nil }
        return Self.downMember(axis)
    }

    /// `,"pointer":{"state": axis}`, pre-encoded: written on every reply
    /// while the finger is down, member by member it cost a move ~650
    /// instructions, its name and value apart ~80 more (issue 29). The comma
    /// is part of it: a behavior's member follows the reply's `events`.
    private static func downMember(_ axis: PointerAxis) -> StaticString {
        switch axis {
        case .pending: #","pointer":{"state":"pending"}"#
        case .vertical: #","pointer":{"state":"vertical"}"#
        case .horizontal: #","pointer":{"state":"horizontal"}"#
        case .pan: #","pointer":{"state":"pan"}"#
        }
    }

    /// A stored sample: its point (the params bound it tighter) and its time
    /// in microseconds, both within the physics inputs' bound.
    private static let sample = Schema.object([
        .required("x", .magnitude),
        .required("y", .magnitude),
        .required("time", .magnitude),
    ])

    /// `state.pointer`: the finger down and its samples (times in
    /// microseconds), `null` with none.
    static let statePart: StateDeclaration? = StateDeclaration("pointer", .nullable(.object([
        .required("axis", .enumeration(of: PointerAxis.self)),
        .required("down", sample),
        .required("start", .nullable(sample)),
        .required("caught", .boolean),
        .required("pager", .nullable(.string())),
        .required("origin", .object([.required("x", .offset), .required("y", .offset)])),
        .required("path", .travel),
        .required("samples", .array(items: sample)),
    ])), initial: .null)

    func save() -> OptionValue {
        guard let g = state?.gesture else { return .null }
        return .object([
            "axis": .string(g.axis.rawValue), "down": Self.value(g.down), "start": OptionValue(g.start, Self.value),
            "caught": .bool(g.caught), "pager": OptionValue(g.pager, OptionValue.string),
            "origin": .object(["x": .number(g.origin.x), "y": .number(g.origin.y)]), "path": .number(g.path),
            "samples": .array(g.history.samples.map(Self.value)),
        ])
    }

    private static func value(_ s: PointerSample) -> OptionValue {
        .object(["x": .number(s.x), "y": .number(s.y), "time": .number(Double(s.time))])
    }

    /// A stored sample; throws at `field.time` when its time is no whole number of microseconds within the bound.
    private static func sample(_ v: OptionValue, at field: FieldPath) throws(ContainerError) -> PointerSample {
        let t = v["time"]!.number!
        guard abs(t) <= PointerSample.maxMicroseconds, t == t.rounded() else {
            throw ContainerError(.invalidValue, field: field.member("time"),
                                 reason: "must be a whole number of microseconds within ±\(PointerSample.maxMicroseconds)")
        }
        return PointerSample(x: v["x"]!.number!, y: v["y"]!.number!, time: Int64(t))
    }

    /// A finger restores with its samples (at most 20, in time order, within
    /// the time bound), a `start` exactly when locked, and a pager that is one.
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        guard part != .null else { return state = nil }
        let axis = part["axis"]!.enumeration(PointerAxis.self)!
        let samples = (part["samples"]?.items ?? []).enumerated()
        var history: [PointerSample] = []
        for (k, item) in samples {
            let s = try Self.sample(item, at: restoration.part.member("samples").index(k))
            if let previous = history.last, s.time < previous.time {
                throw restoration.invalid("samples", reason: "must be in time order")
            }
            history.append(s)
        }
        if history.isEmpty || history.count > PointerHistory.capacity {
            throw restoration.invalid("samples", reason: "must hold 1 to \(PointerHistory.capacity) samples")
        }
        let start = try part["start"].flatMap { $0 == .null ? nil : $0 }.map { (v) throws(ContainerError) in
            try Self.sample(v, at: restoration.part.member("start"))
        }
        if (start == nil) != (axis == .pending) {
            throw restoration.invalid("start", reason: "is given exactly when the axis is locked")
        }
        let pager = part["pager"]?.string
        if let pager, restoration.layout.childIndex(of: pager).flatMap(restoration.layout.pager) == nil {
            throw restoration.invalid("pager", reason: "'\(pager)' is not a pager")
        }
        if axis == .horizontal, pager == nil { throw restoration.invalid("pager", reason: "a horizontal swipe needs its pager") }
        if axis == .pan { throw restoration.invalid("axis", reason: "a container finger never pans") }
        let gesture = PointerGesture(
            axis: axis, down: try Self.sample(part["down"]!, at: restoration.part.member("down")), start: start, caught: part["caught"]!.bool!, pager: pager,
            origin: Point(x: part["origin"]!["x"]!.number!, y: part["origin"]!["y"]!.number!),
            path: part["path"]!.number!, history: PointerHistory(history))
        state = PointerState(gesture: gesture, release: nil)
    }
}

extension EventType {
    public static var tap: EventType { EventType("tap") }
}
