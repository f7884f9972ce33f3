/// The ids a list of new children claims, their own and their parts' (a
/// pager's pages): each is unique among the session's children and pages,
/// those already in the stack and those claimed earlier in the list.
struct DeclaredIDs {
    /// The list's children claimed so far, by their index in the list: a new
    /// container's stack keeps this table (`ChildIDIndex`).
    private(set) var children: ChildIDIndex
    /// The list's pages' ids claimed so far (few: only pagers have pages).
    private var pages = Set<String>()
    private let specs: [ChildSpec]
    /// The stack the children join, `nil` for a new container.
    private let existing: ChildStack?

    init(_ specs: [ChildSpec], existing: ChildStack?) {
        self.specs = specs
        self.existing = existing
        children = ChildIDIndex(capacity: specs.count)
    }

    /// Claims the id of child `k` of the list: false when a child or a page already has it.
    mutating func claim(child k: Int) -> Bool {
        let id = specs[k].id
        return children.insert(id, at: k) { [specs] in specs[$0].id } && (pages.isEmpty || !pages.contains(id))
            && isFree(id)
    }

    /// Claims a page's `id`: false when a child or a page already has it.
    mutating func claim(page id: String) -> Bool {
        children.index(of: id) { [specs] in specs[$0].id } == nil && pages.insert(id).inserted && isFree(id)
    }

    /// Whether no child or page of the stack the children join has `id`.
    private func isFree(_ id: String) -> Bool {
        guard let existing else { return true }
        return existing.index(of: id) == nil && existing.page(of: id) == nil
    }
}
