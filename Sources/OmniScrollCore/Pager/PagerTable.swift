/// The pagers' side table of a `ChildStack`: each pager's pages and state
/// (the selected page, the remembered inner offsets, a swipe) and where each
/// page is. A pager's payload (`ChildPayload.pager`) holds none of it, so
/// every other child's payload stays a small value; the stack keeps one
/// table and calls it where its children change, and a pager's natural
/// height is the one the table gives (`forEachNaturalHeight`).
struct PagerTable: Sendable {
    /// Child indices of the pagers, ascending (empty in most containers).
    private(set) var childIndices: [Int] = []
    /// Each pager's pages and state, by the pager's child id.
    private var states: [String: PagerChild] = [:]
    /// Each page's pager and index, by page id.
    private var pagesByID: [String: PageAddress] = [:]

    /// Where page `id` is, `nil` when no pager has it.
    func page(of id: String) -> PageAddress? { pagesByID[id] }

    /// The pages and state of the child whose id is `id`, `nil` when it is no pager.
    func pager(id: String) -> PagerChild? { states.isEmpty ? nil : states[id] }

    /// Takes the pages and state of the pagers among `specs`, which the stack is inserting.
    mutating func insert(_ specs: [ChildSpec]) {
        for spec in specs { if let pager = spec.pager { states[spec.id] = pager } }
    }

    /// Finds the pagers and their pages among `ids`, the stack's children
    /// after an insertion or a removal, and forgets the removed ones.
    mutating func reindex(_ ids: [String]) {
        guard !states.isEmpty else { return }
        var kept: [String: PagerChild] = [:]
        childIndices = []
        pagesByID = [:]
        for (i, id) in ids.enumerated() {
            guard let pager = states[id] else { continue }
            kept[id] = pager
            childIndices.append(i)
            for (k, page) in pager.pages.enumerated() { pagesByID[page.id] = PageAddress(child: i, page: k) }
        }
        states = kept
    }

    /// The first way the table disagrees with the stack's children `ids`
    /// (a pager index, a page address, a selected page), or nil
    /// (`ChildStack.checkInvariants`).
    func checkInvariants(ids: [String]) -> String? {
        let indices = ids.indices.filter { states[ids[$0]] != nil }
        if indices != childIndices { return "pager indices \(childIndices), the children's are \(indices)" }
        if states.count != indices.count { return "\(states.count) pager states for \(indices.count) pagers" }
        var pages = 0
        for i in childIndices {
            let pager = states[ids[i]]!
            if !pager.pages.indices.contains(pager.selected) { return "pager \(ids[i]) selects page \(pager.selected) of \(pager.pages.count)" }
            for (k, page) in pager.pages.enumerated() where pagesByID[page.id] != PageAddress(child: i, page: k) {
                return "page \(page.id) is listed at \(String(describing: pagesByID[page.id])), it is page \(k) of child \(i)"
            }
            pages += pager.pages.count
        }
        return pagesByID.count == pages ? nil : "\(pagesByID.count) page addresses for \(pages) pages"
    }

    /// Changes the pages or state of pager `id`, which must be one.
    mutating func update(id: String, _ body: (inout PagerChild) -> Void) {
        guard states[id] != nil else { preconditionFailure("child '\(id)' is not a pager") }
        body(&states[id]!)
    }

    /// Calls `body` with each pager's child index and natural height: its
    /// selected page's content height, padded with `fillViewport` to the
    /// viewport below the bars pinned above it.
    func forEachNaturalHeight(ids: [String], pins: StickyPins, viewportHeight: Double, _ body: (Int, Double) -> Void) {
        for i in childIndices {
            guard let pager = states[ids[i]] else { preconditionFailure("child \(i) is not a pager") }
            let belowBars = max(0, viewportHeight - pins.pinnedBottom(above: i))
            body(i, pager.naturalHeight(ofPage: pager.selected, viewportBelowBars: belowBars))
        }
    }
}

/// A pager page's place: the pager's child index and the page's index in it.
struct PageAddress: Equatable, Sendable {
    var child: Int
    var page: Int
}

/// The stack's pagers as the behaviors (`PagerTabs`, `LoadMore`,
/// `PullToRefresh`), validation and the container's page sizes see them.
extension ChildStack {
    /// Child indices of the pagers, ascending.
    var pagers: [Int] { pagerTable.childIndices }
    var hasPagers: Bool { !pagerTable.childIndices.isEmpty }

    /// Where the pager page `id` is, `nil` when no pager has it.
    func page(of id: String) -> PageAddress? { pagerTable.page(of: id) }

    /// Pager child `i`'s pages and state (`i` must be a pager).
    func pager(_ i: Int) -> PagerChild {
        guard let pager = pagerTable.pager(id: ids[i]) else { preconditionFailure("child \(i) is not a pager") }
        return pager
    }

    /// `P`: the offset at which child `i` reaches the bottom of the pinned
    /// bars above it (where a pager pins).
    func pinPoint(_ i: Int) -> Double { naturalTop(i) - pinnedHeightAbove(i) }

    /// Changes pager `i`'s pages or state (its selection, swipe, remembered
    /// offsets…) and its natural and frame heights with it.
    mutating func updatePager(_ i: Int, _ body: (inout PagerChild) -> Void) {
        let id = ids[i]
        updatePagerTable { $0.update(id: id, body) }
    }

    /// Sets a pager page's content height; the pager's natural height follows
    /// when it is the selected page.
    mutating func setPageSize(_ address: PageAddress, _ size: Double) {
        updatePager(address.child) { $0.pages[address.page].contentHeight = size }
    }
}
