/// A feed's current item and preload window (seed 003, ZFPlayer): the
/// current child is the one whose centre is nearest the viewport's centre (a
/// tie goes to the lower index), committed only when a call leaves the phase
/// idle, so a swipe in progress never switches the playing item; the preload
/// window is the `behind` children before it and the `ahead` children after
/// it, itself included.
///
/// The current child is kept by id, so children inserted or removed around
/// it (a load-more) leave it where it is; it is chosen again only when it is
/// removed. Between commits a scroll costs one branch; a commit costs a
/// binary search over the prefix sums and the window's few children, never
/// a pass over all children.
struct Feed: ContainerBehavior {
    /// `nil` without `options.feed`. Boxed, so the behavior is one word in
    /// every container, which scroll calls move around; written only at a
    /// commit, copied first when shared (`ChildStack`'s copy-on-write).
    private var state: FeedState?

    static let declaration = OptionDeclaration(
        "feed",
        .nullable(.object([.required("preload", .object([
            .optional("ahead", .count(max: FeedOptions.maxPreload)),
            .optional("behind", .count(max: FeedOptions.maxPreload)),
        ]))])),
        default: .null)
    static var option: OptionDeclaration? { declaration }

    mutating func configure(_ options: ContainerOptions) { state = options.feed.map(FeedState.init) }

    /// The committed current child's id (`currentChild` in the Layout).
    var currentChild: String? { state?.current?.id }

    /// A feed session's every reply carries `currentChild`
    /// (`Container.feedCurrentMember`); a session without `options.feed`
    /// leaves at the test.
    func prepare(_ draft: inout Draft) {
        if state != nil { draft.replySlots.formUnion(.feedCurrent) }
    }

    /// `currentChild` after `activeChild`, in every reply of a feed
    /// session: `null` while the feed has no children, as `activeChild` is
    /// (issue 26: it was left out).
    var currentMember: FeedCurrentMember {
        guard let state else { return .none }
        guard let current = state.current else { return .null }
        return .child(id: current.id, index: current.index)
    }

    /// A removal or a viewport resize (a rotation, which resizes every
    /// page) keeps the current child where it is on screen: the offset
    /// follows its natural top (unless it is itself removed), as CSS scroll
    /// anchoring would (issue 26: a rotation moved p37 to p42).
    func anchor(_ resize: inout Resize) {
        guard resize.cause != .sizes, let current = state?.current else { return }
        resize.anchor = current.index
    }

    /// A session without `options.feed` stops at the one test, inlined into
    /// the observe pass (with the commit's test inline too, the pass called
    /// the feed's visit out of line on every plain scroll: ~20 instructions).
    @inline(__always)
    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard state != nil else { return }
        observeFeed(transition, events: &events)
    }

    /// Between commits a feed's scroll tick stops at the first guard; the
    /// commit gets scalars, not the transition.
    @inline(never)
    private mutating func observeFeed(_ transition: Transition, events: inout [ContainerEvent]) {
        guard transition.phase == .idle || transition.structureChanged || state?.current == nil else { return }
        commit(stack: transition.layout.stack, offset: transition.layout.offset,
               viewportHeight: transition.layout.viewport.height, idle: transition.phase == .idle,
               structureChanged: transition.structureChanged, events: &events)
    }

    @inline(never)
    private mutating func commit(stack: ChildStack, offset: Double, viewportHeight: Double, idle: Bool,
                                 structureChanged: Bool, events: inout [ContainerEvent]) {
        let previous = state!.current
        var index = previous.flatMap { current in structureChanged ? stack.index(of: current.id) : current.index }
        if idle || index == nil { index = Self.nearestCentre(stack, offset: offset, viewportHeight: viewportHeight) }
        guard index != previous?.index || structureChanged else { return }
        let state = uniqueState()
        let previousWindow = state.window
        state.current = index.map { CurrentChild(id: stack.ids[$0], index: $0) }
        state.window = index.map { i in
            (max(0, i - state.options.behind)...min(stack.count - 1, i + state.options.ahead)).map { stack.ids[$0] }
        } ?? []
        // In travel order: ascending unless the current child moved back.
        let previousIndex = previous.flatMap { stack.index(of: $0.id) }
        let descending = if let index, let previousIndex { index < previousIndex } else { false }
        let left = previousWindow.filter { !state.window.contains($0) }
        let entered = state.window.filter { !previousWindow.contains($0) }
        for id in descending ? left.reversed() : left { events.append(ContainerEvent(.childDidLeavePreload, child: id)) }
        if previous?.id != state.current?.id {
            if let previous { events.append(ContainerEvent(.childDidResignCurrent, child: previous.id)) }
            if let current = state.current { events.append(ContainerEvent(.childDidBecomeCurrent, child: current.id)) }
        }
        for id in descending ? entered.reversed() : entered { events.append(ContainerEvent(.childDidEnterPreload, child: id)) }
    }

    /// The state, copied first when another container shares it.
    private mutating func uniqueState() -> FeedState {
        if !isKnownUniquelyReferenced(&state) { state = state!.copy() }
        return state!
    }

    /// The child whose centre `T_i + C_i / 2` is nearest the viewport's
    /// centre `y + V / 2`, the lower index on a tie; `nil` without children.
    /// Heights are not negative, so a child's centre is farther than the
    /// centre of its neighbour on the way to the child holding the
    /// viewport's centre: only that child and its two neighbours compete.
    static func nearestCentre(_ stack: ChildStack, offset: Double, viewportHeight: Double) -> Int? {
        guard !stack.isEmpty else { return nil }
        let centre = offset + viewportHeight / 2
        let holder = min(stack.naturalHeights.index(containing: centre), stack.count - 1)
        var best: (index: Int, distance: Double)?
        for i in max(0, holder - 1)...min(stack.count - 1, holder + 1) {
            let distance = abs(stack.naturalTop(i) + stack.naturalHeight(i) / 2 - centre)
            if best.map({ distance < $0.distance }) ?? true { best = (i, distance) }
        }
        return best?.index
    }

    /// `state.feed`: the committed current child, `null` without
    /// `options.feed` (or children).
    static let statePart: StateDeclaration? = StateDeclaration("feed", .object([
        .required("current", .nullable(.string())),
    ]), initial: .object(["current": .null]))

    func save() -> OptionValue { .object(["current": OptionValue(currentChild, OptionValue.string)]) }

    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let id = part["current"]?.string
        guard let options = restoration.options.feed else {
            if id != nil { throw restoration.invalid("current", reason: "must be null: options.feed is off") }
            return
        }
        let layout = restoration.layout
        let nearest = Self.nearestCentre(layout.stack, offset: layout.offset, viewportHeight: layout.viewport.height)
        let state = FeedState(options)
        self.state = state
        guard let id else {
            if nearest != nil { throw restoration.invalid("current", reason: "required: options.feed is on") }
            return
        }
        guard let index = layout.childIndex(of: id) else {
            throw restoration.invalid("current", reason: "no child '\(id)' in this snapshot")
        }
        if restoration.phase == .idle, index != nearest {
            throw restoration.invalid("current", reason: "must be the child nearest the viewport's centre while idle")
        }
        state.current = CurrentChild(id: id, index: index)
        state.window = (max(0, index - options.behind)...min(layout.childCount - 1, index + options.ahead)).map(layout.childID)
    }
}

/// The committed current child, by id (what it is) and index (where it was
/// when last looked up: valid until the children change).
private struct CurrentChild {
    let id: String
    let index: Int
}

/// A feed's options and state, in one box (`Feed.state`).
private final class FeedState: @unchecked Sendable {
    let options: FeedOptions
    var current: CurrentChild?
    /// The preload window's ids, ascending by index.
    var window: [String] = []

    init(_ options: FeedOptions) { self.options = options }

    func copy() -> FeedState {
        let copy = FeedState(options)
        copy.current = current
        copy.window = window
        return copy
    }
}

extension Feed {
    static let events = [
        EventDeclaration(.childDidLeavePreload, members: ["child"], rule:
            "the child left the preload window (`behind` children before the current child to `ahead` after it) or was removed from it"),
        EventDeclaration(.childDidResignCurrent, members: ["child"], rule:
            "another child became current at a commit (a call that leaves the phase idle), or the current child was removed"),
        EventDeclaration(.childDidBecomeCurrent, members: ["child"], rule:
            "the child whose centre is nearest the viewport's centre (lower index on a tie) at a commit, or at `session.create`, or when the current child is removed"),
        EventDeclaration(.childDidEnterPreload, members: ["child"], rule:
            "the child entered the preload window, in travel order, after the current child changed or children were inserted or removed"),
    ]
}

extension EventType {
    public static var childDidBecomeCurrent: EventType { EventType("childDidBecomeCurrent") }
    public static var childDidResignCurrent: EventType { EventType("childDidResignCurrent") }
    public static var childDidEnterPreload: EventType { EventType("childDidEnterPreload") }
    public static var childDidLeavePreload: EventType { EventType("childDidLeavePreload") }
}

extension ContainerOptions {
    /// The feed's current child and preload window, off when `nil`.
    public var feed: FeedOptions? {
        get { FeedOptions(self[Feed.declaration.name]) }
        set { self[Feed.declaration.name] = newValue?.value ?? .null }
    }
}

public struct FeedOptions: Equatable, Sendable {
    /// The most children a preload window reaches on either side: a window is
    /// diffed child by child at every commit, so it stays small.
    public static let maxPreload = 16
    /// Seed 003's defaults: the next two items and the previous one.
    public static let defaultAhead = 2
    public static let defaultBehind = 1

    public var ahead: Int
    public var behind: Int

    public init(ahead: Int = defaultAhead, behind: Int = defaultBehind) {
        self.ahead = ahead
        self.behind = behind
    }

    /// The options a value gives, `nil` for `null`. The counts are held to
    /// their declared bound before the conversion, so a value read before it
    /// was checked cannot trap.
    init?(_ value: OptionValue) {
        guard let preload = value["preload"] else { return nil }
        let window = 0...Self.maxPreload
        self.init(ahead: preload["ahead"]?.number.map { clampedIndex($0, in: window) } ?? Self.defaultAhead,
                  behind: preload["behind"]?.number.map { clampedIndex($0, in: window) } ?? Self.defaultBehind)
    }

    var value: OptionValue {
        .object(["preload": .object(["ahead": .number(Double(ahead)), "behind": .number(Double(behind))])])
    }
}

extension Container {
    /// The feed's committed current child (`options.feed`), `nil` without one.
    public var currentChild: String? { behaviors.behavior(of: Feed.self).currentChild }

    /// The feed's `currentChild` member of a reply at the `.feedCurrent`
    /// slot, which a reply writes without visiting every behavior: through
    /// the slot, the member cost a feed's scroll ~400 instructions (issue 28,
    /// bench/scroll-instructions --workload feed). Mutating though it only
    /// reads, as `pointerMember`: the behavior is read where it is stored.
    public mutating func feedCurrentMember() -> FeedCurrentMember { behaviors.behavior(of: Feed.self).currentMember }
}
