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

    /// `state.pagers`: each pager's state beyond its spec, in child order
    /// (the selected page is the spec's `selected`).
    static let statePart: StateDeclaration? = StateDeclaration("pagers", .array(.object([
        .required("child", .string),
        .required("horizontalOffset", .nullable(.number(.offset))),
        .required("remembered", .array(.object([
            .required("page", .string),
            .required("offset", .number(.length)),
        ]))),
    ])), initial: .array([]))

    func save(with stack: ChildStack) -> OptionValue {
        .array(stack.pagers.map { i in
            let pager = stack.pager(i)
            return .object([
                "child": .string(stack.ids[i]),
                "horizontalOffset": OptionValue(pager.horizontalOffset, OptionValue.number),
                "remembered": .array(zip(pager.pages, pager.rememberedOffsets).compactMap { page, offset in
                    offset.map { .object(["page": .string(page.id), "offset": .number($0)]) }
                }),
            ])
        })
    }

    static func restore(_ part: OptionValue, into stack: inout ChildStack, at field: FieldPath) throws(ContainerError) {
        var seen = Set<String>()
        for (n, entry) in (part.items ?? []).enumerated() {
            let path = field.index(n)
            let id = entry["child"]?.string ?? ""
            guard let i = stack.index(of: id), stack.payloads[i].kind == .pager else {
                throw ContainerError(.invalidValue, field: path.member("child"), reason: "no pager '\(id)' in this snapshot's children")
            }
            guard seen.insert(id).inserted else {
                throw ContainerError(.invalidValue, field: path.member("child"), reason: "pager '\(id)' is listed twice")
            }
            let pager = stack.pager(i)
            var remembered = Array<Double?>(repeating: nil, count: pager.pages.count)
            for (k, item) in (entry["remembered"]?.items ?? []).enumerated() {
                let page = item["page"]?.string ?? ""
                guard let p = pager.pageIndex(of: page) else {
                    throw ContainerError(.invalidValue, field: path.member("remembered").index(k).member("page"),
                                         reason: "no page '\(page)' in pager '\(id)'")
                }
                remembered[p] = item["offset"]?.number
            }
            stack.updatePager(i) { pager in
                pager.horizontalOffset = entry["horizontalOffset"]?.number
                pager.rememberedOffsets = remembered
            }
        }
    }

    /// The windows are what the restored pagers give.
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
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
