/// The per-child lifecycle: shown, hidden, active, resigned, scrolling away;
/// with the seed's names for the first two scroll children.
///
/// Within one change list the events come in this order, which is the order
/// a continuous scroll would meet them in:
/// `childWillHide`, `childDidShow` (in scroll order), `childDidResignActive`,
/// `childDidBecomeActive`, `childDidHide` (in scroll order). Scroll order is
/// child order when the offset grew, reversed when it shrank.
struct VisibilityLifecycle: ContainerBehavior {
    /// The visible children, in child order.
    private(set) var visible: [String] = []
    private(set) var active: String?
    /// The child whose `childWillHide` has fired and still holds: `nil` or
    /// `active` once `observe` has run.
    private(set) var leaving: String?
    /// `visible` and `active` as indices, valid while `hasIndices` (the
    /// structure unchanged since the last pass; not after a restore). A
    /// scroll tick compares indices, not ids. Plain members and a flag
    /// rather than an optional tuple: the optimizer copied the optional
    /// through its value witnesses, ~450 instructions a scroll (callgrind,
    /// bench/scroll-instructions).
    private var visibleIndices: [Int] = []
    private var activeIndex: Int?
    private var hasIndices = false
    /// The seed pair of the children, found again when the structure
    /// changes; `nil` until needed or after a restore.
    private var seedPair: SeedPair?

    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        if isUnchanged(by: transition) { return }
        emitChanges(transition, events: &events)
    }

    /// Out of line, so its copy of the layout is not made on a tick that
    /// changes nothing.
    @inline(never)
    private mutating func emitChanges(_ transition: Transition, events: inout [ContainerEvent]) {
        let layout = transition.layout
        var seed = SeedPair.none
        if transition.seedEvents {
            if let known = seedPair, !transition.structureChanged {
                seed = known
            } else {
                seed = SeedPair(of: layout.stack)
                seedPair = seed
            }
        }
        let topID = seed.top.map(layout.childID)
        let bottomID = seed.bottom.map(layout.childID)
        /// Appends a general event, then the seed's name for it when the child
        /// is the seed's top or bottom child.
        func emit(_ type: EventType, _ id: String, top: EventType? = nil, bottom: EventType? = nil) {
            events.append(ContainerEvent(type, child: id))
            if let top, id == topID { events.append(ContainerEvent(top, child: id)) }
            if let bottom, id == bottomID { events.append(ContainerEvent(bottom, child: id)) }
        }

        let nowActive = layout.activeIndex.map(layout.childID)
        let nowLeaving = transition.direction == .up ? nowActive : nil
        if let id = nowLeaving, id != leaving {
            emit(.childWillHide, id, top: .topVCWillDisappear)
        }
        leaving = nowLeaving

        let visibleIndices = layout.visibleIndices
        let nowVisible = visibleIndices.map(layout.childID)
        let visibilityChanged = nowVisible != visible
        if visibilityChanged {
            let before = Set(visible)
            var shown = nowVisible.filter { !before.contains($0) }
            if transition.isDescending { shown.reverse() }
            for id in shown { emit(.childDidShow, id, top: .topVCDidAppear, bottom: .bottomVCDidShow) }
        }
        if nowActive != active {
            if let old = active { emit(.childDidResignActive, old) }
            if let id = nowActive { emit(.childDidBecomeActive, id, bottom: .didScrollToBottomContainer) }
            active = nowActive
        }
        if visibilityChanged {
            let after = Set(nowVisible)
            var hidden = visible.filter { !after.contains($0) }
            if transition.isDescending { hidden.reverse() }
            for id in hidden { emit(.childDidHide, id, top: .topVCDidDisappear) }
            visible = nowVisible
        }
        self.visibleIndices = visibleIndices
        activeIndex = layout.activeIndex
        hasIndices = true
    }

    /// Whether `transition` changes nothing here, as most scroll ticks: the
    /// structure as it was, the same child active, `leaving` still what the
    /// direction makes it (`active` going up, `nil` otherwise) and the same
    /// children visible. Such a tick emits nothing and keeps every id, so it
    /// compares indices and never looks an id up.
    private func isUnchanged(by transition: Transition) -> Bool {
        guard !transition.structureChanged, hasIndices, activeIndex == transition.layout.activeIndex,
              (transition.direction == .up && active != nil) == (leaving != nil) else { return false }
        return isStillVisible(in: transition)
    }

    /// Whether exactly the children at `visibleIndices` are visible in the
    /// transition's layout. Reads the layout in place: a layout passed as an
    /// argument is copied whole (a memcpy and a retain per scroll).
    private func isStillVisible(in transition: Transition) -> Bool {
        let indices = visibleIndices
        var matched = 0
        var same = true
        transition.layout.forEachVisibleIndex { i in
            if same, matched < indices.count, indices[matched] == i {
                matched += 1
            } else {
                same = false
            }
        }
        return same && matched == indices.count
    }

    /// All three are what the layout gives (as `observe` leaves them after
    /// every call), so they are derived, never stored; a format 1 snapshot's
    /// stored ones must agree.
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let layout = restoration.layout
        visible = layout.visibleIndices.map(layout.childID)
        active = layout.activeIndex.map(layout.childID)
        leaving = restoration.direction == .up ? active : nil
        hasIndices = false
        seedPair = nil
        guard let stored = restoration.storedDerivedState else { return }
        guard stored.visible == visible else {
            throw restoration.invalid("visible", reason: "must be \(visible), the children visible at the snapshot's offset")
        }
        guard stored.active == active else {
            throw restoration.invalid("active", reason: "must be \(active.map { "'\($0)'" } ?? "null"), the active child at the snapshot's offset")
        }
        guard stored.leaving == leaving else {
            throw restoration.invalid("leaving", reason: "must be \(leaving.map { "'\($0)'" } ?? "null"): the active child while the direction is up, else null")
        }
    }
}

extension VisibilityLifecycle {
    static let events = [
        EventDeclaration(.childWillHide, members: ["child"], rule:
            "\"scrolling away\": *the child is active and the direction is `up`* becomes true"),
        EventDeclaration(.topVCWillDisappear, members: ["child"], rule: "`childWillHide` of the top child (seed name)"),
        EventDeclaration(.childDidShow, members: ["child"], rule:
            "the child is visible after the call and was not before (also at creation)"),
        EventDeclaration(.topVCDidAppear, members: ["child"], rule: "`childDidShow` of the top child (seed name)"),
        EventDeclaration(.bottomVCDidShow, members: ["child"], rule: "`childDidShow` of the bottom child (seed name)"),
        EventDeclaration(.childDidResignActive, members: ["child"], rule:
            "the child was the active child and no longer is (or was removed)"),
        EventDeclaration(.childDidBecomeActive, members: ["child"], rule:
            "the child became the active child (also at creation)"),
        EventDeclaration(.didScrollToBottomContainer, members: ["child"], rule:
            "`childDidBecomeActive` of the bottom child (seed name)"),
        EventDeclaration(.childDidHide, members: ["child"], rule:
            "the child was visible before the call and is not after, or was removed while visible"),
        EventDeclaration(.topVCDidDisappear, members: ["child"], rule: "`childDidHide` of the top child (seed name)"),
    ]
}

extension EventType {
    public static var childDidShow: EventType { EventType("childDidShow") }
    public static var childDidHide: EventType { EventType("childDidHide") }
    public static var childWillHide: EventType { EventType("childWillHide") }
    public static var childDidBecomeActive: EventType { EventType("childDidBecomeActive") }
    public static var childDidResignActive: EventType { EventType("childDidResignActive") }
    public static var topVCDidAppear: EventType { EventType("topVCDidAppear") }
    public static var topVCWillDisappear: EventType { EventType("topVCWillDisappear") }
    public static var topVCDidDisappear: EventType { EventType("topVCDidDisappear") }
    public static var bottomVCDidShow: EventType { EventType("bottomVCDidShow") }
    public static var didScrollToBottomContainer: EventType { EventType("didScrollToBottomContainer") }
}
