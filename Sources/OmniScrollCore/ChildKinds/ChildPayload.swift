/// A child's kind with the spec members only that kind has: one case per kind.
public enum ChildPayload: Equatable, Sendable {
    case scroll
    case fixed
    case sticky(StickyChild)
    case page
    /// Its pages and state are its entry in the kinds' side tables
    /// (`ChildSpec.pager`, `KindTables`): a payload holding them would make every child's payload
    /// a reference to count on every layout.
    case pager
    case collapsing(CollapsingChild)

    public var kind: ChildKind {
        switch self {
        case .scroll: .scroll
        case .fixed: .fixed
        case .sticky: .sticky
        case .page: .page
        case .pager: .pager
        case .collapsing: .collapsing
        }
    }

    /// Where child `i` (natural top `top`, frame height `height`) sits at `offset`, by its kind's rule. A switch rather
    /// than `kind.rule` so the solver's hottest call stays statically dispatched.
    @inline(__always)
    func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        switch self {
        // A pager is placed as a scroll child (`PagerChild.place`): one arm, so
        // the switch stays the three-way one the solver inlines.
        case .scroll, .pager: ScrollChild.place(i, top: top, height: height, in: stack, offset: offset)
        case .fixed: FixedChild.place(i, top: top, height: height, in: stack, offset: offset)
        case .sticky: StickyChild.place(i, top: top, height: height, in: stack, offset: offset)
        case .page: PageChild.place(i, top: top, height: height, in: stack, offset: offset)
        case .collapsing: CollapsingChild.place(i, top: top, height: height, in: stack, offset: offset)
        }
    }
}
