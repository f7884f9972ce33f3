/// The ordered children of a container and the sums the solver needs.
///
/// Storage is columnar (ids, kinds, sizes) so a child costs a few dozen bytes.
/// A size change is O(log² n); inserting or removing children, or changing a
/// sticky bar, is O(n).
struct ChildStack: Sendable {
    private(set) var ids: [String] = []
    private(set) var kinds: [ChildKind] = []
    /// `nil` while a size is not known yet.
    private(set) var declaredSizes: [Double?] = []
    /// Natural heights `C_i` (unknown counts as 0): `T_i = naturalTops.prefix(i)`.
    private(set) var naturalHeights = PrefixSums()
    /// Frame heights `H_i`, for the seed's `contentView`.
    private(set) var frameHeights = PrefixSums()
    private(set) var indexByID: [String: Int] = [:]
    private(set) var pins = StickyPins()
    /// The viewport height the frame heights were computed for.
    private(set) var viewportHeight: Double
    /// How many children have no size yet.
    private(set) var unknownSizeCount = 0
    /// The seed's "top" and "bottom" children: the first two scroll children.
    private(set) var seedPair: (top: Int?, bottom: Int?) = (nil, nil)

    /// Creates a stack; the caller has validated the specs (unique ids, finite sizes).
    init(_ specs: [ChildSpec], viewportHeight: Double) {
        self.viewportHeight = viewportHeight
        insert(specs, at: 0)
    }

    var count: Int { ids.count }
    var isEmpty: Bool { ids.isEmpty }
    var contentHeight: Double { naturalHeights.total }

    func index(of id: String) -> Int? { indexByID[id] }
    func naturalTop(_ i: Int) -> Double { naturalHeights.prefix(i) }
    func naturalHeight(_ i: Int) -> Double { naturalHeights.values[i] }
    func frameHeight(_ i: Int) -> Double { frameHeights.values[i] }
    func isSizeKnown(_ i: Int) -> Bool { declaredSizes[i] != nil }

    /// The declared spec of child `i`, as the client gave it.
    func spec(_ i: Int) -> ChildSpec {
        ChildSpec(id: ids[i], kind: kinds[i], size: declaredSizes[i], pinOffset: pins.pinOffset(ofChild: i))
    }

    /// The bottom of the pinned stack above child `i` once every bar above it is
    /// pinned: `B_i` in the solver.
    func pinnedHeightAbove(_ i: Int) -> Double { pins.pinnedBottom(above: i) }

    /// The frame height of a child: a scroll child shows at most the viewport
    /// below the bars pinned above it.
    func frameHeight(kind: ChildKind, natural: Double, index i: Int) -> Double {
        kind == .scroll ? min(natural, max(0, viewportHeight - pins.pinnedBottom(above: i))) : natural
    }

    /// Sets the size of child `i`. A sticky bar's height moves every pin line
    /// below it, so it recomputes the pins and frame heights (O(n)).
    mutating func setSize(_ i: Int, _ size: Double) {
        if declaredSizes[i] == nil { unknownSizeCount -= 1 }
        declaredSizes[i] = size
        naturalHeights.set(i, size)
        if kinds[i] == .sticky {
            pins = StickyPins(kinds: kinds, sizes: naturalHeights.values, pinOffsets: pins.pinOffsets(count: count))
            recomputeFrameHeights()
        } else {
            frameHeights.set(i, frameHeight(kind: kinds[i], natural: size, index: i))
        }
    }

    /// Changes the viewport height every scroll child's frame height depends on.
    mutating func setViewportHeight(_ height: Double) {
        guard height != viewportHeight else { return }
        viewportHeight = height
        recomputeFrameHeights()
    }

    mutating func insert(_ specs: [ChildSpec], at index: Int) {
        var pinOffsets = pins.pinOffsets(count: count)
        ids.insert(contentsOf: specs.map(\.id), at: index)
        kinds.insert(contentsOf: specs.map(\.kind), at: index)
        declaredSizes.insert(contentsOf: specs.map(\.size), at: index)
        pinOffsets.insert(contentsOf: specs.map(\.pinOffset), at: index)
        naturalHeights.replaceSubrange(index..<index, with: specs.map { $0.size ?? 0 })
        reindex(pinOffsets: pinOffsets)
    }

    /// Removes the children at `indices` (sorted ascending, unique).
    mutating func remove(at indices: [Int]) {
        var pinOffsets = pins.pinOffsets(count: count)
        for i in indices.reversed() {
            ids.remove(at: i)
            kinds.remove(at: i)
            declaredSizes.remove(at: i)
            pinOffsets.remove(at: i)
        }
        naturalHeights = PrefixSums(declaredSizes.map { $0 ?? 0 })
        reindex(pinOffsets: pinOffsets)
    }

    private mutating func reindex(pinOffsets: [Double]) {
        indexByID = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        unknownSizeCount = declaredSizes.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
        let firstScroll = kinds.firstIndex(of: .scroll)
        let secondScroll = firstScroll.flatMap { kinds[($0 + 1)...].firstIndex(of: .scroll) }
        seedPair = (firstScroll, secondScroll)
        pins = StickyPins(kinds: kinds, sizes: naturalHeights.values, pinOffsets: pinOffsets)
        recomputeFrameHeights()
    }

    private mutating func recomputeFrameHeights() {
        var heights = [Double]()
        heights.reserveCapacity(count)
        for i in 0..<count {
            heights.append(frameHeight(kind: kinds[i], natural: naturalHeights.values[i], index: i))
        }
        frameHeights = PrefixSums(heights)
    }
}
