/// One axis of a grid's logical origin: tile `base`'s leading edge sits at
/// content coordinate `edge`, kept in `[0, size)`. Travel moves `base` (an
/// exact 64-bit count of tiles) and leaves `edge` a bounded remainder, so the
/// logical position is never one growing `Double` that loses precision.
struct TileAxis: Equatable, Sendable {
    /// The tile's length on this axis.
    let size: Double
    private(set) var base: Int64
    private(set) var edge: Double

    init(size: Double, base: Int64, edge: Double) {
        self.size = size
        self.base = base
        self.edge = edge
    }

    /// The content coordinate of tile `index`'s leading edge.
    @inline(__always)
    func leading(_ index: Int64) -> Double {
        edge + Double(index &- base) * size
    }

    /// The tile whose `[leading, leading + size)` holds content coordinate
    /// `c` (one in or near the tiles in view: the index stays in range). The
    /// estimate from a division is corrected against `leading`, as in `tiles(meeting:)`.
    func tile(containing c: Double) -> Int64 {
        var i = base + Int64(((c - edge) / size).rounded(.down))
        while leading(i) > c { i -= 1 }
        while leading(i) + size <= c { i += 1 }
        return i
    }

    /// The tiles whose open interior meets `[low, high]`: those with
    /// `leading(i) < high` and `leading(i) + size > low`. The estimate from a
    /// division is corrected against `leading` itself, so the answer agrees
    /// with the frames reported, rounding included.
    func tiles(meeting low: Double, _ high: Double) -> Range<Int64> {
        func leadingRelative(_ n: Int64) -> Double { edge + Double(n) * size }
        var first = Int64(((low - edge) / size).rounded(.down))
        while leadingRelative(first - 1) + size > low { first -= 1 }
        while !(leadingRelative(first) + size > low) { first += 1 }
        var end = Int64(((high - edge) / size).rounded(.up))
        while leadingRelative(end - 1) >= high { end -= 1 }
        while leadingRelative(end) < high { end += 1 }
        return (base + first)..<(base + max(first, end))
    }

    /// The axis after every tile moved by `delta` points (a recenter), its
    /// remainder brought back into `[0, size)`; `nil` when `base` would leave
    /// `±TileGridLimits.maxTileIndex`.
    func shifted(by delta: Double) -> TileAxis? {
        let moved = edge + delta
        var remainder = moved.truncatingRemainder(dividingBy: size)  // exact
        if remainder < 0 { remainder += size }
        // A remainder a rounding error below 0 rounds up to `size`: it is 0.
        if remainder >= size { remainder = 0 }
        let tiles = Int64(((moved - remainder) / size).rounded())
        let (newBase, overflow) = base.subtractingReportingOverflow(tiles)
        guard !overflow, (-TileGridLimits.maxTileIndex...TileGridLimits.maxTileIndex).contains(newBase) else {
            return nil
        }
        return TileAxis(size: size, base: newBase, edge: remainder + 0)  // + 0: never −0
    }
}
