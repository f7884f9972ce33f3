/// A touch on a grid that never became a pan and caught no fling
/// (docs/pointer.md, "Grids"): the event `tap {col, row, x, y}`, the tile
/// under the finger and the finger in that tile's coordinates (from its
/// top-left corner).
public struct GridTap: Equatable, Sendable {
    public var tile: TileCoordinate
    public var x: Double
    public var y: Double

    public init(tile: TileCoordinate, x: Double, y: Double) {
        self.tile = tile
        self.x = x
        self.y = y
    }
}
