/// The ids a list of new children claims, their own and their parts' (a
/// pager's pages): each is unique among the session's children and pages,
/// those already in the stack and those claimed earlier in the list.
struct DeclaredIDs {
    private var claimed = Set<String>()
    /// The stack the children join, `nil` for a new container.
    private let existing: ChildStack?

    init(existing: ChildStack?, capacity: Int) {
        self.existing = existing
        claimed.reserveCapacity(capacity)
    }

    /// Claims `id`: false when a child or a page already has it.
    mutating func claim(_ id: String) -> Bool {
        claimed.insert(id).inserted && existing?.index(of: id) == nil && existing?.page(of: id) == nil
    }
}
