/// A tile's logical place in the endless grid: column `col` (growing to the
/// right) and row `row` (growing down). Tile (0, 0) starts centred on the
/// content's centre; the numbers are 64-bit and never change as the grid
/// recenters.
public struct TileCoordinate: Equatable, Hashable, Sendable {
    public var col: Int64
    public var row: Int64

    public init(col: Int64, row: Int64) {
        self.col = col
        self.row = row
    }
}

/// A tile in view and its frame in the scroll view's content coordinates.
public struct GridTile: Equatable, Hashable, Sendable {
    public var col: Int64
    public var row: Int64
    public var frame: Rect

    public init(col: Int64, row: Int64, frame: Rect) {
        self.col = col
        self.row = row
        self.frame = frame
    }
}
