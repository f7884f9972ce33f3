/// The ordered children of a container and the sums the solver needs.
///
/// Storage is columnar (ids, payloads, sizes) so a child costs a few dozen bytes,
/// and lives in one copy-on-write box so that passing a stack around (every
/// `Layout` holds one) costs one reference count, not one per column.
/// A size change is O(log² n); inserting or removing children, or changing a
/// sticky bar, is O(n).
struct ChildStack: Sendable {
    /// Exclusivity is unchecked: the box is only reached through `ChildStack`,
    /// which mutates it only after `makeUnique`, so no two accesses overlap;
    /// the runtime checks were a measurable part of every update.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var ids: [String]
        /// Each child's kind and its kind's own members.
        @exclusivity(unchecked) var payloads: [ChildPayload]
        /// The children whose size is not known yet, ascending: few, so a
        /// sorted list costs less than a flag beside every child.
        @exclusivity(unchecked) var unknownSizes: [Int]
        /// Natural heights `C_i` (unknown counts as 0): `T_i = naturalHeights.prefix(i)`.
        @exclusivity(unchecked) var naturalHeights: PrefixSums
        /// Frame heights `H_i`, for the seed's `contentView`.
        @exclusivity(unchecked) var frameHeights: PrefixSums
        /// Child indices by id, as `Int32` to keep a child's bytes down
        /// (`Validation.maxChildren` keeps them in range).
        @exclusivity(unchecked) var indexByID: ChildIDIndex
        @exclusivity(unchecked) var pins: StickyPins
        /// The side tables of the kinds that have one (`KindTables`).
        @exclusivity(unchecked) var tables: KindTables
        /// Per child, the members its kind adds to its entry of a Layout
        /// reply (`ChildKindRule.layoutMembers`; one load per child of a
        /// reply, not a call through its rule); empty when no kind adds any.
        @exclusivity(unchecked) var kindMembers: [KindLayoutMembers]
        /// The collapsing headers' child indices, ascending.
        @exclusivity(unchecked) var headerIndices: [Int]
        /// Whether some collapsing header floats (`CollapsingChild.Mode.floating`).
        @exclusivity(unchecked) var hasFloatingHeader: Bool
        /// The viewport height the frame heights were computed for.
        @exclusivity(unchecked) var viewportHeight: Double

        /// No children, at `viewportHeight`.
        init(viewportHeight: Double) {
            (ids, payloads, unknownSizes, kindMembers, headerIndices) = ([], [], [], [], [])
            (naturalHeights, frameHeights) = (PrefixSums(), PrefixSums())
            (indexByID, pins, tables) = (ChildIDIndex([]), StickyPins(), KindTables())
            (hasFloatingHeader, self.viewportHeight) = (false, viewportHeight)
        }

        /// `other`'s columns, each assigned once: with default values, a copy
        /// built empty columns (a prefix sums' rebuild, an id index) only to
        /// drop them, 4.1k instructions of a pager's swipe (issue 28).
        init(copying other: Storage) {
            (ids, payloads, unknownSizes, kindMembers, headerIndices) =
                (other.ids, other.payloads, other.unknownSizes, other.kindMembers, other.headerIndices)
            (naturalHeights, frameHeights) = (other.naturalHeights, other.frameHeights)
            (indexByID, pins, tables) = (other.indexByID, other.pins, other.tables)
            (hasFloatingHeader, viewportHeight) = (other.hasFloatingHeader, other.viewportHeight)
        }
    }

    private var storage: Storage

    /// An empty stack, shared: what a container holds while a draft has its
    /// stack (`Container.commit`), so the draft's is not shared.
    static let detached = ChildStack([], viewportHeight: 0)

    /// Creates a stack; the caller has validated the specs (unique ids, finite
    /// sizes), and `index` is their ids' (`Validation.children`), or `nil`.
    init(_ specs: [ChildSpec], viewportHeight: Double, index: ChildIDIndex? = nil) {
        storage = Storage(viewportHeight: viewportHeight)
        insert(specs, at: 0, index: index)
    }

    var ids: [String] { storage.ids }
    var payloads: [ChildPayload] { storage.payloads }
    var naturalHeights: PrefixSums { storage.naturalHeights }
    var frameHeights: PrefixSums { storage.frameHeights }
    var pins: StickyPins { storage.pins }
    var kindTables: KindTables { storage.tables }
    /// Whether some child's kind writes members into its entry of a Layout
    /// reply: the reply's encoder asks each child's kind only then.
    var hasKindMembers: Bool { !storage.kindMembers.isEmpty }
    /// The members child `i`'s kind adds to its entry.
    func kindMembers(_ i: Int) -> KindLayoutMembers { storage.kindMembers.isEmpty ? .none : storage.kindMembers[i] }
    var headerIndices: [Int] { storage.headerIndices }
    /// Whether some collapsing header floats: only a floating header's
    /// offset depends on the path the container's offset took.
    var hasFloatingHeader: Bool { storage.hasFloatingHeader }
    /// The viewport height the frame heights were computed for.
    var viewportHeight: Double { storage.viewportHeight }
    var unknownSizeCount: Int { storage.unknownSizes.count }

    var count: Int { storage.ids.count }
    var isEmpty: Bool { storage.ids.isEmpty }
    var contentHeight: Double { storage.naturalHeights.total }

    /// Whether `other` is this very stack (one storage), not merely an equal one.
    func sharesStorage(with other: ChildStack) -> Bool { storage === other.storage }

    func index(of id: String) -> Int? { storage.indexByID.index(of: id, in: storage.ids) }

    @inline(__always)  // `Layout.child` calls it, and `pinnedHeightAbove`, for every child it lays out
    func naturalTop(_ i: Int) -> Double { storage.naturalHeights.prefix(i) }
    func naturalHeight(_ i: Int) -> Double { storage.naturalHeights.values[i] }
    func frameHeight(_ i: Int) -> Double { storage.frameHeights.values[i] }
    func isSizeKnown(_ i: Int) -> Bool { unknownPosition(i).found == false }

    /// Whether child `i`'s position is known: its size and every size above it.
    func isPlacementKnown(_ i: Int) -> Bool { (storage.unknownSizes.first ?? count) > i }

    /// Where `i` is or would go in `unknownSizes`.
    private func unknownPosition(_ i: Int) -> (index: Int, found: Bool) {
        var low = 0
        var high = storage.unknownSizes.count
        while low < high {
            let mid = (low + high) / 2
            if storage.unknownSizes[mid] < i { low = mid + 1 } else { high = mid }
        }
        return (low, low < storage.unknownSizes.count && storage.unknownSizes[low] == i)
    }

    /// The declared spec of child `i`, as the client gave it.
    func spec(_ i: Int) -> ChildSpec {
        let payload = storage.payloads[i]
        let declared = isSizeKnown(i) && payload.kind.takesSize
        return storage.tables.spec(ChildSpec(id: storage.ids[i], size: declared ? naturalHeight(i) : nil, payload: payload), child: i)
    }

    /// The bottom of the pinned stack above child `i` once every bar above it is
    /// pinned: `B_i` in the solver.
    @inline(__always)  // see `naturalTop`
    func pinnedHeightAbove(_ i: Int) -> Double { storage.pins.pinnedBottom(above: i) }

    /// The frame height of child `i` at natural height `natural`, by its kind's rule.
    func frameHeight(_ i: Int, natural: Double) -> Double {
        storage.payloads[i].kind.rule.frameHeight(natural: natural, pinnedAbove: storage.pins.pinnedBottom(above: i),
                                                  viewportHeight: storage.viewportHeight)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// Sets the size of child `i`. A pinned-stack bar's height moves every pin
    /// line below it, so it recomputes the pins and frame heights (O(n)).
    mutating func setSize(_ i: Int, _ size: Double) {
        makeUnique()
        let unknown = unknownPosition(i)
        if unknown.found { storage.unknownSizes.remove(at: unknown.index) }
        storage.naturalHeights.set(i, size)
        if storage.pins.contains(i) {
            storage.pins = StickyPins(payloads: storage.payloads, sizes: storage.naturalHeights.values)
            refreshDerivedHeights(frames: false)
            recomputeFrameHeights()
        } else {
            storage.frameHeights.set(i, frameHeight(i, natural: size))
        }
    }

    /// Changes the viewport height every scroll child's frame height and
    /// every page's height depend on.
    mutating func setViewportHeight(_ height: Double) {
        guard height != storage.viewportHeight else { return }
        makeUnique()
        storage.viewportHeight = height
        if storage.payloads.contains(where: { $0.kind.isViewportTall }) {
            storage.naturalHeights = PrefixSums(zip(storage.payloads, storage.naturalHeights.values).map { payload, size in
                payload.kind.isViewportTall ? height : size
            })
        }
        refreshDerivedHeights(frames: false)
        recomputeFrameHeights()
    }

    /// Changes the side tables (a pager's selection or swipe, a page's size)
    /// and, when `body` answers that it resized a child, the natural and
    /// frame heights they give with it (a swipe frame resizes none).
    mutating func updateKindTables(_ body: (inout KindTables) -> Bool) {
        makeUnique()
        if body(&storage.tables) { refreshDerivedHeights(frames: true) }
    }

    /// Sets the natural heights the side tables give (a pager's is its
    /// selected page's: the pins and the viewport it pads to may have
    /// moved), and with `frames` their frame heights (else the caller
    /// recomputes every frame height next).
    private mutating func refreshDerivedHeights(frames: Bool) {
        let tables = storage.tables
        tables.forEachNaturalHeight(pins: storage.pins, viewportHeight: storage.viewportHeight) { i, natural in
            guard natural != storage.naturalHeights.values[i] else { return }
            storage.naturalHeights.set(i, natural)
            if frames { storage.frameHeights.set(i, frameHeight(i, natural: natural)) }
        }
    }

    /// `indexByID`: the stack's ids' index after the insertion, when the caller has it.
    mutating func insert(_ specs: [ChildSpec], at index: Int, index indexByID: ChildIDIndex? = nil) {
        makeUnique()
        // Lazy: a column built first and then copied in took its size twice.
        storage.ids.insert(contentsOf: specs.lazy.map(\.id), at: index)
        storage.payloads.insert(contentsOf: specs.lazy.map(\.payload), at: index)
        storage.tables.insert(specs)
        let shifted = storage.unknownSizes.map { $0 >= index ? $0 + specs.count : $0 }
        let added = specs.indices.filter { specs[$0].size == nil && specs[$0].kind.takesSize }
            .map { $0 + index }
        storage.unknownSizes = (shifted + added).sorted()
        let viewportHeight = storage.viewportHeight
        storage.naturalHeights.replaceSubrange(index..<index, with: specs.lazy.map { spec in
            spec.kind.isViewportTall ? viewportHeight : spec.size ?? 0
        })
        reindex(indexByID)
    }

    /// Removes the children at `indices` (sorted ascending, unique).
    mutating func remove(at indices: [Int]) {
        makeUnique()
        var sizes = storage.naturalHeights.values
        for i in indices.reversed() {
            storage.ids.remove(at: i)
            storage.payloads.remove(at: i)
            sizes.remove(at: i)
        }
        var kept: [Int] = []
        var below = 0
        for u in storage.unknownSizes {
            while below < indices.count, indices[below] < u { below += 1 }
            if below < indices.count, indices[below] == u { continue }
            kept.append(u - below)
        }
        storage.unknownSizes = kept
        storage.naturalHeights = PrefixSums(sizes)
        reindex()
    }

    private mutating func reindex(_ indexByID: ChildIDIndex? = nil) {
        // The kinds' members are listed only when some kind has any: a list
        // built to be dropped took 24 MB more for a moment in a 1 000 000-child
        // create (bench/create-memory).
        storage.indexByID = indexByID ?? ChildIDIndex(storage.ids)
        storage.pins = StickyPins(payloads: storage.payloads, sizes: storage.naturalHeights.values)
        storage.tables.reindex(storage.ids)
        refreshDerivedHeights(frames: false)
        let hasKindMembers = storage.payloads.contains { $0.kind.layoutMembers != .none }
        storage.kindMembers = hasKindMembers ? storage.payloads.map { $0.kind.layoutMembers } : []
        storage.headerIndices = storage.payloads.indices.filter { storage.payloads[$0].kind == .collapsing }
        storage.hasFloatingHeader = storage.payloads.contains {
            if case .collapsing(let header) = $0 { header.mode == .floating } else { false }
        }
        recomputeFrameHeights()
    }

    private mutating func recomputeFrameHeights() {
        var heights = [Double]()
        heights.reserveCapacity(count)
        for i in 0..<count {
            heights.append(frameHeight(i, natural: storage.naturalHeights.values[i]))
        }
        storage.frameHeights = PrefixSums(heights)
    }
}
