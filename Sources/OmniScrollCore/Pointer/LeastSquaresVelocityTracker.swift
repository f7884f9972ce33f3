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
    static let degree = 2

    public static func estimate(_ history: PointerHistory) -> VelocityEstimate {
        let samples = history.samples
        guard let newest = samples.last else { return .zero }
        var x: [Double] = [], y: [Double] = [], t: [Double] = []
        var previous = newest
        var oldest = newest
        for sample in samples.reversed() {
            let age = newest.time - sample.time
            let gap = abs(sample.time - previous.time)
            previous = sample
            guard age <= horizon, gap <= assumeStopped else { break }
            oldest = sample
            x.append(sample.x)
            y.append(sample.y)
            // Flutter fits against −age in milliseconds (its microseconds / 1000).
            t.append(-Double(age) / 1000)
        }
        let travel = Point(x: newest.x - oldest.x, y: newest.y - oldest.y)
        let weights = [Double](repeating: 1, count: x.count)
        guard x.count >= minSampleCount,
              let xFit = LeastSquaresSolver(x: t, y: x, w: weights).solve(degree: degree),
              let yFit = LeastSquaresSolver(x: t, y: y, w: weights).solve(degree: degree)
        else { return VelocityEstimate(velocity: Point(x: 0, y: 0), travel: travel) }
        // Points per millisecond to points per second.
        return VelocityEstimate(velocity: Point(x: xFit[1] * 1000, y: yFit[1] * 1000), travel: travel)
    }
}
