/// What one change to a tile grid did: the new layout, which tiles came into
/// view and which left since the previous reply, and the recenter if one
/// happened. `added` and `removed` are rectangle differences: a delta reply
/// costs O(1) plus O(1) per tile added or removed, whatever the tiles in view
/// and however far the user has travelled.
public struct TileGridUpdate: Equatable, Sendable {
    public var layout: TileGridLayout
    /// The tiles of the previous reply; `nil` in a new grid's first reply.
    public var previousTiles: TileRect?
    /// What a recenter added to the offset and to every frame; `nil` when the
    /// offset was not moved back.
    public var recentered: RecenterShift?
    /// The finger's state while one is down (`pointer {state}`, docs/pointer.md).
    public var pointer: PointerAxis?
    /// The reply to an `up`: `pointer {state: "released", axis, velocity}`.
    public var release: PointerRelease?
    /// A touch that never became a pan: the event `tap`.
    public var tap: GridTap?
    /// The fling this change started (its reply says where and how long; ticks do not repeat it).
    public var motion: GridMotion?

    public init(layout: TileGridLayout, previousTiles: TileRect?, recentered: RecenterShift?) {
        self.layout = layout
        self.previousTiles = previousTiles
        self.recentered = recentered
    }

    /// The tiles in view now that were not in the previous reply (all of
    /// them in a new grid's first reply), row-major.
    public var added: TileRectDifference { TileRectDifference(layout.tileRect, minus: previousTiles) }

    /// The tiles of the previous reply no longer in view, row-major.
    public var removed: TileRectDifference {
        TileRectDifference(previousTiles ?? TileRect(cols: 0..<0, rows: 0..<0), minus: layout.tileRect)
    }
}
