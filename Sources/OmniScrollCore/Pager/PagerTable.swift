/// The pagers' side table of a `ChildStack`: each pager's pages and state
/// (the selected page, the remembered inner offsets, a swipe) and where each
/// page is. A pager's payload (`ChildPayload.pager`) holds none of it, so
/// every other child's payload stays a small value; the stack keeps one
/// table and calls it where its children change, and a pager's natural
/// height is the one the table gives (`forEachNaturalHeight`).
struct PagerTable: Sendable {
    /// Child indices of the pagers, ascending (empty in most containers).
    private(set) var childIndices: [Int] = []
    /// Each pager's pages and state, and its child id, in the order of
    /// `childIndices`: a pager is found by its child index without hashing
    /// its id (a dictionary by id cost each session.scrollPager four string
    /// hashes, issue 28).
    private var states: [PagerChild] = []
    private var stateIDs: [String] = []
    /// Pagers the stack is inserting, by child id, until the next `reindex` places them.
    private var inserted: [String: PagerChild] = [:]
    /// Each page's pager and index, by page id.
    private var pagesByID: [String: PageAddress] = [:]

    /// Where page `id` is, `nil` when no pager has it.
    func page(of id: String) -> PageAddress? { pagesByID[id] }

    /// The pages and state of child `i`, `nil` when it is no pager.
    func pager(child i: Int) -> PagerChild? { slot(ofChild: i).map { states[$0] } }

    /// The pages in the horizontal window of the pager at `childIndices[n]`
    /// (`PagerChild.pagesInView`), read in place.
    func window(ofSlot n: Int, width: Double) -> ClosedRange<Int> { states[n].pagesInView(width: width) }

    /// Where child `i` is in `childIndices` (a binary search: they ascend).
    private func slot(ofChild i: Int) -> Int? {
        var low = 0
        var high = childIndices.count
        while low < high {
            let mid = (low + high) / 2
            if childIndices[mid] < i { low = mid + 1 } else { high = mid }
        }
        return low < childIndices.count && childIndices[low] == i ? low : nil
    }

    /// Takes the pages and state of the pagers among `specs`, which the stack is inserting.
    mutating func insert(_ specs: [ChildSpec]) {
        for spec in specs { if let pager = spec.pager { inserted[spec.id] = pager } }
    }

    /// Finds the pagers and their pages among `ids`, the stack's children
    /// after an insertion or a removal, and forgets the removed ones.
    mutating func reindex(_ ids: [String]) {
        guard !states.isEmpty || !inserted.isEmpty else { return }
        var byID = inserted
        for (id, pager) in zip(stateIDs, states) where byID[id] == nil { byID[id] = pager }
        inserted = [:]
        childIndices = []
        states = []
        stateIDs = []
        pagesByID = [:]
        for (i, id) in ids.enumerated() {
            guard let pager = byID[id] else { continue }
            childIndices.append(i)
            states.append(pager)
            stateIDs.append(id)
            for (k, page) in pager.pages.enumerated() { pagesByID[page.id] = PageAddress(child: i, page: k) }
        }
    }

    /// Changes the pages or state of child `i`, which must be a pager.
    mutating func update(child i: Int, _ body: (inout PagerChild) -> Void) -> PagerUpdate {
        guard let k = slot(ofChild: i) else { preconditionFailure("child \(i) is not a pager") }
        let (selected, pages, fillViewport) = (states[k].selected, states[k].pages, states[k].fillViewport)
        body(&states[k])
        let pager = states[k]
        return PagerUpdate(reselected: pager.selected != selected,
                           resized: pager.selected != selected || pager.pages != pages || pager.fillViewport != fillViewport)
    }

    /// The first way the table disagrees with the stack's children `ids`
    /// (a pager index, a page address, a selected page), or nil
    /// (`ChildStack.checkInvariants`).
    func checkInvariants(ids: [String]) -> String? {
        if !inserted.isEmpty { return "\(inserted.count) inserted pagers not placed" }
        if states.count != childIndices.count || stateIDs.count != childIndices.count {
            return "\(states.count) pager states and \(stateIDs.count) ids for \(childIndices.count) pagers"
        }
        if zip(childIndices, childIndices.dropFirst()).contains(where: { $0 >= $1 }) {
            return "pager indices \(childIndices) do not ascend"
        }
        var pages = 0
        for (k, i) in childIndices.enumerated() {
            guard ids.indices.contains(i), ids[i] == stateIDs[k] else {
                return "pager \(stateIDs[k]) is listed at child \(i)"
            }
            let pager = states[k]
            if !pager.pages.indices.contains(pager.selected) { return "pager \(ids[i]) selects page \(pager.selected) of \(pager.pages.count)" }
            for (p, page) in pager.pages.enumerated() where pagesByID[page.id] != PageAddress(child: i, page: p) {
                return "page \(page.id) is listed at \(String(describing: pagesByID[page.id])), it is page \(p) of child \(i)"
            }
            pages += pager.pages.count
        }
        return pagesByID.count == pages ? nil : "\(pagesByID.count) page addresses for \(pages) pages"
    }

    /// Calls `body` with each pager's child index and natural height: its
    /// selected page's content height, padded with `fillViewport` to the
    /// viewport below the bars pinned above it.
    func forEachNaturalHeight(pins: StickyPins, viewportHeight: Double, _ body: (Int, Double) -> Void) {
        for (i, pager) in zip(childIndices, states) {
            let belowBars = max(0, viewportHeight - pins.pinnedBottom(above: i))
            body(i, pager.naturalHeight(ofPage: pager.selected, viewportBelowBars: belowBars))
        }
    }
}

/// What a change of a pager's state changed.
struct PagerUpdate {
    /// Its selected page.
    var reselected: Bool
    /// What its natural height is made of: the selected page, the pages'
    /// sizes, `fillViewport`. A swipe or a remembered offset changes none.
    var resized: Bool
}

/// A pager page's place: the pager's child index and the page's index in it.
struct PageAddress: Equatable, Sendable {
    var child: Int
    var page: Int
}

/// The stack's pagers as the behaviors (`PagerTabs`, `LoadMore`,
/// `PullToRefresh`), validation and the container's page sizes see them.
extension ChildStack {
    /// The pagers' side table (`KindTables.pagers`).
    var pagerTable: PagerTable { kindTables.pagers }

    /// Child indices of the pagers, ascending.
    var pagers: [Int] { pagerTable.childIndices }
    var hasPagers: Bool { !pagerTable.childIndices.isEmpty }

    /// The index of child `id`, which the caller knows is a pager: among a
    /// few pagers a scan compares their ids, hashing none (a hash was 275
    /// instructions of each session.scrollPager, issue 28).
    func pagerIndex(of id: String) -> Int {
        let pagers = pagerTable.childIndices
        if pagers.count <= 4, let i = pagers.first(where: { ids[$0] == id }) { return i }
        return index(of: id)!
    }

    /// Where the pager page `id` is, `nil` when no pager has it.
    func page(of id: String) -> PageAddress? { pagerTable.page(of: id) }

    /// Pager child `i`'s pages and state (`i` must be a pager).
    func pager(_ i: Int) -> PagerChild {
        guard let pager = pagerTable.pager(child: i) else { preconditionFailure("child \(i) is not a pager") }
        return pager
    }

    /// `P`: the offset at which child `i` reaches the bottom of the pinned
    /// bars above it (where a pager pins).
    func pinPoint(_ i: Int) -> Double { naturalTop(i) - pinnedHeightAbove(i) }

    /// Changes pager `i`'s pages or state (its selection, swipe, remembered
    /// offsets…) and its natural and frame heights with it; returns whether
    /// its selected page changed.
    @discardableResult
    mutating func updatePager(_ i: Int, _ body: (inout PagerChild) -> Void) -> Bool {
        var reselected = false
        updateKindTables { tables in
            let update = tables.updatePagers { $0.update(child: i, body) }
            reselected = update.reselected
            return update.resized
        }
        return reselected
    }

    /// Sets a pager page's content height; the pager's natural height follows
    /// when it is the selected page.
    mutating func setPageSize(_ address: PageAddress, _ size: Double) {
        updatePager(address.child) { $0.pages[address.page].contentHeight = size }
    }
}
