/// The checks a tile grid's inputs pass before anything is applied. Each
/// names the offending field (`tile.width`, `viewport.height`, `x`…) and says
/// why, in the container's error style.
enum TileGridValidation {
    private static func fail(_ field: FieldPath, _ reason: String) -> ContainerError {
        ContainerError(.invalidValue, field: field, reason: reason)
    }

    /// A length: finite, > 0, at most `TileGridLimits.maxLength`.
    static func length(_ value: Double, field: FieldPath) throws(ContainerError) {
        guard value.isFinite, value > 0, value <= TileGridLimits.maxLength else {
            throw fail(field, "must be a finite number > 0 and ≤ \(TileGridLimits.maxLength)")
        }
    }

    static func size(_ size: Size, field: FieldPath) throws(ContainerError) {
        try length(size.width, field: field.member("width"))
        try length(size.height, field: field.member("height"))
    }

    static func offset(_ value: Double, field: FieldPath) throws(ContainerError) {
        guard value.isFinite else { throw fail(field, "must be a finite number") }
    }

    static func configuration(_ configuration: TileGridConfiguration) throws(ContainerError) {
        try size(configuration.contentSize, field: "contentSize")
        try size(configuration.tile, field: "tile")
        for (axis, content, tile) in [("width", configuration.contentSize.width, configuration.tile.width),
                                      ("height", configuration.contentSize.height, configuration.tile.height)]
        where content / tile > TileGridLimits.maxTilesAcrossContent {
            throw fail(FieldPath("tile").member(axis), "must be at least contentSize.\(axis) / 2^40 (\(content / TileGridLimits.maxTilesAcrossContent))")
        }
        guard configuration.overscan >= 0 else { throw fail("overscan", "must be an integer ≥ 0") }
        if let threshold = configuration.threshold {
            guard configuration.recenter == .threshold else {
                throw fail("threshold", "applies only with recenter \"threshold\"")
            }
            guard threshold.isFinite, threshold >= 0, threshold <= TileGridLimits.maxLength else {
                throw fail("threshold", "must be a finite number ≥ 0 and ≤ \(TileGridLimits.maxLength)")
            }
        }
        guard configuration.maxTiles >= 1 else { throw fail("maxTiles", "must be an integer ≥ 1") }
    }

    /// A viewport for a grid of `configuration` (already valid). `boundField`
    /// is the field the tiles-per-reply bound blames: `tile` when the grid is
    /// created, `viewport` when the viewport changes.
    static func viewport(_ viewport: Viewport, configuration: TileGridConfiguration, boundField: FieldPath)
        throws(ContainerError)
    {
        let content = configuration.contentSize
        for (axis, length, contentLength) in [("width", viewport.width, content.width),
                                              ("height", viewport.height, content.height)] {
            try self.length(length, field: FieldPath("viewport").member(axis))
            guard length <= contentLength else {
                throw fail(FieldPath("viewport").member(axis), "must not exceed contentSize.\(axis) (\(contentLength))")
            }
        }
        let bound = TileGridLimits.tilesPerReplyBound(
            viewport: viewport, tile: configuration.tile, overscan: configuration.overscan)
        guard bound <= Double(configuration.maxTiles) else {
            throw fail(boundField, """
                a \(viewport.width) × \(viewport.height) viewport of \(configuration.tile.width) × \
                \(configuration.tile.height) tiles with overscan \(configuration.overscan) may hold up to \
                \(bound) tiles per reply, over the limit of \(configuration.maxTiles)
                """)
        }
    }

    /// A snapshot's state for a grid of its (already valid) configuration and viewport.
    static func state(_ snapshot: TileGridSnapshot, centre: Point) throws(ContainerError) {
        let configuration = snapshot.configuration
        let range = Point(x: configuration.contentSize.width - snapshot.viewport.width,
                          y: configuration.contentSize.height - snapshot.viewport.height)
        for (axis, value, high) in [("x", snapshot.offset.x, range.x), ("y", snapshot.offset.y, range.y)] {
            guard value.isFinite, value >= 0, value <= high else {
                throw fail(FieldPath("offset").member(axis), "must be between 0 and \(high) (the content size minus the viewport)")
            }
        }
        let anchor = snapshot.anchor
        for (name, index) in [("col", anchor.col), ("row", anchor.row)]
        where !(-TileGridLimits.maxTileIndex...TileGridLimits.maxTileIndex).contains(index) {
            throw fail(FieldPath("anchor").member(name), "must be between -2^62 and 2^62")
        }
        for (name, value, tile) in [("x", anchor.x, configuration.tile.width), ("y", anchor.y, configuration.tile.height)] {
            guard value.isFinite, value >= 0, value < tile else {
                throw fail(FieldPath("anchor").member(name), "must be ≥ 0 and below the tile's size (\(tile))")
            }
        }
        let off = configuration.recenter.recenters(
            offset: snapshot.offset, centre: centre, phase: snapshot.phase, thresholds: configuration.thresholds)
        if off.x || off.y {
            throw fail(FieldPath("offset").member(off.x ? "x" : "y"),
                       "would already have been recentered (recenter \"\(configuration.recenter.rawValue)\", phase \"\(snapshot.phase.rawValue)\")")
        }
    }
}
