/// What one applied change list did.
public struct ContainerUpdate: Sendable {
    public var layout: Layout
    public var events: [ContainerEvent]
    /// How far scroll anchoring moved the offset (0 when it did not).
    public var anchorShift: Double
    /// The answer to a `scrollToChild` change.
    public var target: ScrollTargetResult?
    /// Whether the container's state changed at all.
    public var didChange: Bool
    /// Where the container was before a change list that left the stack and
    /// the viewport as they were: enough to rebuild the previous layout.
    var previous: LayoutBasis?

    /// The children whose frame, content offset or visible height differ from
    /// the previous layout: `.all` when the structure, sizes or viewport
    /// changed, else exactly the (ascending) indices that changed. Computed on
    /// demand, for delta replies; O(log n) per child between the old and the
    /// new viewport.
    public var changedChildren: ChangedChildren {
        guard let previous else { return .all }
        let after = layout
        let before = Layout(stack: after.stack, viewport: after.viewport, insets: previous.insets, offset: previous.offset)
        let a = before.childrenTrackingOffset
        let b = after.childrenTrackingOffset
        let range = min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
        var result: [Int] = []
        for i in after.stack.pins.childIndices where i < range.lowerBound && before.child(i) != after.child(i) {
            result.append(i)
        }
        for i in range where before.child(i) != after.child(i) {
            result.append(i)
        }
        return .some(result)
    }
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

/// The inputs of a layout besides the stack and the viewport.
struct LayoutBasis: Sendable {
    var offset: Double
    var insets: Insets
}
