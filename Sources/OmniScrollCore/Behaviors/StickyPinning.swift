/// `childDidPin` / `childDidUnpin` when a sticky bar reaches its pin line or
/// goes back into flow, in scroll order.
struct StickyPinning: ContainerBehavior {
    /// The pinned bars, in child order.
    private(set) var pinned: [String] = []
    /// `pinned` as child indices, valid while `hasIndices` (the structure
    /// unchanged since the last pass; not after a restore): a scroll tick
    /// compares indices, not ids.
    private var pinnedIndices: [Int] = []
    private var hasIndices = false

    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        // No bar, and none pinned before (the usual container): nothing to compare.
        guard transition.layout.stack.pins.count > 0 || !pinned.isEmpty else { return }
        if hasIndices, !transition.structureChanged, isPinnedNow(in: transition.layout) { return }
        let layout = transition.layout
        var now: [String] = []
        pinnedIndices.removeAll(keepingCapacity: true)
        for i in layout.stack.pins.childIndices where layout.isPinned(i) {
            now.append(layout.childID(i))
            pinnedIndices.append(i)
        }
        hasIndices = true
        var changes: [ContainerEvent] = []
        for id in now where !pinned.contains(id) { changes.append(ContainerEvent(.childDidPin, child: id)) }
        for id in pinned where !now.contains(id) && layout.childIndex(of: id) != nil {
            changes.append(ContainerEvent(.childDidUnpin, child: id))
        }
        // Pins happen top to bottom going up, unpins bottom to top going down.
        events.append(contentsOf: transition.isDescending ? changes.reversed() : changes)
        pinned = now
    }

    /// Whether the bars pinned in `layout` are exactly `pinnedIndices`, in
    /// order: the usual scroll, which then builds no list.
    private func isPinnedNow(in layout: Layout) -> Bool {
        var k = 0
        // By index: a `for in` over the array retains it.
        for bar in 0..<layout.stack.pins.count {
            let i = layout.stack.pins.childIndices[bar]
            guard layout.isPinned(i) else { continue }
            guard k < pinnedIndices.count, pinnedIndices[k] == i else { return false }
            k += 1
        }
        return k == pinnedIndices.count
    }

    /// The pinned bars are what the layout gives, so they are derived, never
    /// stored; a format 1 snapshot's stored ones must agree.
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let layout = restoration.layout
        pinned = layout.stack.pins.childIndices.filter(layout.isPinned).map(layout.childID)
        hasIndices = false
        if let stored = restoration.storedDerivedState?.pinned, stored != pinned {
            throw restoration.invalid("pinned", reason: "must be \(pinned), the sticky bars pinned at the snapshot's offset")
        }
    }
}

extension StickyPinning {
    static let events = [
        EventDeclaration(.childDidPin, members: ["child"], rule: "a sticky bar reached its pin line: `offset + pinTop ≥ T`"),
        EventDeclaration(.childDidUnpin, members: ["child"], rule: "a sticky bar went back into flow"),
    ]
}

extension EventType {
    public static var childDidPin: EventType { EventType("childDidPin") }
    public static var childDidUnpin: EventType { EventType("childDidUnpin") }
}
