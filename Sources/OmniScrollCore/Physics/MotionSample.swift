/// Where a motion is at one time.
public struct MotionSample: Equatable, Sendable {
    public var time: Double
    public var position: Double
    public var velocity: Double

    public init(time: Double, position: Double, velocity: Double) {
        self.time = time
        self.position = position
        self.velocity = velocity
    }
}
