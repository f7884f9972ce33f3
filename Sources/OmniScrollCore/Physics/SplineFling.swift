/// Android's fling as Flutter ≥ 3.10 draws it (`ClampingScrollSimulation`,
/// packages/flutter/lib/src/widgets/scroll_simulation.dart, after AOSP
/// `OverScroller.SplineOverScroller`): it travels the AOSP spline's distance,
/// on a curve whose deceleration depends only on the current velocity, so a
/// fling restarted from (x(t), v(t)) follows the same path.
///
///     T    = D·0.35·(|v₀|/refV)^(1/(D−1))
///     dist = v₀·T/D
///     x(t) = x₀ + dist·(1 − (1 − t/T)^D),  v(t) = v₀·(1 − t/T)^(D−1)
///
/// It ends at T (DESIGN.md §4.1).
public struct SplineFling: Equatable, Sendable {
    /// D: AOSP `DECELERATION_RATE = (float) (Math.log(0.78) / Math.log(0.9))`.
    public static let decelerationRate = Elementary.log(0.78) / Elementary.log(0.9)
    /// AOSP `INFLEXION = 0.35f`: where the spline turns from its steep start.
    public static let inflexion = 0.35
    /// AOSP `ViewConfiguration.SCROLL_FRICTION = 0.015f` (`mFlingFriction`).
    public static let friction = 0.015
    /// AOSP `mPhysicalCoeff`: g (9.80665 m/s², `SensorManager.GRAVITY_EARTH`)
    /// · 39.37 in/m · 160 logical pt per inch · 0.84 ("look and feel tuning"),
    /// in points per second².
    public static let physicalCoefficient = 9.80665 * 39.37 * 160.0 * 0.84
    /// friction·physicalCoefficient/inflexion ≈ 2223.87 pt/s: the speed whose
    /// fling lasts D·0.35 s (Flutter's `referenceVelocity`).
    public static let referenceVelocity = friction * physicalCoefficient / inflexion

    public let start: Double
    public let initialVelocity: Double
    /// T, in seconds.
    public let duration: Double
    /// dist, signed as the velocity.
    public let distance: Double

    public init(start: Double, velocity: Double) {
        let d = Self.decelerationRate
        self.start = start
        initialVelocity = velocity
        let time = d * Self.inflexion * Elementary.pow(abs(velocity) / Self.referenceVelocity, 1 / (d - 1))
        let travel = velocity * time / d
        // A fling that moves the offset by nothing a double holds (5e-324
        // pt/s, or a step below `start`'s last digit) has nothing to do and
        // ends at once (docs/protocol.md, Session motions: duration 0).
        guard start + travel != start else {
            duration = 0
            distance = 0
            return
        }
        duration = time
        distance = travel
    }

    public var target: Double { start + distance }

    /// How far along its time the fling is, 0 ... 1.
    private func progress(_ time: Double) -> Double {
        duration > 0 ? min(max(time / duration, 0), 1) : 1
    }

    public func position(at time: Double) -> Double {
        start + distance * (1 - Elementary.pow(1 - progress(time), Self.decelerationRate))
    }

    public func velocity(at time: Double) -> Double {
        initialVelocity * Elementary.pow(1 - progress(time), Self.decelerationRate - 1)
    }

    public func isDone(at time: Double) -> Bool { time >= duration }

    /// The time the curve passes `x`, in closed form: a share f of the distance
    /// is covered at T·(1 − (1 − f)^(1/D)); `nil` when `x` is not on its way.
    public func time(reaching x: Double) -> Double? {
        if x == start { return 0 }
        let share = (x - start) / distance
        guard share > 0, share <= 1 else { return nil }
        return duration * (1 - Elementary.pow(1 - share, 1 / Self.decelerationRate))
    }
}
