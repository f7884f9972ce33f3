/// When a motion is over (docs/design.md#physics-and-motion): once under
/// `restDistance` remains to its rest point — a spring also needs its speed
/// under `restSpeed`; the Android fling ends at its own `T` — it rests exactly
/// on that point with velocity 0. A simulation's `duration` is the infimum of
/// the times at which its rule holds.
public enum MotionEndRule {
    /// Points still to travel below which a motion is over.
    public static let restDistance = 0.5
    /// Points per second below which a spring may stop.
    public static let restSpeed = 20.0
}
