/// The side tables of the kinds whose children hold more than a payload:
/// one field per such kind (the pager's `PagerTable`), the one table a kind
/// with a side table adds a line to. `ChildStack` keeps it beside its
/// columns, not among them, and calls it where its children change: a
/// pager's swipe then changes its table alone, where a table among the
/// columns made every swipe copy them all and drop the old copy (about 1.4k
/// instructions of a session.scrollPager, issue 28). A stack with no such
/// child holds no table: `nil`, one word.
struct KindTables: Sendable {
    /// Exclusivity is unchecked as in `ChildStack`'s storage: the box is only
    /// reached through these tables, which mutate it only when unique.
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var pagers: PagerTable
        init(pagers: PagerTable) { self.pagers = pagers }
    }

    private var box: Box?

    /// The pagers' pages and state.
    var pagers: PagerTable { box?.pagers ?? PagerTable() }

    /// Whether `other` holds these very tables (both none, or one box).
    func isIdentical(to other: KindTables) -> Bool { box === other.box }

    /// Changes the pagers' table in place, copying it first when another
    /// stack shares it.
    mutating func updatePagers<Result>(_ body: (inout PagerTable) -> Result) -> Result {
        if box == nil || !isKnownUniquelyReferenced(&box!) { box = Box(pagers: pagers) }
        return body(&box!.pagers)
    }

    /// Takes the side-table entries of `specs`, which the stack is inserting.
    mutating func insert(_ specs: [ChildSpec]) {
        var pagers = self.pagers
        pagers.insert(specs)
        keep(pagers)
    }

    /// Places the inserted entries and forgets the removed children's, by the
    /// stack's ids after an insertion or a removal.
    mutating func reindex(_ ids: [String]) {
        guard box != nil else { return }
        var pagers = self.pagers
        pagers.reindex(ids)
        keep(pagers)
    }

    /// Holds `pagers`, or no box when no child has an entry.
    private mutating func keep(_ pagers: PagerTable) {
        box = pagers.isEmpty ? nil : Box(pagers: pagers)
    }

    /// Calls `body` with each child whose natural height a side table gives,
    /// and that height (a pager's selected page's, `PagerTable.forEachNaturalHeight`).
    func forEachNaturalHeight(pins: StickyPins, viewportHeight: Double, _ body: (Int, Double) -> Void) {
        box?.pagers.forEachNaturalHeight(pins: pins, viewportHeight: viewportHeight, body)
    }

    /// `spec` (child `i`'s) with its side-table entry.
    func spec(_ spec: ChildSpec, child i: Int) -> ChildSpec {
        guard let pager = box?.pagers.pager(child: i) else { return spec }
        var spec = spec
        spec.pager = pager
        return spec
    }

    /// The first way a table disagrees with the stack's children `ids`, or nil.
    func checkInvariants(ids: [String]) -> String? {
        pagers.checkInvariants(ids: ids).map { "pagers: \($0)" }
    }
}
