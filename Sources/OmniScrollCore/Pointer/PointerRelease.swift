/// The reply to an `up` (`pointer {state: "released", axis, velocity}`,
/// docs/pointer.md, "Release"): the axis the finger had and its estimated
/// velocity (before the cap). A container's and a grid's alike.
public struct PointerRelease: Equatable, Sendable {
    public let axis: PointerAxis
    public let velocity: Point

    public init(axis: PointerAxis, velocity: Point) {
        self.axis = axis
        self.velocity = velocity
    }
}
