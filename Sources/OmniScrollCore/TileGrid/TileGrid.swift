/// An endless 2-D grid of tiles inside a scroll view of finite content (seed
/// 001): the client scrolls the scroll view, the grid says which tiles are in
/// view (plus `overscan` tiles around it) and where their frames are, and
/// moves the offset back to the centre of the content when its recentering
/// mode says so, moving every frame with it so nothing moves on screen.
///
/// Tile (`col`, `row`) is a logical place, exact however far the user
/// travels: the origin is a 64-bit tile index plus a remainder under one
/// tile per axis (`TileAxis`). Tile (0, 0) starts centred on the content's
/// centre, and so does the viewport. A tile is in view when its open
/// interior meets the viewport grown by `overscan` tiles on every side
/// (touching an edge is not meeting it).
///
/// All state changes go through `apply`, which validates the whole change
/// before touching anything.
public struct TileGrid: Equatable, Sendable {
    public let configuration: TileGridConfiguration
    public private(set) var viewport: Viewport
    /// The scroll view's content offset, within `[0, contentSize − viewport]`.
    public private(set) var offset: Point
    public private(set) var phase: ScrollPhase
    private var columns: TileAxis
    private var rows: TileAxis
    /// The tiles in view: a function of the state above, kept so each change
    /// computes it once (it is the next change's previous reply).
    private var tileRect: TileRect
    /// The finger and the fling behind one reference, `nil` without either:
    /// a grid that never sees a finger grows by a word, and `grid.scroll`,
    /// which copies the grid (`apply`), copies no more (measured with
    /// bench/scroll-instructions --workload grid: inline, 11 473.8
    /// instructions a `grid.scroll`; behind the reference, 11 270.9).
    private var input: GridInput?

    /// The finger down on the grid (`grid.pointer`, docs/pointer.md), `nil` when none.
    public internal(set) var gesture: PointerGesture? {
        get { input?.gesture }
        set { setInput(gesture: newValue, motion: motion) }
    }

    /// The fling `grid.tick` advances, `nil` at rest.
    public internal(set) var motion: GridMotion? {
        get { input?.motion }
        set { setInput(gesture: gesture, motion: newValue) }
    }

    /// The box is reused: changed in place while this grid alone holds it
    /// (a new one otherwise, so no copy of the grid sees the change), so a
    /// `grid.tick` allocates nothing (issue 29's cost bound).
    private mutating func setInput(gesture: PointerGesture?, motion: GridMotion?) {
        guard gesture != nil || motion != nil else { return input = nil }
        guard isKnownUniquelyReferenced(&input) else { return input = GridInput(gesture: gesture, motion: motion) }
        input!.gesture = gesture
        input!.motion = motion
    }

    /// Creates a grid centred on its content and returns it with its first
    /// update, whose `added` holds every tile in view.
    public static func create(viewport: Viewport, configuration: TileGridConfiguration)
        throws(ContainerError) -> (TileGrid, TileGridUpdate)
    {
        try TileGridValidation.configuration(configuration)
        try TileGridValidation.viewport(viewport, configuration: configuration, boundField: "tile")
        let tile = configuration.tile
        let content = configuration.contentSize
        // Tile 0's leading edge, centring it on the content (the seed's
        // `(contentSize − tileSize) / 2`); within the bounds, so never nil.
        let columns = TileAxis(size: tile.width, base: 0, edge: 0).shifted(by: (content.width - tile.width) / 2)!
        let rows = TileAxis(size: tile.height, base: 0, edge: 0).shifted(by: (content.height - tile.height) / 2)!
        let grid = TileGrid(configuration: configuration, viewport: viewport,
                            offset: centre(of: viewport, in: configuration), phase: .idle, columns: columns, rows: rows)
        return (grid, TileGridUpdate(layout: grid.layout, previousTiles: nil, recentered: nil))
    }

    /// Rebuilds a grid from a snapshot; every later update equals the original's.
    public init(restoring snapshot: TileGridSnapshot) throws(ContainerError) {
        let configuration = snapshot.configuration
        try TileGridValidation.configuration(configuration)
        try TileGridValidation.viewport(snapshot.viewport, configuration: configuration, boundField: "tile")
        try TileGridValidation.state(snapshot, centre: Self.centre(of: snapshot.viewport, in: configuration))
        let anchor = snapshot.anchor
        self.init(configuration: configuration, viewport: snapshot.viewport, offset: snapshot.offset,
                  phase: snapshot.phase,
                  columns: TileAxis(size: configuration.tile.width, base: anchor.col, edge: anchor.x),
                  rows: TileAxis(size: configuration.tile.height, base: anchor.row, edge: anchor.y))
        gesture = snapshot.gesture
        motion = snapshot.motion
    }

    private init(configuration: TileGridConfiguration, viewport: Viewport, offset: Point, phase: ScrollPhase,
                 columns: TileAxis, rows: TileAxis) {
        self.configuration = configuration
        self.viewport = viewport
        self.offset = offset
        self.phase = phase
        self.columns = columns
        self.rows = rows
        tileRect = TileRect(cols: 0..<0, rows: 0..<0)
        tileRect = tilesInView()
    }

    public func snapshot() -> TileGridSnapshot {
        TileGridSnapshot(viewport: viewport, configuration: configuration, offset: offset, phase: phase, anchor: anchor,
                         gesture: gesture, motion: motion)
    }

    /// The logical origin: which tile sits at which point of the content.
    public var anchor: TileAnchor {
        TileAnchor(col: columns.base, row: rows.base, x: columns.edge, y: rows.edge)
    }

    /// The offset that centres the viewport on the content.
    public var centre: Point { Self.centre(of: viewport, in: configuration) }

    private static func centre(of viewport: Viewport, in configuration: TileGridConfiguration) -> Point {
        Point(x: (configuration.contentSize.width - viewport.width) / 2,
              y: (configuration.contentSize.height - viewport.height) / 2)
    }

    public var layout: TileGridLayout {
        TileGridLayout(offset: offset, tileRect: tileRect, columns: columns, rows: rows)
    }

    /// Applies `change` atomically: if any member is invalid, throws and
    /// changes nothing. The offset is clamped to the content, then the grid
    /// recenters as its mode says. A change of phase ends a running fling
    /// (the client took the grid over, as `session.endScrolling` does).
    public mutating func apply(_ change: TileGridChange) throws(ContainerError) -> TileGridUpdate {
        if let viewport = change.viewport {
            try TileGridValidation.viewport(viewport, configuration: configuration, boundField: "viewport")
        }
        if let x = change.x { try TileGridValidation.offset(x, field: "x") }
        if let y = change.y { try TileGridValidation.offset(y, field: "y") }
        var next = self
        next.viewport = change.viewport ?? viewport
        next.phase = change.phase ?? phase
        if next.phase != phase { next.motion = nil }
        let content = configuration.contentSize
        // `+ 0` turns a −0 into 0, so no reply says "-0".
        next.offset = Point(x: clamp(change.x ?? offset.x, 0, content.width - next.viewport.width) + 0,
                            y: clamp(change.y ?? offset.y, 0, content.height - next.viewport.height) + 0)
        let recentered = try next.recenter()
        next.tileRect = next.tilesInView()
        let previousTiles = tileRect
        self = next
        var update = TileGridUpdate(layout: layout, previousTiles: previousTiles, recentered: recentered)
        if let input { update.pointer = input.gesture?.axis }
        return update
    }

    /// Moves each axis the mode asks for back to the centre, and every tile
    /// with it. Throws (changing nothing the caller keeps) when the origin
    /// would leave `±TileGridLimits.maxTileIndex`.
    private mutating func recenter() throws(ContainerError) -> RecenterShift? {
        let centre = self.centre
        let axes = configuration.recenter.recenters(
            offset: offset, centre: centre, phase: phase, thresholds: configuration.thresholds)
        guard axes.x || axes.y else { return nil }
        let shift = RecenterShift(dx: axes.x ? centre.x - offset.x : 0, dy: axes.y ? centre.y - offset.y : 0)
        if axes.x {
            guard let moved = columns.shifted(by: shift.dx) else { throw Self.travelLimit("x") }
            columns = moved
            offset.x = centre.x
        }
        if axes.y {
            guard let moved = rows.shifted(by: shift.dy) else { throw Self.travelLimit("y") }
            rows = moved
            offset.y = centre.y
        }
        // A pan and a fling go on from where they are on screen.
        if input != nil {
            gesture?.shiftOrigin(by: Point(x: shift.dx, y: shift.dy))
            motion?.shift(by: shift)
        }
        return shift
    }

    private static func travelLimit(_ field: FieldPath) -> ContainerError {
        ContainerError(.invalidValue, field: field,
                       reason: "would take the grid past tile index ±2^62, the farthest it can travel")
    }

    /// The tile under content point `point` and `point` in that tile's coordinates.
    func tile(at point: Point) -> (tile: TileCoordinate, x: Double, y: Double) {
        let col = columns.tile(containing: point.x), row = rows.tile(containing: point.y)
        return (TileCoordinate(col: col, row: row), point.x - columns.leading(col), point.y - rows.leading(row))
    }

    /// The tiles whose open interior meets the viewport grown by `overscan` tiles.
    private func tilesInView() -> TileRect {
        let overscan = Double(configuration.overscan)
        let grownX = overscan * columns.size
        let grownY = overscan * rows.size
        return TileRect(
            cols: columns.tiles(meeting: offset.x - grownX, offset.x + viewport.width + grownX),
            rows: rows.tiles(meeting: offset.y - grownY, offset.y + viewport.height + grownY))
    }
}

/// A grid's finger and fling (`TileGrid.input`). Copies of a grid share it;
/// mutated only through `TileGrid.setInput`, after `isKnownUniquelyReferenced`,
/// so no two grids see a change.
private final class GridInput: Equatable, @unchecked Sendable {
    var gesture: PointerGesture?
    var motion: GridMotion?

    init(gesture: PointerGesture?, motion: GridMotion?) {
        self.gesture = gesture
        self.motion = motion
    }

    static func == (a: GridInput, b: GridInput) -> Bool { a === b || (a.gesture == b.gesture && a.motion == b.motion) }
}
