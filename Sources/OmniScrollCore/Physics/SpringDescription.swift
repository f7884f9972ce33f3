/// A damped spring m·y″ + c·y′ + k·y = 0 (Flutter's `SpringDescription`,
/// packages/flutter/lib/src/physics/spring_simulation.dart).
public struct SpringDescription: Equatable, Sendable {
    public var mass: Double
    public var stiffness: Double
    /// The damping coefficient c (not the ratio).
    public var damping: Double

    public init(mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// c = ratio·2·√(m·k): ratio 1 is critically damped, above it overdamped,
    /// below it underdamped (Flutter's `SpringDescription.withDampingRatio`).
    public init(mass: Double, stiffness: Double, ratio: Double) {
        self.init(mass: mass, stiffness: stiffness, damping: ratio * 2 * (mass * stiffness).squareRoot())
    }

    /// The spring back and snap spring of `ios`, `iosFast` and `android`:
    /// critically damped, m 1, k 100 (docs/design.md#physics-and-motion; c = 2·√100 = 20 exactly).
    public static let critical = SpringDescription(mass: 1, stiffness: 100, ratio: 1)

    /// Flutter's scroll spring, `ScrollPhysics._kDefaultSpring` and
    /// `BouncingScrollPhysics.spring`
    /// (packages/flutter/lib/src/widgets/scroll_physics.dart):
    /// `SpringDescription.withDampingRatio(mass: 0.5, stiffness: 100.0, ratio: 1.1)`.
    public static let flutter = SpringDescription(mass: 0.5, stiffness: 100, ratio: 1.1)
}
