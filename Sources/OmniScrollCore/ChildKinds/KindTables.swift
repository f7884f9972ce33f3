/// The side tables of the kinds whose children hold more than a payload:
/// one field per such kind (the pager's `PagerTable`), the one table a kind
/// with a side table adds a line to. `ChildStack` keeps it among its columns
/// and calls it where its children change, naming no kind. (Kept in a box
/// of its own beside the columns, a swipe copied the box instead of the
/// columns and cost as much, and every plain scroll paid about 230
/// instructions more for the stack's second word: issue 28.)
struct KindTables: Sendable {
    /// The pagers' pages and state.
    private(set) var pagers = PagerTable()

    /// A child's entry in its kind's table as its spec carries it
    /// (`ChildSpec.tableEntry`), boxed: a pager held inline made every spec
    /// 120 bytes, and a 1 000 000-child create holds a spec per child
    /// (bench/create-memory).
    final class Entry: Equatable, Sendable {
        let pager: PagerChild
        init(_ pager: PagerChild) { self.pager = pager }
        static func == (a: Entry, b: Entry) -> Bool { a.pager == b.pager }
        /// The kind whose table takes it, and the spec member carrying it.
        var kind: ChildKind { .pager }
        var member: String { "pages" }
    }

    /// Changes the pagers' table.
    mutating func updatePagers<Result>(_ body: (inout PagerTable) -> Result) -> Result { body(&pagers) }

    /// Takes the side-table entries of `specs`, which the stack is inserting.
    mutating func insert(_ specs: [ChildSpec]) { pagers.insert(specs) }

    /// Places the inserted entries and forgets the removed children's, by the
    /// stack's ids after an insertion or a removal.
    mutating func reindex(_ ids: [String]) { pagers.reindex(ids) }

    /// Calls `body` with each child whose natural height a side table gives,
    /// and that height (a pager's selected page's, `PagerTable.forEachNaturalHeight`).
    func forEachNaturalHeight(pins: StickyPins, viewportHeight: Double, _ body: (Int, Double) -> Void) {
        pagers.forEachNaturalHeight(pins: pins, viewportHeight: viewportHeight, body)
    }

    /// `spec` (child `i`'s) with its side-table entry.
    func spec(_ spec: ChildSpec, child i: Int) -> ChildSpec {
        guard let pager = pagers.pager(child: i) else { return spec }
        var spec = spec
        spec.pager = pager
        return spec
    }

    /// The first way a table disagrees with the stack's children `ids`, or nil.
    func checkInvariants(ids: [String]) -> String? {
        pagers.checkInvariants(ids: ids).map { "pagers: \($0)" }
    }
}
