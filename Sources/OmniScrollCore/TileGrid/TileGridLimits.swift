/// The bounds a tile grid keeps so that every number it reports is finite and
/// every tile index exact.
public enum TileGridLimits {
    /// The longest length in points (viewport, tile, content size, threshold):
    /// the engine's one length bound, shared with the container, so no sum of
    /// a few lengths overflows.
    public static let maxLength = Validation.maxLength

    /// The most tiles the content may span on one axis: 2⁴⁰, so tile counts
    /// within the content are exact integers in a `Double`, and a frame's
    /// edge (at most the content size, in a `Double`'s 52 bits) is exact to
    /// 2⁻¹² of a tile: no two tiles' frames coincide (issue 26: a 1.12e-4
    /// tile on 1e12 content, within 2⁵³ tiles, gave two columns one frame).
    /// A tile must be at least `contentSize / 2⁴⁰` long.
    public static let maxTilesAcrossContent = 1_099_511_627_776.0

    /// The largest logical tile index: 2⁶², so the tiles of a reply around it
    /// (at most 2⁴⁰ + `maxTiles` away) stay inside `Int64`.
    public static let maxTileIndex: Int64 = 1 << 62

    /// The most tiles one reply may hold unless configured otherwise
    /// (`TileGridConfiguration.maxTiles`): 100 000. A 4K viewport (3840 × 2160)
    /// of 32-pt tiles with overscan 1 needs at most 124 × 72 = 8 928
    /// (see `tilesPerReplyBound`).
    public static let defaultMaxTiles = 100_000

    /// The most tiles a reply can hold for this viewport, tile size and
    /// overscan: per axis ⌈viewport / tile⌉ + 2·overscan + 2 (a span of
    /// length L meets at most ⌈L / tile⌉ + 1 tiles; one more for rounding).
    public static func tilesPerReplyBound(viewport: Viewport, tile: Size, overscan: Int) -> Double {
        func axis(_ length: Double, _ tile: Double) -> Double {
            (length / tile).rounded(.up) + 2 * Double(overscan) + 2
        }
        return axis(viewport.width, tile.width) * axis(viewport.height, tile.height)
    }
}
