/// A row of pages side by side (tabs: seed 002, JXPagingView,
/// GKPageScrollView). In the vertical stack it is a scroll child whose
/// content is the selected page's: its natural height is that page's
/// content height (padded to the viewport below the pinned bars with
/// `fillViewport`, so a short page keeps the header pinned), and it pins
/// where a scroll child does, at `P = T − B` (its natural top less the
/// pinned stack above it).
///
/// It holds the pages' sizes and the pager's state (the selected page, the
/// remembered inner offsets, the horizontal offset of a swipe) in the
/// stack's side table (`PagerTable`), so the layout is a function of the
/// stack and the offset alone; the `PagerTabs` behavior changes that state.
/// Its pages' layout is `Layout.pages(ofPager:)` (`PagerLayout.swift`).
public struct PagerChild: Equatable, Sendable {
    public var pages: [PagerPage]
    /// The index of the selected page.
    public var selected: Int
    public var offsetPolicy: PageOffsetPolicy
    /// Pads a short page to the viewport below the pinned bars above the pager.
    public var fillViewport: Bool
    public var pageSnap: PageSnap
    /// The horizontal offset of a swipe in progress (page `k` rests at `k ·
    /// width`); `nil` at rest on the selected page.
    public var horizontalOffset: Double?
    /// Each page's remembered inner offset under `preserve` (`nil`: none, or forgotten).
    public var rememberedOffsets: [Double?]

    public init(pages: [PagerPage], selected: Int = 0, offsetPolicy: PageOffsetPolicy = .preserve,
                fillViewport: Bool = true, pageSnap: PageSnap = .standard,
                horizontalOffset: Double? = nil, rememberedOffsets: [Double?]? = nil) {
        self.pages = pages
        self.selected = selected
        self.offsetPolicy = offsetPolicy
        self.fillViewport = fillViewport
        self.pageSnap = pageSnap
        self.horizontalOffset = horizontalOffset
        self.rememberedOffsets = rememberedOffsets ?? Array(repeating: nil, count: pages.count)
    }

    public var selectedPage: PagerPage { pages[selected] }

    public func pageIndex(of id: String) -> Int? { pages.firstIndex { $0.id == id } }

    /// Page `k`'s natural height in the stack: its content height (unknown
    /// counts as 0), padded to `viewportBelowBars` with `fillViewport`.
    func naturalHeight(ofPage k: Int, viewportBelowBars: Double) -> Double {
        let content = pages[k].contentHeight ?? 0
        return fillViewport ? max(content, viewportBelowBars) : content
    }

    /// The pages in the horizontal window at `offset` in a pager `width`
    /// wide: one at rest on a page, two mid-swipe; an offset past the first
    /// or last page shows that page alone.
    public func pagesInView(width: Double) -> ClosedRange<Int> {
        guard horizontalOffset != nil else { return selected...selected }
        let position = progress(width: width)
        let pages = 0...(pages.count - 1)
        return clampedIndex(position.rounded(.down), in: pages)...clampedIndex(position.rounded(.up), in: pages)
    }

    /// The horizontal offsets a swipe may take in a pager `width` wide: at
    /// most one page past the first page and past the last
    /// (docs/protocol.md, Pagers), so `pageProgress` stays within
    /// `[-1, pageCount]` and a snapshot's offsets within their bounds.
    public func horizontalRange(width: Double) -> ClosedRange<Double> {
        -width...(Double(pages.count) * width)
    }

    /// `offset` held in `horizontalRange(width:)`.
    func clampedHorizontalOffset(_ offset: Double, width: Double) -> Double {
        let range = horizontalRange(width: width)
        return clamp(offset, range.lowerBound, range.upperBound)
    }

    /// `pageProgress`: the horizontal offset in pages (the selected page's
    /// index at rest), within `[-1, pageCount]` even after the width
    /// shrank under a held offset (a width of 5e-324 makes any quotient +∞).
    public func progress(width: Double) -> Double {
        guard let offset = horizontalOffset else { return Double(selected) }
        return clamp(offset / width, -1, Double(pages.count))
    }
}

/// One page of a pager: an id unique in the session and its content height
/// (`nil` while not known; sized like a child, by id).
public struct PagerPage: Equatable, Sendable {
    public var id: String
    public var contentHeight: Double?

    public init(id: String, contentHeight: Double? = nil) {
        self.id = id
        self.contentHeight = contentHeight
    }
}

/// What a pager does to the vertical offset when the selected page changes
/// while the pager is pinned (docs/design.md#pager).
public enum PageOffsetPolicy: String, CaseIterable, Sendable {
    /// The new page comes back at its remembered inner offset (JXPagingView,
    /// GKPageScrollView); 0 if never shown or forgotten on an unpin.
    case preserve
    /// The new page at its top: the offset becomes `P`.
    case reset
    /// The same inner offset, clamped to the new page.
    case sync

    /// The inner offset a page gets when selected while the pager is pinned
    /// and the selected page is at inner offset `current`, before it is
    /// clamped to the page's range.
    func innerOffset(current: Double, remembered: Double?) -> Double {
        switch self {
        case .preserve: remembered ?? 0
        case .reset: 0
        case .sync: current
        }
    }
}

extension PagerChild: ChildKindRule {
    static let kind = ChildKind.pager
    /// Never given: the pager's height is its selected page's (pages are sized by id).
    static let sizeMember: StaticString = "contentHeight"
    static let requiresSize = false
    static let takesSize = false
    static let layoutMembers = KindLayoutMembers.written

    static func sizeRefusal(child id: String) -> String {
        "a pager's height is its selected page's: size its pages by their ids"
    }

    static func payload(_ values: [OptionValue?]) -> ChildPayload { .pager }

    static func frameHeight(natural: Double, pinnedAbove: Double, viewportHeight: Double) -> Double {
        ScrollChild.frameHeight(natural: natural, pinnedAbove: pinnedAbove, viewportHeight: viewportHeight)
    }

    @inline(__always)
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        ScrollChild.place(i, top: top, height: height, in: stack, offset: offset)
    }

    /// The pages (ids unique among every child and page of the session,
    /// claimed in `ids`) and the state a snapshot restores.
    static func validate(_ spec: ChildSpec, ids: inout DeclaredIDs, field: @autoclosure () -> FieldPath,
                         change: Int) throws(ContainerError) {
        let field = field()
        guard let pager = spec.pager else {
            throw ContainerError(.invalidValue, change: change, field: field.member("pages"), reason: "is required for a pager child")
        }
        guard !pager.pages.isEmpty else {
            throw ContainerError(.invalidValue, change: change, field: field.member("pages"), reason: "a pager has at least one page")
        }
        for (k, page) in pager.pages.enumerated() {
            let path = field.member("pages").index(k)
            guard !page.id.isEmpty else {
                throw ContainerError(.invalidValue, change: change, field: path.member("id"), reason: "must not be empty")
            }
            guard ids.claim(page: page.id) else {
                throw ContainerError(.duplicateID, change: change, field: path.member("id"),
                                     reason: "duplicate id '\(page.id)': page ids are unique among the session's children and pages",
                                     child: page.id)
            }
            if let size = page.contentHeight { try Validation.length(size, field: path.member("contentHeight"), change: change) }
        }
        guard pager.pages.indices.contains(pager.selected) else {
            throw ContainerError(.invalidValue, change: change, field: field.member("selected"), reason: "must be one of the pager's pages")
        }
        guard pager.pageSnap.threshold > 0, pager.pageSnap.threshold <= 1 else {
            throw ContainerError(.invalidValue, change: change, field: field.member("pageSnap").member("threshold"),
                                 reason: "must be in (0, 1]: the fraction of a page a slow drag moves to change page")
        }
        try Validation.length(pager.pageSnap.minFlingVelocity, field: field.member("pageSnap").member("minFlingVelocity"),
                              change: change)
        if let offset = pager.horizontalOffset {
            try Validation.offset(offset, field: field.member("horizontalOffset"), change: change)
        }
        guard pager.rememberedOffsets.count == pager.pages.count else {
            throw ContainerError(.invalidValue, change: change, field: field.member("rememberedOffsets"),
                                 reason: "must hold one entry per page")
        }
        for case (let k, let remembered?) in pager.rememberedOffsets.enumerated() {
            try Validation.length(remembered, field: field.member("rememberedOffsets").member(pager.pages[k].id), change: change)
        }
    }

    /// `selected`, `pageProgress` and the pages in view, each an entry like a child's.
    static func writeLayoutMembers(ofChild i: Int, in layout: Layout, into w: any ReplyWriter) {
        guard let pager = layout.pager(i) else { return }
        w.key("selected"); w.string(pager.selectedPage.id)
        w.member("pageProgress", pager.progress(width: layout.viewport.width))
        w.key("pages")
        w.beginArray()
        layout.forEachPage(of: pager, child: i) { page in
            w.entry(id: page.id, frame: page.frame, contentOffset: page.contentOffset, visibleHeight: page.visibleHeight)
        }
        w.endArray()
    }
}

extension ChildSpec {
    /// A pager's pages and state (`nil` for every other kind): its entry in
    /// the pagers' side table.
    public var pager: PagerChild? {
        get { tableEntry?.pager }
        set { tableEntry = newValue.map(KindTables.Entry.init) }
    }

    public static func pager(_ id: String, _ pager: PagerChild) -> ChildSpec {
        var spec = ChildSpec(id: id, size: nil, payload: .pager)
        spec.pager = pager
        return spec
    }
}
