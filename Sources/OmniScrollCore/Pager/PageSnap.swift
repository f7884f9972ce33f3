/// Where a horizontal pager swipe lands on release (DESIGN.md §4.2): a release
/// faster than `minFlingVelocity` goes to the next page boundary in the
/// velocity's direction (one page further when it rests exactly on a page,
/// as Flutter's `PageScrollPhysics` does); a slower one goes to the
/// neighbour once the drag has moved at least `threshold` of a page from
/// the start page (seed 004's half page, `≥`; Android ViewPager's 0.6), else
/// back to the start page. Never more than one page from the start page,
/// never outside the pages. Pure: no state, no clock.
public struct PageSnap: Equatable, Sendable {
    /// The fraction of a page (0, 1] a slow drag must move to change page.
    public var threshold: Double
    /// The speed (points per second) above which a release is a flick.
    public var minFlingVelocity: Double

    /// Seed 004's rule: half a page (`PagerView`'s `offset >= width / 2`).
    public static let defaultThreshold = 0.5

    /// The seed's half page and Flutter's fling threshold (`SnapRule.defaultMinFlingVelocity`).
    public static let standard = PageSnap(threshold: defaultThreshold, minFlingVelocity: SnapRule.defaultMinFlingVelocity)

    public init(threshold: Double, minFlingVelocity: Double) {
        self.threshold = threshold
        self.minFlingVelocity = minFlingVelocity
    }

    /// Whether the threshold is within (0, 1] and the fling speed finite and ≥ 0.
    public var isValid: Bool {
        threshold > 0 && threshold <= 1 && minFlingVelocity >= 0 && minFlingVelocity.isFinite
    }

    /// The page a release lands on.
    ///
    /// - Parameters:
    ///   - startPage: the page selected when the drag began.
    ///   - offset: the horizontal offset at release (page `k` rests at `k · pageWidth`).
    ///   - velocity: points per second, positive toward later pages.
    ///   - pageWidth: the width of one page (> 0).
    ///   - pageCount: the number of pages (≥ 1).
    public func landingPage(startPage: Int, offset: Double, velocity: Double, pageWidth: Double, pageCount: Int) -> Int {
        let page: Int
        if abs(velocity) > minFlingVelocity {
            let position = offset / pageWidth
            // The next boundary in the velocity's direction: strictly beyond
            // the position, so a flick from rest on a page moves one page.
            // Held to the reach below before the conversion (a tiny width
            // makes the position ±∞).
            let reach = (startPage - 1)...(startPage + 1)
            page = velocity > 0 ? clampedIndex((position + 1).rounded(.down), in: reach)
                : clampedIndex((position - 1).rounded(.up), in: reach)
        } else {
            let moved = offset - Double(startPage) * pageWidth
            let needed = threshold * pageWidth
            page = moved >= needed ? startPage + 1 : moved <= -needed ? startPage - 1 : startPage
        }
        return min(max(page, startPage - 1, 0), startPage + 1, pageCount - 1)
    }
}
