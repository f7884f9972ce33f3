/// When a grid moves its offset back to the centre of its content.
public enum RecenterMode: String, CaseIterable, Sendable {
    /// After every change that leaves the grid at rest (phase `idle`), as the
    /// seed does when dragging or decelerating ends: a grid at rest is
    /// always centred.
    case idle
    /// Each axis as soon as its offset is more than the threshold from the
    /// centre, in any phase (StreetScroller).
    case threshold
    case never

    /// Which axes go back to the centre for a grid at `offset` in `phase`.
    func recenters(offset: Point, centre: Point, phase: ScrollPhase, thresholds: Point) -> (x: Bool, y: Bool) {
        switch self {
        case .idle:
            phase == .idle ? (offset.x != centre.x, offset.y != centre.y) : (false, false)
        case .threshold:
            (abs(offset.x - centre.x) > thresholds.x, abs(offset.y - centre.y) > thresholds.y)
        case .never:
            (false, false)
        }
    }
}
