/// One change to a tile grid, applied atomically by `TileGrid.apply`: every
/// member is validated before any takes effect. An omitted member keeps its
/// current value.
public struct TileGridChange: Equatable, Sendable {
    public var viewport: Viewport?
    /// The offset, in the scroll view's content coordinates; clamped to the content.
    public var x: Double?
    public var y: Double?
    public var phase: ScrollPhase?

    public init(viewport: Viewport? = nil, x: Double? = nil, y: Double? = nil, phase: ScrollPhase? = nil) {
        self.viewport = viewport
        self.x = x
        self.y = y
        self.phase = phase
    }

    /// A scroll tick (`grid.scroll`): a new offset, and the phase if it changed.
    public static func scroll(x: Double, y: Double, phase: ScrollPhase? = nil) -> TileGridChange {
        TileGridChange(x: x, y: y, phase: phase)
    }
}
