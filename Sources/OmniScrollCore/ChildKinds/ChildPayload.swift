/// A child's kind with the spec members only that kind has: one case per kind.
public enum ChildPayload: Equatable, Sendable {
    case scroll
    case fixed
    case sticky(StickyChild)
    case collapsing(CollapsingChild)

    public var kind: ChildKind {
        switch self {
        case .scroll: .scroll
        case .fixed: .fixed
        case .sticky: .sticky
        case .collapsing: .collapsing
        }
    }

    /// Where child `i` (natural top `top`, frame height `height`) sits at `offset`, by its kind's rule. A switch rather
    /// than `kind.rule` so the solver's hottest call stays statically dispatched.
    @inline(__always)
    func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        switch self {
        case .scroll: ScrollChild.place(i, top: top, height: height, in: stack, offset: offset)
        case .fixed: FixedChild.place(i, top: top, height: height, in: stack, offset: offset)
        case .sticky: StickyChild.place(i, top: top, height: height, in: stack, offset: offset)
        case .collapsing: CollapsingChild.place(i, top: top, height: height, in: stack, offset: offset)
        }
    }
}
