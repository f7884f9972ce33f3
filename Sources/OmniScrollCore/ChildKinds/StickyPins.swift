/// Where each sticky bar pins, and the pinned stack above every child: the
/// side table of the kinds that pin (`ChildKindRule.pinOffset(of:)`).
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
    /// `pinTop_k` for each bar.
    private(set) var pinTops: [Double] = []
    /// `bottom_k = pinTop_k + h_k`: the pinned stack's bottom once bars 0…k are pinned.
    private(set) var stackBottoms: [Double] = []

    init() {}

    init(payloads: [ChildPayload], sizes: [Double]) {
        var bottom = 0.0
        for (i, payload) in payloads.enumerated() {
            guard let pinOffset = payload.kind.rule.pinOffset(of: payload) else { continue }
            let pinTop = pinOffset + bottom
            childIndices.append(i)
            pinTops.append(pinTop)
            bottom = pinTop + payload.kind.rule.pinnedHeight(of: payload, natural: sizes[i])
            stackBottoms.append(bottom)
        }
    }

    var count: Int { childIndices.count }

    /// Whether child `i` is a bar of the pinned stack.
    func contains(_ i: Int) -> Bool {
        let k = barsBefore(i)
        return k < childIndices.count && childIndices[k] == i
    }

    /// The line below the viewport top that child `i`'s top meets when it is
    /// scrolled to the top: a bar's own pin line, else `B_i`.
    func alignmentLine(ofChild i: Int) -> Double {
        contains(i) ? pinTop(ofChild: i) : pinnedBottom(above: i)
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
