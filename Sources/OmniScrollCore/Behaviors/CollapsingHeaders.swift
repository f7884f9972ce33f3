/// Collapsing headers (`CollapsingChild`): the effective scroll offset of
/// each, which a `floating` header takes from the path the offset travelled
/// (so the snapshot keeps it), and `childDidCollapse` / `childDidExpand`
/// when a header's collapse reaches 1 or comes back to 0.
struct CollapsingHeaders: ContainerBehavior {
    /// The headers' path, behind a reference and `nil` in a container
    /// without headers: every container holds its behaviors inline, and
    /// the scroll path moves the container (memcpy by size).
    private var path: Path?

    private final class Path: @unchecked Sendable {
        struct State {
            /// Each header's effective scroll offset, parallel to the stack's
            /// `headerIndices`; while `derived`, left as it was.
            var scroll: [Double] = []
            /// No header floated at the last follow, so none was followed:
            /// each effective offset is how far `lastOffset` carries the
            /// header (`scrolledPast`), derived where it is read. Only a
            /// floating header's offset depends on the path.
            var derived = false
            /// The ends each header was at after the last change list.
            var ends: [HeaderEnd] = []
            /// The offset `scroll` was followed to (a snap follows it on to the draft's).
            var lastOffset = 0.0
        }

        // Unchecked: only `updatePath` and reads within one call reach it, never overlapping.
        @exclusivity(unchecked) var state: State
        init(_ state: State) { self.state = state }
    }

    /// Changes the path in place when this container alone holds it, else on a copy.
    private mutating func updatePath(_ change: (inout Path.State) -> Void) {
        if isKnownUniquelyReferenced(&path), path != nil {
            // Through the stored reference: a bound copy retains it.
            change(&path!.state)
        } else {
            var state = path?.state ?? Path.State()
            change(&state)
            path = Path(state)
        }
    }

    /// Each header's effective scroll offset, parallel to the stack's
    /// `headerIndices`, for the floating ones (the layout derives the others
    /// from the offset: `followedScroll` gives every one); empty without
    /// headers, and without a floating one at the last follow (the usual
    /// header: the layout then reads nothing, and no array is retained).
    var scroll: [Double] {
        guard let path, !path.state.derived else { return [] }
        return path.state.scroll
    }
    private var ends: [HeaderEnd] { path?.state.ends ?? [] }
    private var lastOffset: Double { path?.state.lastOffset ?? 0 }

    private enum HeaderEnd: Equatable {
        case expanded, between, collapsed

        init(_ collapse: Double) {
            self = collapse >= 1 ? .collapsed : collapse <= 0 ? .expanded : .between
        }
    }

    /// Moves every header's effective scroll offset from `previous` (`nil`:
    /// the container is new) to `offset`: how far the offset carries the
    /// header past its pin line, except that a `floating` header follows
    /// Flutter's rule (`floatingScroll`). Headers of a changed stack start afresh.
    @inline(__always)  // a container without headers pays the guard only
    mutating func didMove(_ stack: ChildStack, from previous: Double?, to offset: Double) {
        guard !stack.headerIndices.isEmpty || path != nil else { return }
        follow(stack, from: previous, to: offset)
    }

    private mutating func follow(_ stack: ChildStack, from previous: Double?, to offset: Double) {
        let continues = previous != nil && (path?.state.scroll.count ?? 0) == stack.headerIndices.count
        let floats = stack.hasFloatingHeader
        updatePath { state in
            if let previous, continues {
                // Without a floating header every offset is derived from the
                // offset alone: nothing to follow (the usual scroll).
                if floats {
                    if state.derived {
                        for k in state.scroll.indices {
                            state.scroll[k] = Self.scrolledPast(child: stack.headerIndices[k], in: stack, at: state.lastOffset)
                        }
                    }
                    // In place: a scroll moves the offsets it holds, allocating
                    // nothing (the indices read in place: a copy retains them).
                    for k in state.scroll.indices {
                        state.scroll[k] = Self.scroll(state.scroll[k], child: stack.headerIndices[k], in: stack,
                                                      from: previous, to: offset)
                    }
                }
                state.derived = !floats
            } else {
                state.scroll = stack.headerIndices.map { Self.scrolledPast(child: $0, in: stack, at: offset) }
                state.derived = false
            }
            state.lastOffset = offset
        }
    }

    /// Header `k`'s (child `i`'s) effective scroll offset after the last follow.
    private func followedScroll(_ k: Int, child i: Int, in stack: ChildStack) -> Double {
        path!.state.derived ? Self.scrolledPast(child: i, in: stack, at: lastOffset) : path!.state.scroll[k]
    }

    /// The effective scroll offset of child `i`, a header whose offset was
    /// `e`, once the container's offset goes from `previous` to `offset`.
    private static func scroll(_ e: Double, child i: Int, in stack: ChildStack, from previous: Double, to offset: Double) -> Double {
        let now = scrolledPast(child: i, in: stack, at: offset)
        guard case .collapsing(let header) = stack.payloads[i], header.mode == .floating else { return now }
        return floatingScroll(e, last: scrolledPast(child: i, in: stack, at: previous), now: now, maxExtent: stack.naturalHeight(i))
    }

    /// Snaps a `snap` header left partly collapsed when the phase becomes
    /// idle: a motion to the nearer end (`snapTarget`), which a drag stops.
    @inline(__always)  // a container without headers pays the guard only
    mutating func prepare(_ draft: inout Draft) {
        guard path != nil, draft.phase == .idle, draft.previousPhase != .idle else { return }
        startSnap(&draft)
    }

    @inline(never)
    private func startSnap(_ draft: inout Draft) {
        let stack = draft.stack
        guard let path, path.state.scroll.count == stack.headerIndices.count, draft.motionRequest == nil else { return }
        for (k, i) in stack.headerIndices.enumerated() {
            guard case .collapsing(let header) = stack.payloads[i], header.snap else { continue }
            let e = Self.scroll(followedScroll(k, child: i, in: stack), child: i, in: stack, from: lastOffset, to: draft.offset)
            if let target = Self.snapTarget(offset: draft.offset, scrolledPast: e,
                                            range: stack.naturalHeight(i) - header.minHeight) {
                draft.startMotion(to: target, phase: .animating)
                return
            }
        }
    }

    /// The offset that settles a header scrolled `e` into its collapse
    /// `range` (`maxHeight − minHeight`) at the nearer end, `nil` when it is
    /// at an end already. AppBarLayout's midpoint rule
    /// (`AppBarLayout.Behavior.snapToChildIfNeeded`): past half of the
    /// range it collapses, else it expands.
    static func snapTarget(offset: Double, scrolledPast e: Double, range: Double) -> Double? {
        guard e > 0, e < range else { return nil }
        return offset - e + (e > range / 2 ? range : 0)
    }

    /// How far `offset` carries child `i`'s natural top past its pin line, ≥ 0.
    /// Inline: every layout with headers asks it per header (`headerStates`).
    @inline(__always)
    static func scrolledPast(child i: Int, in stack: ChildStack, at offset: Double) -> Double {
        // At most an offset's bound, which `state.headerScroll` holds (an
        // offset of 1e24 carries a header below a 1e12 pin line farther);
        // any `e` past `maxHeight` lays the header out alike.
        min(Bounds.maxOffset, max(0, offset + stack.pins.pinTop(ofChild: i) - stack.naturalTop(i)))
    }

    /// A floating header's effective scroll offset `e` once its own scroll
    /// offset goes from `last` to `now` (Flutter's
    /// `RenderSliverFloatingPersistentHeader.performLayout`): while the
    /// offset goes down, or any of it shows, it moves by as much as the
    /// offset, starting from `maxExtent` when it was wholly gone and the
    /// offset goes down (it comes back at once, whatever the offset), never
    /// below 0 nor above `now`; else it is `now`.
    static func floatingScroll(_ e: Double, last: Double, now: Double, maxExtent: Double) -> Double {
        guard now < last || e < maxExtent else { return now }
        let delta = last - now
        let start = delta > 0 ? min(e, maxExtent) : e
        return clamp(start - delta, 0, now)
    }

    @inline(__always)  // a container without headers pays the guard only
    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard path != nil || transition.layout.hasHeaders, !endsHold(in: transition) else { return }
        emitEnds(transition, events: &events)
    }

    private mutating func emitEnds(_ transition: Transition, events: inout [ContainerEvent]) {
        let layout = transition.layout
        let headers = layout.stack.headerIndices
        var ends = self.ends
        if ends.count != headers.count { ends = headers.map { _ in .expanded } }
        var changes: [ContainerEvent] = []
        for (k, i) in headers.enumerated() {
            let end = HeaderEnd(layout.collapse(ofHeader: k))
            if end != ends[k] {
                if end == .collapsed { changes.append(ContainerEvent(.childDidCollapse, child: layout.childID(i))) }
                if end == .expanded { changes.append(ContainerEvent(.childDidExpand, child: layout.childID(i))) }
                ends[k] = end
            }
        }
        if ends != self.ends { updatePath { $0.ends = ends } }
        events.append(contentsOf: transition.isDescending ? changes.reversed() : changes)
    }

    /// Whether every header is at the end it was at after the last change
    /// list (the usual scroll, which then copies and builds nothing).
    /// Reads the transition's layout in place: a layout passed as an
    /// argument from here is copied whole (a memcpy per scroll).
    private func endsHold(in transition: Transition) -> Bool {
        guard let path, path.state.ends.count == transition.layout.stack.headerIndices.count else { return false }
        for k in path.state.ends.indices where HeaderEnd(transition.layout.collapse(ofHeader: k)) != path.state.ends[k] {
            return false
        }
        return true
    }

    /// `state.headerScroll`: each header's effective scroll offset, in
    /// child order; empty: derived from the offset (no header floats back).
    static let statePart: StateDeclaration? = StateDeclaration(
        "headerScroll", .array(items: .travel), initial: .array([]))

    func save(with stack: ChildStack) -> OptionValue {
        guard path != nil else { return .array([]) }
        return .array(stack.headerIndices.indices.map { .number(followedScroll($0, child: stack.headerIndices[$0], in: stack)) })
    }

    /// The offsets a snapshot's part stores, for the layout every part is
    /// restored against (empty when none, or when the part is not numbers).
    static func storedScroll(_ state: [String: OptionValue]) -> [Double] {
        state["headerScroll"]?.numbers ?? []
    }

    /// A stored scroll offset must be one a path could leave: within
    /// `[0, how far the offset carries the header]`, and exactly that for a
    /// header that does not float.
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let layout = restoration.layout
        let stack = layout.stack
        let derived = stack.headerIndices.map { Self.scrolledPast(child: $0, in: stack, at: layout.offset) }
        var scroll = derived
        if let stored = part.numbers, !stored.isEmpty {
            guard stored.count == derived.count else {
                throw restoration.invalid(reason: "must hold one offset per collapsing header (\(derived.count))")
            }
            for (k, i) in stack.headerIndices.enumerated() {
                guard case .collapsing(let header) = stack.payloads[i] else { continue }
                let valid = header.mode == .floating ? stored[k] >= 0 && stored[k] <= derived[k] : stored[k] == derived[k]
                guard valid else {
                    throw ContainerError(.invalidValue, field: restoration.part.index(k),
                                         reason: header.mode == .floating
                                             ? "must be between 0 and \(CSSNumber.text(derived[k])), how far the offset carries the header"
                                             : "must be \(CSSNumber.text(derived[k])), how far the offset carries the header")
                }
            }
            scroll = stored
        }
        guard !scroll.isEmpty else { path = nil; return }
        let ends = zip(stack.headerIndices, scroll).map { i, e -> HeaderEnd in
            guard case .collapsing(let header) = stack.payloads[i] else { return .expanded }
            return HeaderEnd(header.state(scrolledPast: e, carried: e, natural: stack.naturalHeight(i), isHeld: e > 0).collapse)
        }
        path = Path(Path.State(scroll: scroll, ends: ends, lastOffset: layout.offset))
    }
}

extension CollapsingHeaders {
    static let events = [
        EventDeclaration(.childDidCollapse, members: ["child"], rule: "a collapsing header's collapse reached 1"),
        EventDeclaration(.childDidExpand, members: ["child"], rule: "a collapsing header's collapse came back to 0"),
    ]
}

extension EventType {
    public static var childDidCollapse: EventType { EventType("childDidCollapse") }
    public static var childDidExpand: EventType { EventType("childDidExpand") }
}
