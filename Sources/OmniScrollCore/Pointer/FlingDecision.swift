/// Whether a release flings, and how fast (docs/pointer.md, "Release"):
/// Flutter's `isFlingGesture` and its velocity clamp. Pure policy over a
/// tracker's estimate.
public enum FlingDecision {
    /// The release velocity along one axis: `velocity` capped at
    /// `kMaxFlingVelocity` when its speed is over `kMinFlingVelocity` and
    /// `travel` is beyond `slop`, else 0.
    public static func axis(velocity: Double, travel: Double, slop: Double) -> Double {
        guard abs(velocity) > PointerConstants.minFlingVelocity, abs(travel) > slop else { return 0 }
        return clamp(velocity, -PointerConstants.maxFlingVelocity, PointerConstants.maxFlingVelocity)
    }

    /// A pan's release (Flutter's `PanGestureRecognizer`): the 2D speed over
    /// `kMinFlingVelocity` and the 2D travel beyond `slop`, the velocity's
    /// magnitude capped at `kMaxFlingVelocity`; `(0, 0)` otherwise.
    public static func pan(velocity: Point, travel: Point, slop: Double) -> Point {
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let distance = (travel.x * travel.x + travel.y * travel.y).squareRoot()
        guard speed > PointerConstants.minFlingVelocity, distance > slop else { return Point(x: 0, y: 0) }
        let scale = min(1, PointerConstants.maxFlingVelocity / speed)
        return Point(x: velocity.x * scale, y: velocity.y * scale)
    }
}
