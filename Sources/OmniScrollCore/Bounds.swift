/// The magnitudes every engine accepts, so that no sum it forms overflows
/// and no reply carries a non-finite number. The protocol states them in
/// its schemas (`maximum`, `minimum`).
public enum Bounds {
    /// The largest length, in points: a content height, a height, a viewport
    /// side, an inset, a pin offset, a refresh threshold or height, a
    /// load-more distance, a tile or content size. 10¹² points is some 10⁹
    /// screens, far past any real content, and small enough that no sum a
    /// container forms can overflow: with the most children it holds
    /// (`maxChildren`, 2³¹ − 1) the content height stays under 2.2 × 10²¹.
    public static let maxLength = 1e12

    /// The largest offset magnitude. Above any `maxOffset` a container can
    /// have (`(maxChildren + 1) · maxLength < 10²²`), so every offset in range
    /// can be given, and sums and differences of offsets and lengths stay finite.
    public static let maxOffset = 1e24

    /// The largest content height a container reaches: its most children
    /// (2³¹ − 1) each `maxLength` tall stay under it. What a snapshot's
    /// content heights (`state.loadMore.triggeredAt`) may be.
    public static let maxContentHeight = 2.2e21
}
