/// Tabs: the pagers' page switches, swipes and page events (DESIGN.md §4.2).
///
/// A pager's state lives in its payload in the stack (the layout reads it
/// from there); this behavior changes it for `SelectPage` and `ScrollPager`,
/// applies the offset policy on a switch, forgets the remembered offsets
/// once a pager unpins, and reports the pages entering and leaving each
/// pager's horizontal window. A session without pagers pays one branch per
/// hook.
struct PagerTabs: ContainerBehavior {
    /// The page ids in each pager's horizontal window after the last call, by pager id.
    private(set) var shown: [String: [String]] = [:]

    /// Inlined into the registry's walk: a session without pagers pays the check only.
    @inline(__always)
    mutating func prepare(_ draft: inout Draft) {
        if draft.stack.hasPagers { preparePagers(&draft) }
    }

    private mutating func preparePagers(_ draft: inout Draft) {
        for case .command(let change) in draft.commands {
            if let command = change as? SelectPage {
                select(command, &draft)
            } else if let command = change as? ScrollPager {
                let i = draft.stack.index(of: command.pager)!
                draft.updatePager(i) { $0.horizontalOffset = command.offset }
            }
        }
        for i in draft.stack.pagers where draft.offset < draft.stack.pinPoint(i) {
            if draft.stack.pager(i).rememberedOffsets.contains(where: { $0 != nil }) {
                draft.updatePager(i) { $0.rememberedOffsets = Array(repeating: nil, count: $0.pages.count) }
            }
        }
    }

    /// Switches at once: below the pin point the offset stays (the header
    /// never jumps); at or past it the offset policy places the new page,
    /// and an offset the new page leaves past the end is clamped.
    private func select(_ command: SelectPage, _ draft: inout Draft) {
        let i = draft.stack.index(of: command.pager)!
        let pager = draft.stack.pager(i)
        let page = pager.pageIndex(of: command.page)!
        guard page != pager.selected || pager.horizontalOffset != nil else { return }
        let pinPoint = draft.stack.pinPoint(i)
        let isPinned = draft.offset >= pinPoint
        let current = clamp(draft.offset - pinPoint, 0, draft.stack.naturalHeight(i) - draft.stack.frameHeight(i))
        let changesPage = page != pager.selected
        draft.updatePager(i) { pager in
            if isPinned, pager.offsetPolicy == .preserve { pager.rememberedOffsets[pager.selected] = current }
            pager.selected = page
            pager.horizontalOffset = nil
        }
        if isPinned, changesPage {
            let range = draft.stack.naturalHeight(i) - draft.stack.frameHeight(i)
            let inner = pager.offsetPolicy.innerOffset(current: current, remembered: pager.rememberedOffsets[page])
            draft.offset = pinPoint + clamp(inner, 0, range)
        }
        let bounds = draft.offsetBounds
        if draft.offset > bounds.upperBound { draft.offset = bounds.upperBound }
        if changesPage {
            draft.events.append(ContainerEvent(.pageDidSelect, child: command.pager, members: [.string("page", command.page)]))
        }
    }

    /// Pages entering and leaving the horizontal windows. A window changes
    /// only with the stack, so a plain scroll returns at the first check.
    @inline(__always)
    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        if transition.structureChanged { observeWindows(transition, events: &events) }
    }

    private mutating func observeWindows(_ transition: Transition, events: inout [ContainerEvent]) {
        let layout = transition.layout
        var now: [String: [String]] = [:]
        for i in layout.stack.pagers {
            let pager = layout.stack.pager(i)
            now[layout.childID(i)] = pager.pagesInView(width: layout.viewport.width).map { pager.pages[$0].id }
        }
        guard now != shown else { return }
        for i in layout.stack.pagers {
            let id = layout.childID(i)
            let before = shown[id] ?? []
            for page in now[id]! where !before.contains(page) {
                events.append(ContainerEvent(.pageDidShow, child: id, members: [.string("page", page)]))
            }
        }
        for (id, pages) in shown.sorted(by: { $0.key < $1.key }) {
            let after = now[id] ?? []
            for page in pages where !after.contains(page) {
                events.append(ContainerEvent(.pageDidHide, child: id, members: [.string("page", page)]))
            }
        }
        shown = now
    }

    /// The windows are what the restored pagers give.
    mutating func restore(from snapshot: ContainerSnapshot, _ restoration: Restoration) throws(ContainerError) {
        let layout = restoration.layout
        shown = [:]
        for i in layout.stack.pagers {
            let pager = layout.stack.pager(i)
            shown[layout.childID(i)] = pager.pagesInView(width: layout.viewport.width).map { pager.pages[$0].id }
        }
    }
}

/// A tab tap: select `page` of pager `pager` at once.
public struct SelectPage: StackCheckedCommand, Equatable {
    public var pager: String
    public var page: String

    public init(pager: String, page: String) {
        self.pager = pager
        self.page = page
    }

    public var child: String? { pager }

    func validate(in stack: ChildStack, change: Int) throws(ContainerError) {
        try PagerCommandValidation.pager(pager, in: stack, change: change)
        guard stack.page(of: page)?.child == stack.index(of: pager) else {
            throw ContainerError(.invalidValue, change: change, field: "page", reason: "no page '\(page)' in pager '\(pager)'")
        }
    }
}

/// A horizontal swipe: pager `pager` at horizontal `offset` (page `k` rests at
/// `k · width`); the selection and the vertical offset stay put.
public struct ScrollPager: StackCheckedCommand, Equatable {
    public var pager: String
    public var offset: Double

    public init(pager: String, offset: Double) {
        self.pager = pager
        self.offset = offset
    }

    public var child: String? { pager }

    func validate(in stack: ChildStack, change: Int) throws(ContainerError) {
        try PagerCommandValidation.pager(pager, in: stack, change: change)
        try Validation.offset(offset, field: "offset", change: change)
    }
}

private enum PagerCommandValidation {
    static func pager(_ id: String, in stack: ChildStack, change: Int) throws(ContainerError) {
        guard let i = stack.index(of: id), stack.payloads[i].kind == .pager else {
            throw ContainerError(.invalidValue, change: change, field: "child", reason: "'\(id)' is not a pager")
        }
    }
}

extension PagerTabs {
    static let events = [
        EventDeclaration(.pageDidSelect, members: ["child", "page"], rule:
            "the pager's selected page became `page` (`session.selectPage`; also a landing swipe)"),
        EventDeclaration(.pageDidShow, members: ["child", "page"], rule:
            "the page entered the pager's horizontal window (the selected page at rest, two pages mid-swipe), "
            + "whatever the pager's own vertical visibility; the first selected page at creation"),
        EventDeclaration(.pageDidHide, members: ["child", "page"], rule:
            "the page left the pager's horizontal window, or its pager was removed"),
    ]
}

extension EventType {
    public static var pageDidSelect: EventType { EventType("pageDidSelect") }
    public static var pageDidShow: EventType { EventType("pageDidShow") }
    public static var pageDidHide: EventType { EventType("pageDidHide") }
}

extension ContainerChange {
    /// A tab tap: select `page` of pager `pager` at once.
    public static func selectPage(_ page: String, in pager: String) -> ContainerChange {
        .command(SelectPage(pager: pager, page: page))
    }

    /// A horizontal swipe of pager `pager` at `offset`.
    public static func scrollPager(_ pager: String, offset: Double) -> ContainerChange {
        .command(ScrollPager(pager: pager, offset: offset))
    }
}
