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
    /// `visible` and `active` as indices, valid while the structure is
    /// unchanged; `nil` until the first pass (a restored container). A scroll
    /// tick compares indices, not ids.
    private var indices: (visible: [Int], active: Int?)?
    /// The seed pair of the children, found again when the structure
    /// changes; `nil` until needed or after a restore.
    private var seedPair: SeedPair?

    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        if isUnchanged(by: transition) { return }
        let layout = transition.layout
        var seed = SeedPair.none
        if transition.options.seedEvents {
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
        indices = (visibleIndices, layout.activeIndex)
    }

    /// Whether `transition` changes nothing here, as most scroll ticks: the
    /// structure as it was, the same child active, `leaving` still what the
    /// direction makes it (`active` going up, `nil` otherwise) and the same
    /// children visible. Such a tick emits nothing and keeps every id, so it
    /// compares indices and never looks an id up.
    private func isUnchanged(by transition: Transition) -> Bool {
        guard !transition.structureChanged, let indices, indices.active == transition.layout.activeIndex,
              (transition.direction == .up && active != nil) == (leaving != nil) else { return false }
        return isStillVisible(transition.layout, indices.visible)
    }

    /// Whether exactly the children at `indices` are visible in `layout`.
    private func isStillVisible(_ layout: Layout, _ indices: [Int]) -> Bool {
        var matched = 0
        var same = true
        layout.forEachVisibleIndex { i in
            if same, matched < indices.count, indices[matched] == i {
                matched += 1
            } else {
                same = false
            }
        }
        return same && matched == indices.count
    }

    func save(into snapshot: inout ContainerSnapshot) {
        snapshot.visible = visible
        snapshot.active = active
        snapshot.leaving = leaving
    }

    mutating func restore(from snapshot: ContainerSnapshot) {
        visible = snapshot.visible
        active = snapshot.active
        leaving = snapshot.leaving
        indices = nil
        seedPair = nil
    }
}
