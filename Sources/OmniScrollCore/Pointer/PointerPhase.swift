/// A finger sample's phase (`params.phase` of `session.pointer` and `grid.pointer`).
public enum PointerPhase: String, CaseIterable, Equatable, Sendable {
    case down
    case move
    case up
    /// An `up` without fling and without tap (the system took the touch).
    case cancel
}
