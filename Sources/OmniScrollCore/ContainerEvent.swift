/// A lifecycle event. Events are edge-triggered: one per state change, never
/// one per tick. A call that jumps far reports the net change, in the order
/// the behaviors are registered and, within one behavior, in scroll order.
public struct ContainerEvent: Equatable, Sendable {
    public var type: EventType
    /// The child the event is about, when it is about one.
    public var child: String?
    /// For `directionDidChange` and `didScrollViewScroll`.
    public var direction: ScrollDirection?
    /// For `phaseDidChange`.
    public var phase: ScrollPhase?
    /// For `scrollTargetDidResolve`: the offset the container moved to.
    public var offset: Double?

    public init(_ type: EventType, child: String? = nil, direction: ScrollDirection? = nil,
                phase: ScrollPhase? = nil, offset: Double? = nil) {
        self.type = type
        self.child = child
        self.direction = direction
        self.phase = phase
        self.offset = offset
    }
}

/// Every event type and its exact rule. "Visible" means `visibleHeight > 0`;
/// "active" is the child under the viewport's top edge below the pinned bars.
public enum EventType: String, CaseIterable, Sendable {
    // Per child (VisibilityLifecycle).
    /// Visible after the call, not before (first pixel shown). Also at creation.
    case childDidShow
    /// Visible before the call, not after (last pixel gone), or removed while visible.
    case childDidHide
    /// "Scrolling away": the child is active and the direction is `up`; fires
    /// when that becomes true.
    case childWillHide
    /// Became the active child.
    case childDidBecomeActive
    /// Was the active child and no longer is.
    case childDidResignActive
    // Sticky bars (StickyPinning).
    /// A sticky bar reached its pin line (`y + pinTop ≥ T`).
    case childDidPin
    /// A sticky bar went back into flow.
    case childDidUnpin
    // Scroll state (DirectionTracking, PhaseTracking).
    /// The direction became `up` or `down` (the first move after idle, or a reversal).
    case directionDidChange
    /// The phase changed.
    case phaseDidChange
    // Pull to refresh (PullToRefresh).
    /// While dragging, the pull past the top reached the threshold.
    case refreshDidArm
    /// While dragging, the pull went back under the threshold.
    case refreshDidDisarm
    /// Released while armed: refreshing starts and the refresh inset is held.
    case refreshDidTrigger
    /// `endRefreshing` while refreshing: the inset is released.
    case refreshDidEnd
    // Load more (LoadMore).
    /// Within the distance of the end, once per content height, all sizes known.
    case loadMoreDidTrigger
    /// `endLoadingMore` while loading.
    case loadMoreDidEnd
    // Scroll to child (ScrollTarget).
    /// A pending scroll-to-child target's place became known and the container moved there.
    case scrollTargetDidResolve
    /// A pending target was dropped because the user started dragging or the child was removed.
    case scrollTargetDidCancel
    // The seed's names (seed 000), for the first scroll child ("top") and the
    // next scroll child ("bottom"); each follows its general event.
    /// `childDidShow` of the top child.
    case topVCDidAppear
    /// `childWillHide` of the top child.
    case topVCWillDisappear
    /// `childDidHide` of the top child.
    case topVCDidDisappear
    /// `childDidShow` of the bottom child.
    case bottomVCDidShow
    /// `childDidBecomeActive` of the bottom child: its top reached the viewport top.
    case didScrollToBottomContainer
    /// `directionDidChange`.
    case didScrollViewScroll
    /// `phaseDidChange` to `idle` from another phase.
    case scrollViewDidEndScrolling
}
