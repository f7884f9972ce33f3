/// Everything a tile grid is, as plain values: `TileGrid(restoring:)` rebuilds
/// a grid whose every later update equals the original's. The tiles of the
/// previous reply are not stored: they are the tiles in view of this state.
public struct TileGridSnapshot: Equatable, Sendable {
    public var viewport: Viewport
    public var configuration: TileGridConfiguration
    public var offset: Point
    public var phase: ScrollPhase
    public var anchor: TileAnchor
    /// The finger down (`grid.pointer`), with its samples.
    public var gesture: PointerGesture?
    /// The running fling.
    public var motion: GridMotion?

    public init(viewport: Viewport, configuration: TileGridConfiguration, offset: Point, phase: ScrollPhase,
                anchor: TileAnchor, gesture: PointerGesture? = nil, motion: GridMotion? = nil) {
        self.viewport = viewport
        self.configuration = configuration
        self.offset = offset
        self.phase = phase
        self.anchor = anchor
        self.gesture = gesture
        self.motion = motion
    }
}

/// A grid's logical origin: tile (`col`, `row`)'s top-left corner sits at
/// (`x`, `y`) in the scroll view's content coordinates, with
/// `0 ≤ x < tile.width` and `0 ≤ y < tile.height`. Every other tile follows
/// from it; travel changes `col` and `row` by whole tiles, exactly.
public struct TileAnchor: Equatable, Hashable, Sendable {
    public var col: Int64
    public var row: Int64
    public var x: Double
    public var y: Double

    public init(col: Int64, row: Int64, x: Double, y: Double) {
        self.col = col
        self.row = row
        self.x = x
        self.y = y
    }
}
