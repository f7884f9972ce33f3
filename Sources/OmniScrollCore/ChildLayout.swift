/// Where one child is at one container offset.
public struct ChildLayout: Equatable, Sendable {
    /// The child's frame in container content coordinates.
    public var frame: Rect
    /// The child's own inner content offset: `y` in `[0, C − H]` for scroll
    /// children and 0 for the others; `x` 0 for every kind so far (a point so
    /// that a horizontal kind, a pager, has its axis).
    public var contentOffset: Point
    /// How much of the frame shows in the viewport and is not covered by a
    /// pinned bar; 0 means hidden.
    public var visibleHeight: Double
    /// Whether the child is a sticky bar held at its pin line.
    public var isPinned: Bool

    /// A reply's writer makes one of a pager page's entry (`ReplyWriter.entry`).
    public init(frame: Rect, contentOffset: Point, visibleHeight: Double, isPinned: Bool) {
        (self.frame, self.contentOffset, self.visibleHeight, self.isPinned) = (frame, contentOffset, visibleHeight, isPinned)
    }

    public var isVisible: Bool { visibleHeight > 0 }

    /// Whether the members a reply carries (frame, content offset, visible
    /// height) are equal: `isPinned` is not one of them, so a bar that pins
    /// exactly where it stood is not a change.
    public func reportsSame(as other: ChildLayout) -> Bool {
        frame == other.frame && contentOffset == other.contentOffset && visibleHeight == other.visibleHeight
    }
}

/// The seed's single `contentView` holding every child stacked at its frame
/// height: `top = frameTop_a − Σ_{j<a} H_j` for the active child `a`,
/// `height = Σ H_j`.
public struct ContentViewFrame: Equatable, Sendable {
    public var top: Double
    public var height: Double
}

/// Where one page of a pager is at one container offset and one horizontal
/// offset: its frame (x across the pager, y in container content
/// coordinates), its inner content offset and how much of it shows.
public struct PageLayout: Equatable, Sendable {
    public var id: String
    public var frame: Rect
    public var contentOffset: Point
    public var visibleHeight: Double
}
