/// What is moving the container. End of scrolling is an input (a phase change
/// to `idle`), never a timer.
public enum ScrollPhase: String, CaseIterable, Sendable {
    case idle
    case dragging
    case decelerating
    case animating
}

/// Which way the last offset change went. As in the seed, an offset growing is
/// `up` (content moves up), shrinking is `down`. Resets to `none` when the
/// phase returns to `idle`.
public enum ScrollDirection: String, CaseIterable, Sendable {
    case none
    case up
    case down

    /// The direction of a move from `old` to `new`, `nil` when the offset did not change.
    static func of(from old: Double, to new: Double) -> ScrollDirection? {
        new > old ? .up : (new < old ? .down : nil)
    }
}
