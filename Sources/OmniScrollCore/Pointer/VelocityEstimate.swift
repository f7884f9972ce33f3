/// What a tracker read from a finger's samples: the velocity (points per
/// second, + toward larger x and y) and the travel from the oldest sample it
/// used to the newest (Flutter's `VelocityEstimate.offset`), which the fling
/// decision compares with the slop.
public struct VelocityEstimate: Equatable, Sendable {
    public var velocity: Point
    public var travel: Point

    public init(velocity: Point, travel: Point) {
        self.velocity = velocity
        self.travel = travel
    }

    public static let zero = VelocityEstimate(velocity: Point(x: 0, y: 0), travel: Point(x: 0, y: 0))
}
