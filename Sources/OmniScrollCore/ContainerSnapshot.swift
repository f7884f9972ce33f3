/// Everything a container is, as plain values: `Container(restoring:)` rebuilds
/// a container whose every later update equals the original's.
public struct ContainerSnapshot: Equatable, Sendable {
    public var viewport: Viewport
    public var insets: Insets
    public var options: ContainerOptions
    public var children: [ChildSpec]
    public var offset: Double
    public var phase: ScrollPhase
    public var direction: ScrollDirection
    public var revision: Int
    /// VisibilityLifecycle's state. The layout determines it, so a restore
    /// derives it; when given (format 1 snapshots), it must agree.
    public var visibility: VisibilitySnapshot?
    /// StickyPinning: the pinned bars, in child order. Derived and checked
    /// like `visibility`.
    public var pinned: [String]?
    /// PullToRefresh.
    public var refresh: RefreshState = .idle
    /// LoadMore: the content height it last triggered at.
    public var loadMoreTriggeredAt: Double?
    /// LoadMore: triggered and not ended yet.
    public var loadingMore = false
    /// ScrollTarget: a target waiting for its child's size.
    public var pendingTarget: PendingScrollTarget?
    /// The collapsing headers' effective scroll offsets, in child order
    /// (`CollapsingHeaders`); `nil`: derived from the offset (no header floats back).
    public var headerScroll: [Double]?

    public init(viewport: Viewport, insets: Insets, options: ContainerOptions, children: [ChildSpec],
                offset: Double, phase: ScrollPhase, direction: ScrollDirection, revision: Int) {
        self.viewport = viewport
        self.insets = insets
        self.options = options
        self.children = children
        self.offset = offset
        self.phase = phase
        self.direction = direction
        self.revision = revision
    }
}
