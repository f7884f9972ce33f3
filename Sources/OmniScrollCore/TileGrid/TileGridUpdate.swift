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
