/// What `physics.fling` is asked (docs/design.md#physics-and-motion): a release, its bounds and
/// snapping, and when to sample the motion. Field names are the wire names.
public struct FlingRequest: Equatable, Sendable {
    public enum Sampling: Equatable, Sendable {
        /// Samples at 0, Δ, 2Δ … below the duration, then at the duration.
        case interval(Double)
        /// Samples at these times, in the order given.
        case times([Double])
    }

    /// The largest |length| or |velocity| accepted (points, points per second):
    /// far beyond any screen, and small enough that no sum, difference or
    /// product inside a simulation leaves the finite doubles.
    public static let maxMagnitude = 1e15
    /// The most samples an interval may ask for.
    public static let maxSamples = 100_000

    public var preset: PhysicsPreset
    public var position: Double
    public var velocity: Double
    public var bounds: ScrollBounds?
    /// The viewport's extent along the fling; proximity snapping's default distance is a third of it.
    public var viewport: Double?
    public var snap: SnapRule?
    /// Where the drag began, for paging; `position` if `nil`.
    public var dragStart: Double?
    public var sampling: Sampling?

    public init(preset: PhysicsPreset = .ios, position: Double, velocity: Double, bounds: ScrollBounds? = nil,
                viewport: Double? = nil, snap: SnapRule? = nil, dragStart: Double? = nil, sampling: Sampling? = nil) {
        self.preset = preset
        self.position = position
        self.velocity = velocity
        self.bounds = bounds
        self.viewport = viewport
        self.snap = snap
        self.dragStart = dragStart
        self.sampling = sampling
    }
}
