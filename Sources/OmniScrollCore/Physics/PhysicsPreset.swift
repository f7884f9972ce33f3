/// The feel of a fling (docs/design.md#physics-and-motion): how it decelerates, the spring that
/// brings it back to a bound or onto a snap point, and what it does at an edge.
/// The raw values are the wire names.
public enum PhysicsPreset: String, CaseIterable, Equatable, Sendable {
    case ios
    case iosFast
    case android
    case flutter

    /// How a fling slows down.
    public enum Fling: Equatable, Sendable {
        /// `ExponentialDecay` with this rate k (1/s).
        case exponentialDecay(rate: Double)
        /// `SplineFling`.
        case androidSpline
    }

    /// What happens at a bound.
    public enum EdgePolicy: Equatable, Sendable {
        /// Drags rubber-band past it; a fling crosses it carrying its velocity
        /// (at most `maxTransferSpeed`, if set, in either direction) and springs
        /// back. A release past it springs back.
        case bounce(maxTransferSpeed: Double?)
        /// Drags stop at it; a motion that reaches it ends there.
        case clamp
    }

    /// Flutter's `BouncingScrollSimulation.maxSpringTransferVelocity` (5000 pt/s),
    /// applied to the speed in both directions (docs/design.md#physics-and-motion).
    public static let flutterMaxSpringTransferSpeed = 5000.0

    public var fling: Fling {
        switch self {
        case .ios: .exponentialDecay(rate: ExponentialDecay.decayRate(perMillisecond: ExponentialDecay.iosNormalRatePerMillisecond))
        case .iosFast: .exponentialDecay(rate: ExponentialDecay.decayRate(perMillisecond: ExponentialDecay.iosFastRatePerMillisecond))
        case .android: .androidSpline
        case .flutter: .exponentialDecay(rate: ExponentialDecay.decayRate(perSecond: ExponentialDecay.flutterDragPerSecond))
        }
    }

    public var spring: SpringDescription {
        self == .flutter ? .flutter : .critical
    }

    public var edge: EdgePolicy {
        switch self {
        case .ios, .iosFast: .bounce(maxTransferSpeed: nil)
        case .android: .clamp
        case .flutter: .bounce(maxTransferSpeed: Self.flutterMaxSpringTransferSpeed)
        }
    }
}
