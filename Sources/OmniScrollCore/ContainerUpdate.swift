/// What one applied change list did.
public struct ContainerUpdate: Sendable {
    public var layout: Layout
    public var events: [ContainerEvent]
    /// How far scroll anchoring moved the offset (0 when it did not).
    public var anchorShift: Double
    /// The answer to a `scrollToChild` change.
    public var target: ScrollTargetResult?
    /// The children whose frame, content offset or visible height may differ
    /// from the previous layout: every child when the structure, sizes or
    /// viewport changed, else the sorted indices compared to have changed.
    public var changedChildren: ChangedChildren
    /// Whether the container's state changed at all.
    public var didChange: Bool
}

public enum ChangedChildren: Equatable, Sendable {
    case all
    case some([Int])
}

/// Where a `scrollToChild` goes.
public struct ScrollTargetResult: Equatable, Sendable {
    /// The target offset, clamped to the offset bounds; `nil` while pending.
    public var offset: Double?
    /// Waiting for the child's size.
    public var pending: Bool
}
