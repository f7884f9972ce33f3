/// What a tile grid is made of, fixed when it is created. The viewport is
/// not here: it changes with `TileGridChange`.
public struct TileGridConfiguration: Equatable, Sendable {
    /// The seed's content size (seed 001: `CGSize(width: 100000, height: 100000)`).
    public static let defaultContentSize = Size(width: 100_000, height: 100_000)
    public static let defaultOverscan = 1

    public var tile: Size
    /// Tiles reported beyond each edge of the viewport.
    public var overscan: Int
    /// The scroll view's content size: offsets stay within it.
    public var contentSize: Size
    public var recenter: RecenterMode
    /// How far from the centre an offset may drift in `threshold` mode, on
    /// each axis; `nil` is a quarter of that axis's content size. Only
    /// allowed with `recenter == .threshold`.
    public var threshold: Double?
    /// The most tiles one reply may hold; creating or resizing a grid whose
    /// replies could hold more is refused (`TileGridLimits.tilesPerReplyBound`).
    public var maxTiles: Int
    /// `options.physics.preset`: the feel of pans and flings (`grid.pointer`,
    /// docs/pointer.md); `nil` feels like `ios`.
    public var physics: PhysicsPreset?

    public init(tile: Size, overscan: Int = defaultOverscan, contentSize: Size = defaultContentSize,
                recenter: RecenterMode = .idle, threshold: Double? = nil,
                maxTiles: Int = TileGridLimits.defaultMaxTiles, physics: PhysicsPreset? = nil) {
        self.physics = physics
        self.tile = tile
        self.overscan = overscan
        self.contentSize = contentSize
        self.recenter = recenter
        self.threshold = threshold
        self.maxTiles = maxTiles
    }

    /// The preset flings and pans use.
    public var preset: PhysicsPreset { physics ?? .ios }

    /// How far from the centre each axis may drift in `threshold` mode. A
    /// quarter of the content by default, as Apple's StreetScroller
    /// (`InfiniteScrollView.recenterIfNecessary`, WWDC 2011 session 104:
    /// `distanceFromCenter > contentWidth / 4.0`).
    var thresholds: Point {
        Point(x: threshold ?? contentSize.width / 4, y: threshold ?? contentSize.height / 4)
    }
}
