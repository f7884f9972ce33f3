/// Where a fling may come to rest (docs/design.md#physics-and-motion): the snap point nearest the
/// projected end (CSS `mandatory`), the same only when it is near enough (CSS
/// `proximity`), or a page at most one away from the drag's start page
/// (Flutter's `PageScrollPhysics`). Pure: the caller gives the release and the
/// unsnapped fling's end, and clamps the answer into its bounds.
public struct SnapRule: Equatable, Sendable {
    public enum Positions: Equatable, Sendable {
        /// Offsets in ascending order, e.g. the children's tops (pages of
        /// different heights when paging).
        case points([Double])
        /// Every multiple of this length (> 0), e.g. equal pages.
        case interval(Double)
    }

    public enum Mode: Equatable, Sendable {
        /// The position nearest the projected end.
        case mandatory
        /// The position nearest the projected end when within `distance` of it;
        /// `nil` is `proximityRatio` of the viewport.
        case proximity(distance: Double?)
        /// Page = x/size, ±0.5 when the speed is above `minFlingVelocity`,
        /// rounded, at most one page from the drag's start page round(start/size).
        case paging(minFlingVelocity: Double)
    }

    /// Chromium's proximity range: a third of the snap container
    /// (third_party/blink/renderer/core/page/scrolling/snap_coordinator.cc,
    /// `kProximityRatio = 1.0 / 3.0`).
    public static let proximityRatio = 1.0 / 3.0
    /// Flutter's `kMinFlingVelocity` (packages/flutter/lib/src/gestures/constants.dart,
    /// 50 logical px/s), below which a release is no fling and paging rounds
    /// to the nearest page.
    public static let defaultMinFlingVelocity = 50.0
    /// The smallest interval: an offset of `Bounds.maxOffset` over it is
    /// 1e39 pages, finite, where 5e-324 makes it +∞ and sends every release
    /// to a bound (docs/protocol.md, `options.snap`).
    public static let minInterval = 1 / FlingRequest.maxMagnitude

    public var positions: Positions
    public var mode: Mode

    public init(positions: Positions, mode: Mode = .mandatory) {
        self.positions = positions
        self.mode = mode
    }

    /// The snap target for a release at `release` with `velocity`, whose
    /// unsnapped fling would end at `projectedEnd`, in a drag that began at
    /// `dragStart`; `nil` when nothing snaps (no points, or none in proximity).
    public func target(release: Double, velocity: Double, projectedEnd: Double,
                       dragStart: Double, viewport: Double?) -> Double? {
        switch mode {
        case .mandatory:
            return nearest(to: projectedEnd)
        case .proximity(let distance):
            guard let point = nearest(to: projectedEnd),
                  let range = distance ?? viewport.map({ $0 * Self.proximityRatio }),
                  abs(point - projectedEnd) <= range else { return nil }
            return point
        case .paging(let minFlingVelocity):
            guard let startPage = page(at: dragStart)?.rounded(), var page = page(at: release) else { return nil }
            if velocity > minFlingVelocity { page += 0.5 } else if velocity < -minFlingVelocity { page -= 0.5 }
            return position(ofPage: min(max(page.rounded(), startPage - 1), startPage + 1))
        }
    }

    /// The position nearest `x`; the lower one on a tie.
    func nearest(to x: Double) -> Double? {
        switch positions {
        case .interval(let size):
            let below = (x / size).rounded(.down) * size
            return x - below <= below + size - x ? below : below + size
        case .points(let points):
            guard !points.isEmpty else { return nil }
            let i = Self.lastIndex(in: points, notAbove: x)
            guard let i else { return points[0] }
            guard i + 1 < points.count else { return points[i] }
            return x - points[i] <= points[i + 1] - x ? points[i] : points[i + 1]
        }
    }

    /// Whether `nearest(to:)` answers `x` for some end: one of the points, or
    /// a multiple of the interval exactly as `nearest` rounds it (`q·size`
    /// or `q·size + size`, q the floor of some end over the size). The q
    /// that gives `x` is within a few steps of ⌊x/size⌋: whole ones below
    /// 2⁵², where the two roundings move x/size by less than one, ulps above,
    /// where whole numbers are that far apart. A restore checks a release's
    /// spring by it (docs/protocol.md, Restoring a snapshot).
    func answers(_ x: Double) -> Bool {
        switch positions {
        case .points(let points):
            return points.contains(x)
        case .interval(let size):
            let floor = (x / size).rounded(.down)
            var below = floor, above = floor
            var candidates = [floor]
            for step in 1...Self.intervalReach {
                below = below.nextDown.rounded(.down)
                above = above.nextUp.rounded(.up)
                candidates += [below, above, floor - Double(step), floor + Double(step)]
            }
            return candidates.contains { q in q * size == x || q * size + size == x }
        }
    }

    /// How many steps of ⌊x/size⌋ either way `answers` tries: the quotient
    /// and the product are each rounded once, so q is at most two from it;
    /// one more for the sum in `q·size + size`.
    private static let intervalReach = 3

    /// The fractional page at `x`: x/size, or between two points the share of
    /// the way from one to the next (pages of different heights), 0 before the
    /// first point and the last index after the last.
    private func page(at x: Double) -> Double? {
        switch positions {
        case .interval(let size):
            return x / size
        case .points(let points):
            guard !points.isEmpty else { return nil }
            guard let i = Self.lastIndex(in: points, notAbove: x) else { return 0 }
            guard i + 1 < points.count else { return Double(i) }
            return Double(i) + (x - points[i]) / (points[i + 1] - points[i])
        }
    }

    private func position(ofPage page: Double) -> Double {
        switch positions {
        case .interval(let size):
            return page * size
        case .points(let points):
            return points[clampedIndex(page, in: 0...(points.count - 1))]
        }
    }

    /// The last index whose point is ≤ x, by binary search; `nil` if none.
    private static func lastIndex(in points: [Double], notAbove x: Double) -> Int? {
        var low = 0, high = points.count
        while low < high {
            let mid = (low + high) / 2
            if points[mid] <= x { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }
}
