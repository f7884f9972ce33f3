/// What a recenter added to the offset (and to every tile's frame, so that
/// no tile moves on screen).
public struct RecenterShift: Equatable, Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }
}
