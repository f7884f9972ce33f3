/// The offsets a container may rest at: `min ... max`.
public struct ScrollBounds: Equatable, Sendable {
    public var min: Double
    public var max: Double

    public init(min: Double, max: Double) {
        self.min = min
        self.max = max
    }

    public func contains(_ x: Double) -> Bool { x >= min && x <= max }

    public func clamp(_ x: Double) -> Double { Swift.min(Swift.max(x, min), max) }
}
