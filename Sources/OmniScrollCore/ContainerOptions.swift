/// Per-container switches and behavior settings.
public struct ContainerOptions: Equatable, Sendable {
    /// CSS scroll anchoring: a child wholly above the viewport's top edge that
    /// changes height by Δ shifts the offset by Δ. Off is the seed's behaviour.
    public var anchoring: Bool
    /// Also emit the seed's event names for the first two scroll children.
    public var seedEvents: Bool
    /// Pull-to-refresh, off when `nil`.
    public var refresh: RefreshOptions?
    /// Load-more near the end, off when `nil`.
    public var loadMore: LoadMoreOptions?

    public init(anchoring: Bool = true, seedEvents: Bool = true,
                refresh: RefreshOptions? = nil, loadMore: LoadMoreOptions? = nil) {
        self.anchoring = anchoring
        self.seedEvents = seedEvents
        self.refresh = refresh
        self.loadMore = loadMore
    }
}
