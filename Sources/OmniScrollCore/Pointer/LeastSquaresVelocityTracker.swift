/// Flutter's `VelocityTracker`: a least-squares fit of degree 2 of each
/// axis' position against time over the finger's recent continuous samples,
/// the velocity its linear coefficient (docs/pointer.md, "Velocity
/// trackers"). Used by the `android` and `flutter` presets.
public enum LeastSquaresVelocityTracker {
    /// Flutter's `_horizonMilliseconds`: a sample older than this than the newest ends the walk.
    public static let horizon: Int64 = 100_000
    /// Flutter's `kAssumePointerMoveStoppedMilliseconds`: a gap longer than this ends the walk.
    public static let assumeStopped: Int64 = 40_000
    /// Flutter's `_minSampleSize`: fewer samples give no fit.
    static let minSampleCount = 3

    public static func estimate(_ history: PointerHistory) -> VelocityEstimate {
        guard let newest = history.newest else { return .zero }
        // The times and positions side by side in one loan of memory, with
        // the fit's scratch (at most `PointerHistory.capacity` samples
        // each): the release allocates nothing.
        let capacity = history.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 5 * capacity) { storage in
            let t = storage.baseAddress!, x = t + capacity, y = x + capacity
            var count = 0
            var previous = newest
            var oldest = newest
            for k in stride(from: history.count - 1, through: 0, by: -1) {
                let sample = history[k]
                let age = newest.time - sample.time
                let gap = abs(sample.time - previous.time)
                previous = sample
                guard age <= horizon, gap <= assumeStopped else { break }
                oldest = sample
                x[count] = sample.x
                y[count] = sample.y
                // Flutter fits against −age in milliseconds (its microseconds / 1000).
                t[count] = -Double(age) / 1000
                count += 1
            }
            let travel = Point(x: newest.x - oldest.x, y: newest.y - oldest.y)
            guard count >= minSampleCount else { return VelocityEstimate(velocity: Point(x: 0, y: 0), travel: travel) }
            // Points per millisecond to points per second.
            let velocity = QuadraticFit.linearCoefficients(m: count, t: t, x: x, y: y, scratch: y + capacity)
                .map { Point(x: $0.x * 1000, y: $0.y * 1000) } ?? Point(x: 0, y: 0)
            return VelocityEstimate(velocity: velocity, travel: travel)
        }
    }
}
