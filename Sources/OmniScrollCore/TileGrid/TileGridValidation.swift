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
        try finger(snapshot.gesture, motion: snapshot.motion, phase: snapshot.phase, configuration: configuration)
        let off = configuration.recenter.recenters(
            offset: snapshot.offset, centre: centre, phase: snapshot.phase, thresholds: configuration.thresholds)
        if off.x || off.y {
            throw fail(FieldPath("offset").member(off.x ? "x" : "y"),
                       "would already have been recentered (recenter \"\(configuration.recenter.rawValue)\", phase \"\(snapshot.phase.rawValue)\")")
        }
    }

    /// A finger and a fling as `grid.pointer` and `grid.tick` leave them: a
    /// finger pending or panning, its samples (1 to 20, in time order,
    /// within the time bound) and a start exactly when panning, under no
    /// pager; a fling only while decelerating, never with a finger down
    /// (`down` stops it), released with at most `kMaxFlingVelocity` on each
    /// axis (`fling`), ticked at or after its release and not yet at rest.
    static func finger(_ gesture: PointerGesture?, motion: GridMotion?, phase: ScrollPhase,
                       configuration: TileGridConfiguration) throws(ContainerError) {
        if let gesture {
            let pointer = FieldPath("state").member("pointer")
            guard gesture.axis == .pending || gesture.axis == .pan else {
                throw fail(pointer.member("axis"), "must be pending or pan (a grid finger pans both axes)")
            }
            guard (gesture.start == nil) == (gesture.axis == .pending) else {
                throw fail(pointer.member("start"), "is given exactly when the finger pans")
            }
            guard gesture.pager == nil else { throw fail(pointer.member("pager"), "must be null on a grid") }
            let samples = gesture.history.samples
            guard !samples.isEmpty, samples.count <= PointerHistory.capacity else {
                throw fail(pointer.member("samples"), "must hold 1 to \(PointerHistory.capacity) samples")
            }
            for k in samples.indices {
                if Double(samples[k].time.magnitude) > PointerSample.maxMicroseconds {
                    throw fail(pointer.member("samples").index(k).member("time"),
                               "must be within ±\(PointerSample.maxMicroseconds) microseconds")
                }
                if k > 0, samples[k].time < samples[k - 1].time {
                    throw fail(pointer.member("samples").index(k), "must be in time order")
                }
            }
            for (name, s) in [("down", gesture.down)] + (gesture.start.map { [("start", $0)] } ?? [])
            where Double(s.time.magnitude) > PointerSample.maxMicroseconds {
                throw fail(pointer.member(name).member("time"), "must be within ±\(PointerSample.maxMicroseconds) microseconds")
            }
            guard gesture.path.isFinite, gesture.path >= 0 else { throw fail(pointer.member("path"), "must be ≥ 0") }
        }
        guard let motion else { return }
        let field = FieldPath("state").member("motion")
        guard gesture == nil else { throw fail(field, "cannot run while a finger is down (down stops it)") }
        guard phase == .decelerating else { throw fail(field, "runs only while decelerating") }
        for (name, v) in [("x", motion.velocity.x), ("y", motion.velocity.y)]
        where !(abs(v) <= PointerConstants.maxFlingVelocity) {
            throw fail(field.member("velocity").member(name), "must be within ±\(PointerConstants.maxFlingVelocity) (kMaxFlingVelocity)")
        }
        try fling(motion, configuration: configuration)
        guard motion.lastTime >= motion.releaseTime else {
            throw fail(field.member("lastTime"), "must be ≥ releaseTime")
        }
        guard !motion.isDone(at: motion.lastTime) else {
            throw fail(field.member("lastTime"), "is at or after the motion's end, where the grid would be at rest")
        }
    }

    /// A fling's inputs as an `up` gives them (docs/pointer.md, "Grids"): a
    /// 2D speed over `kMinFlingVelocity` (`FlingDecision.pan`; slower is no
    /// fling), released from an offset of the content (the grid clamps every
    /// offset; a viewport changed since may make that range wider or
    /// narrower, so the check is the content's), and a `shift` only where
    /// recentering moves a running fling, in `threshold` mode (`idle` mode
    /// recenters at rest, after the fling ended).
    private static func fling(_ motion: GridMotion, configuration: TileGridConfiguration) throws(ContainerError) {
        let field = FieldPath("state").member("motion")
        let v = motion.velocity
        guard (v.x * v.x + v.y * v.y).squareRoot() > PointerConstants.minFlingVelocity else {
            throw fail(field.member("velocity"), "must be over \(PointerConstants.minFlingVelocity) pt/s in 2D (kMinFlingVelocity): a slower release does not fling")
        }
        let content = configuration.contentSize
        for (axis, start, length) in [("x", motion.start.x, content.width), ("y", motion.start.y, content.height)]
        where !(start >= 0 && start <= length) {
            throw fail(field.member("start").member(axis), "must be between 0 and \(length), an offset of the content")
        }
        if configuration.recenter != .threshold {
            for (axis, shift) in [("x", motion.shift.x), ("y", motion.shift.y)] where shift != 0 {
                throw fail(field.member("shift").member(axis),
                           "must be 0: recenter \"\(configuration.recenter.rawValue)\" never moves a running fling")
            }
        }
    }
}
