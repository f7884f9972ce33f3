/// What one finger is doing: waiting for the slop, or locked on an axis
/// until it lifts. The wire names are `pointer.state`'s.
public enum PointerAxis: String, CaseIterable, Equatable, Sendable {
    /// Down, not yet past any slop.
    case pending
    /// A container drag.
    case vertical
    /// A pager swipe.
    case horizontal
    /// A grid pan (both axes).
    case pan
}
