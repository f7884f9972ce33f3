/// The ordered children of a container and the sums the solver needs.
///
/// Storage is columnar (ids, kinds, sizes) so a child costs a few dozen bytes,
/// and lives in one copy-on-write box so that passing a stack around (every
/// `Layout` holds one) costs one reference count, not one per column.
/// A size change is O(log² n); inserting or removing children, or changing a
/// sticky bar, is O(n).
struct ChildStack: Sendable {
    /// Exclusivity is unchecked: the box is only reached through `ChildStack`,
    /// which mutates it only after `makeUnique`, so no two accesses overlap;
    /// the runtime checks were a measurable part of every update.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var ids: [String] = []
        @exclusivity(unchecked) var kinds: [ChildKind] = []
        /// The children whose size is not known yet, ascending: few, so a
        /// sorted list costs less than a flag beside every child.
        @exclusivity(unchecked) var unknownSizes: [Int] = []
        /// Natural heights `C_i` (unknown counts as 0): `T_i = naturalHeights.prefix(i)`.
        @exclusivity(unchecked) var naturalHeights = PrefixSums()
        /// Frame heights `H_i`, for the seed's `contentView`.
        @exclusivity(unchecked) var frameHeights = PrefixSums()
        /// Child indices by id, as `Int32` to keep a child's bytes down
        /// (`Validation.maxChildren` keeps them in range).
        @exclusivity(unchecked) var indexByID: [String: Int32] = [:]
        @exclusivity(unchecked) var pins = StickyPins()
        /// The viewport height the frame heights were computed for.
        @exclusivity(unchecked) var viewportHeight: Double
        /// The seed's "top" and "bottom" children: the first two scroll children.
        @exclusivity(unchecked) var seedPair: (top: Int?, bottom: Int?) = (nil, nil)

        init(viewportHeight: Double) { self.viewportHeight = viewportHeight }

        func copy() -> Storage {
            let copy = Storage(viewportHeight: viewportHeight)
            copy.ids = ids
            copy.kinds = kinds
            copy.unknownSizes = unknownSizes
            copy.naturalHeights = naturalHeights
            copy.frameHeights = frameHeights
            copy.indexByID = indexByID
            copy.pins = pins
            copy.seedPair = seedPair
            return copy
        }
    }

    private var storage: Storage

    /// Creates a stack; the caller has validated the specs (unique ids, finite sizes).
    init(_ specs: [ChildSpec], viewportHeight: Double) {
        storage = Storage(viewportHeight: viewportHeight)
        insert(specs, at: 0)
    }

    var ids: [String] { storage.ids }
    var kinds: [ChildKind] { storage.kinds }
    var naturalHeights: PrefixSums { storage.naturalHeights }
    var frameHeights: PrefixSums { storage.frameHeights }
    var pins: StickyPins { storage.pins }
    var unknownSizeCount: Int { storage.unknownSizes.count }
    var seedPair: (top: Int?, bottom: Int?) { storage.seedPair }

    var count: Int { storage.ids.count }
    var isEmpty: Bool { storage.ids.isEmpty }
    var contentHeight: Double { storage.naturalHeights.total }

    /// Whether `other` is this very stack (one storage), not merely an equal one.
    func sharesStorage(with other: ChildStack) -> Bool { storage === other.storage }

    func index(of id: String) -> Int? { storage.indexByID[id].map(Int.init) }
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
        ChildSpec(id: storage.ids[i], kind: storage.kinds[i], size: isSizeKnown(i) ? naturalHeight(i) : nil,
                  pinOffset: storage.pins.pinOffset(ofChild: i))
    }

    /// The bottom of the pinned stack above child `i` once every bar above it is
    /// pinned: `B_i` in the solver.
    @inline(__always)  // see `naturalTop`
    func pinnedHeightAbove(_ i: Int) -> Double { storage.pins.pinnedBottom(above: i) }

    /// The frame height of a child: a scroll child shows at most the viewport
    /// below the bars pinned above it.
    private func frameHeight(kind: ChildKind, natural: Double, index i: Int) -> Double {
        kind == .scroll ? min(natural, max(0, storage.viewportHeight - storage.pins.pinnedBottom(above: i))) : natural
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Sets the size of child `i`. A sticky bar's height moves every pin line
    /// below it, so it recomputes the pins and frame heights (O(n)).
    mutating func setSize(_ i: Int, _ size: Double) {
        makeUnique()
        let unknown = unknownPosition(i)
        if unknown.found { storage.unknownSizes.remove(at: unknown.index) }
        storage.naturalHeights.set(i, size)
        if storage.kinds[i] == .sticky {
            storage.pins = StickyPins(kinds: storage.kinds, sizes: storage.naturalHeights.values,
                                      pinOffsets: storage.pins.pinOffsets(count: count))
            recomputeFrameHeights()
        } else {
            storage.frameHeights.set(i, frameHeight(kind: storage.kinds[i], natural: size, index: i))
        }
    }

    /// Changes the viewport height every scroll child's frame height depends on.
    mutating func setViewportHeight(_ height: Double) {
        guard height != storage.viewportHeight else { return }
        makeUnique()
        storage.viewportHeight = height
        recomputeFrameHeights()
    }

    mutating func insert(_ specs: [ChildSpec], at index: Int) {
        makeUnique()
        var pinOffsets = storage.pins.pinOffsets(count: count)
        storage.ids.insert(contentsOf: specs.map(\.id), at: index)
        storage.kinds.insert(contentsOf: specs.map(\.kind), at: index)
        let shifted = storage.unknownSizes.map { $0 >= index ? $0 + specs.count : $0 }
        let added = specs.indices.filter { specs[$0].size == nil }.map { $0 + index }
        storage.unknownSizes = (shifted + added).sorted()
        pinOffsets.insert(contentsOf: specs.map(\.pinOffset), at: index)
        storage.naturalHeights.replaceSubrange(index..<index, with: specs.map { $0.size ?? 0 })
        reindex(pinOffsets: pinOffsets)
    }

    /// Removes the children at `indices` (sorted ascending, unique).
    mutating func remove(at indices: [Int]) {
        makeUnique()
        var pinOffsets = storage.pins.pinOffsets(count: count)
        var sizes = storage.naturalHeights.values
        for i in indices.reversed() {
            storage.ids.remove(at: i)
            storage.kinds.remove(at: i)
            sizes.remove(at: i)
            pinOffsets.remove(at: i)
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
        reindex(pinOffsets: pinOffsets)
    }

    private mutating func reindex(pinOffsets: [Double]) {
        storage.indexByID = Dictionary(uniqueKeysWithValues: storage.ids.enumerated().map { ($1, Int32($0)) })
        let firstScroll = storage.kinds.firstIndex(of: .scroll)
        let secondScroll = firstScroll.flatMap { storage.kinds[($0 + 1)...].firstIndex(of: .scroll) }
        storage.seedPair = (firstScroll, secondScroll)
        storage.pins = StickyPins(kinds: storage.kinds, sizes: storage.naturalHeights.values, pinOffsets: pinOffsets)
        recomputeFrameHeights()
    }

    private mutating func recomputeFrameHeights() {
        var heights = [Double]()
        heights.reserveCapacity(count)
        for i in 0..<count {
            heights.append(frameHeight(kind: storage.kinds[i], natural: storage.naturalHeights.values[i], index: i))
        }
        storage.frameHeights = PrefixSums(heights)
    }
}
