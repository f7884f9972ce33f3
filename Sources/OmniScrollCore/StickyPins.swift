/// Where each sticky bar pins, and the pinned stack above every child.
///
/// Bar `k`'s pin line is `pinTop_k = pinOffset_k + bottom_{k−1}`, where
/// `bottom_k = pinTop_k + h_k` and `bottom_{−1} = 0`: each bar stacks under the
/// space the bars above it take when pinned (their offsets included), as
/// pinned section headers do in JXPagingView. It is pinned once the offset has
/// carried its natural top to that line: `y + pinTop_k ≥ T_k`. A scroll child
/// below bars sees the viewport shrunk by `B_i`, the bottom of the pinned
/// stack above it.
///
/// Sticky bars are few; lookups are a binary search over them.
struct StickyPins: Equatable, Sendable {
    /// Child indices of the sticky bars, ascending.
    private(set) var childIndices: [Int] = []
    private(set) var pinOffsets: [Double] = []
    /// `pinTop_k` for each bar.
    private(set) var pinTops: [Double] = []
    /// `bottom_k = pinTop_k + h_k`: the pinned stack's bottom once bars 0…k are pinned.
    private(set) var stackBottoms: [Double] = []

    init() {}

    init(kinds: [ChildKind], sizes: [Double], pinOffsets allPinOffsets: [Double]) {
        var bottom = 0.0
        for (i, kind) in kinds.enumerated() where kind == .sticky {
            let pinTop = allPinOffsets[i] + bottom
            childIndices.append(i)
            pinOffsets.append(allPinOffsets[i])
            pinTops.append(pinTop)
            bottom = pinTop + sizes[i]
            stackBottoms.append(bottom)
        }
    }

    var count: Int { childIndices.count }

    /// The pin offset of child `i` (0 for non-sticky children).
    func pinOffset(ofChild i: Int) -> Double {
        let k = barsBefore(i)
        return k < childIndices.count && childIndices[k] == i ? pinOffsets[k] : 0
    }

    /// Every child's pin offset, in child order (0 for non-sticky children).
    func pinOffsets(count: Int) -> [Double] {
        var all = [Double](repeating: 0, count: count)
        for (k, i) in childIndices.enumerated() { all[i] = pinOffsets[k] }
        return all
    }

    /// `pinTop_k` of the bar that is child `i` (which must be a sticky bar).
    @inline(__always)
    func pinTop(ofChild i: Int) -> Double { pinTops[barsBefore(i)] }

    /// `B_i`: the bottom of the pinned stack formed by the bars before child `i`.
    func pinnedBottom(above i: Int) -> Double {
        let k = barsBefore(i)
        return k == 0 ? 0 : stackBottoms[k - 1]
    }

    /// The number of sticky bars with a child index below `i`.
    func barsBefore(_ i: Int) -> Int {
        var low = 0
        var high = childIndices.count
        while low < high {
            let mid = (low + high) / 2
            if childIndices[mid] < i { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
