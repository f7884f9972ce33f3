/// The tiles in view: every tile whose column is in `cols` and whose row is in
/// `rows`. Tiles in view always form such a rectangle, so a reply's tiles, and
/// what it added and removed, are computed from two pairs of ranges, never
/// from sets.
public struct TileRect: Equatable, Hashable, Sendable {
    public var cols: Range<Int64>
    public var rows: Range<Int64>

    public init(cols: Range<Int64>, rows: Range<Int64>) {
        self.cols = cols
        self.rows = rows
    }

    public var isEmpty: Bool { cols.isEmpty || rows.isEmpty }

    /// How many tiles the rectangle holds.
    public var count: Int { cols.count * rows.count }

    public func contains(_ tile: TileCoordinate) -> Bool {
        cols.contains(tile.col) && rows.contains(tile.row)
    }

    /// The tile at `index` in row-major order (left to right, then top to bottom).
    @inline(__always)
    func coordinate(at index: Int) -> TileCoordinate {
        let width = Int64(cols.count)
        let i = Int64(index)
        return TileCoordinate(col: cols.lowerBound + i % width, row: rows.lowerBound + i / width)
    }
}
