/// Where a tile grid is: its offset and the tiles in view plus overscan, with
/// their frames in the scroll view's content coordinates. Frames are computed
/// on demand from the grid's origin, so a layout costs the same however many
/// tiles it holds.
public struct TileGridLayout: Equatable, Sendable {
    public let offset: Point
    /// The tiles in view plus overscan.
    public let tileRect: TileRect
    let columns: TileAxis
    let rows: TileAxis

    init(offset: Point, tileRect: TileRect, columns: TileAxis, rows: TileAxis) {
        self.offset = offset
        self.tileRect = tileRect
        self.columns = columns
        self.rows = rows
    }

    /// The frame of any tile (in view or not), in content coordinates.
    public func frame(of tile: TileCoordinate) -> Rect {
        Rect(x: columns.leading(tile.col), y: rows.leading(tile.row), width: columns.size, height: rows.size)
    }

    public func tile(_ coordinate: TileCoordinate) -> GridTile {
        GridTile(col: coordinate.col, row: coordinate.row, frame: frame(of: coordinate))
    }

    /// The tiles in view plus overscan, row-major (left to right, then top to bottom).
    public var tiles: Tiles { Tiles(layout: self) }

    public struct Tiles: RandomAccessCollection, Sendable {
        let layout: TileGridLayout

        public var startIndex: Int { 0 }
        public var endIndex: Int { layout.tileRect.count }

        public subscript(index: Int) -> GridTile {
            precondition(indices.contains(index), "tile index out of range")
            return layout.tile(layout.tileRect.coordinate(at: index))
        }
    }
}
