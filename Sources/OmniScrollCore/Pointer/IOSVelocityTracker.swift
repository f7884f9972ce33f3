/// Flutter's `IOSScrollViewFlingVelocityTracker`: the release velocity of
/// an iOS scroll view, a weighted sum of the last three finite differences
/// of the finger's last 20 samples (docs/pointer.md, "Velocity trackers").
/// Used by the `ios` and `iosFast` presets.
public enum IOSVelocityTracker {
    /// The weights of the pairs ending 2, 1 and 0 samples before the newest.
    static let weights = (older: 0.6, old: 0.35, newest: 0.05)

    public static func estimate(_ history: PointerHistory) -> VelocityEstimate {
        guard let newest = history.newest, let oldest = history.oldest else { return .zero }
        let older = difference(history, endingBefore: 2)
        let old = difference(history, endingBefore: 1)
        let last = difference(history, endingBefore: 0)
        let velocity = Point(
            x: older.x * weights.older + old.x * weights.old + last.x * weights.newest,
            y: older.y * weights.older + old.y * weights.old + last.y * weights.newest)
        return VelocityEstimate(velocity: velocity, travel: Point(x: newest.x - oldest.x, y: newest.y - oldest.y))
    }

    /// The finite difference (points per second) of the pair ending `back`
    /// samples before the newest; 0 for a missing pair or one with dt = 0.
    private static func difference(_ samples: PointerHistory, endingBefore back: Int) -> Point {
        let end = samples.count - 1 - back
        guard end >= 1 else { return Point(x: 0, y: 0) }
        let a = samples[end - 1], b = samples[end]
        let dt = b.time - a.time
        guard dt > 0 else { return Point(x: 0, y: 0) }
        let seconds = Double(dt) / 1e6
        return Point(x: (b.x - a.x) / seconds, y: (b.y - a.y) / seconds)
    }
}
