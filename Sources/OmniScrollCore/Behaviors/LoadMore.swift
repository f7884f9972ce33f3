/// Load-more near the end: `loadMoreDidTrigger` once the offset comes within
/// `distance` of the maximum offset (`maxOffset − y ≤ distance`), every size
/// being known, at most once per content height, and not again until
/// `endLoadingMore`.
///
/// When the last child is a pager, the end is its selected page's: the
/// events name the page, and each page keeps its own state, so a pending
/// load of one list never blocks another's (docs/design.md#pager).
struct LoadMore: ContainerBehavior {
    private(set) var triggeredAt: Double?
    private(set) var loading = false
    /// The state of each pager page that has triggered, by page id.
    private(set) var pages: [String: PageLoadState] = [:]
    private var options: LoadMoreOptions?

    static let declaration = OptionDeclaration(
        "loadMore", .nullable(.object([.required("distance", .length)])), default: .null)
    static var option: OptionDeclaration? { declaration }

    mutating func configure(_ options: ContainerOptions) { self.options = options.loadMore }

    /// Inlined into the registry's walk: a scroll tick, which has no
    /// commands, pays the check only.
    @inline(__always)
    mutating func prepare(_ draft: inout Draft) {
        if !draft.commands.isEmpty { endLoads(&draft) }
    }

    private mutating func endLoads(_ draft: inout Draft) {
        for case .command(let change) in draft.commands {
            guard let end = castCommand(change, to: EndLoadingMore.self) else { continue }
            if let page = end.page ?? Self.endPage(of: draft.stack) {
                guard pages[page]?.loading == true else { continue }
                pages[page]?.loading = false
                draft.events.append(ContainerEvent(.loadMoreDidEnd, members: [.string("page", page)]))
            } else if loading {
                loading = false
                draft.events.append(ContainerEvent(.loadMoreDidEnd))
            }
        }
    }

    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        let layout = transition.layout
        // A removed pager's pages take their state with them: a snapshot
        // names only pages it has (`restore`).
        if transition.structureChanged, !pages.isEmpty { dropRemovedPages(layout.stack) }
        guard let options else { return }
        let page = Self.endPage(of: layout.stack)
        let state = page.map { pages[$0] ?? PageLoadState() } ?? PageLoadState(triggeredAt: triggeredAt, loading: loading)
        guard !state.loading, layout.stack.unknownSizeCount == 0, !layout.stack.isEmpty,
              state.triggeredAt != layout.contentHeight,
              layout.maxOffset - layout.offset <= options.distance else { return }
        if let page {
            pages[page] = PageLoadState(triggeredAt: layout.contentHeight, loading: true)
            events.append(ContainerEvent(.loadMoreDidTrigger, members: [.string("page", page)]))
        } else {
            triggeredAt = layout.contentHeight
            loading = true
            events.append(ContainerEvent(.loadMoreDidTrigger))
        }
    }

    @inline(never)
    private mutating func dropRemovedPages(_ stack: ChildStack) {
        pages = pages.filter { stack.page(of: $0.key) != nil }
    }

    /// The selected page of the last child when it is a pager: the list whose end is the container's.
    private static func endPage(of stack: ChildStack) -> String? {
        guard stack.hasPagers, stack.pagers.last == stack.count - 1 else { return nil }
        return stack.pager(stack.count - 1).selectedPage.id
    }

    /// `state.loadMore`: the content height it last triggered at, whether it
    /// is loading, and each pager page's own state (page ids in order).
    static let statePart: StateDeclaration? = StateDeclaration("loadMore", .object([
        .required("triggeredAt", .nullable(.contentHeight)),
        .required("loading", .boolean),
        .required("pages", .array(items: .object([
            .required("page", .string()),
            .required("triggeredAt", .nullable(.contentHeight)),
            .required("loading", .boolean),
        ]))),
    ]), initial: .object(["triggeredAt": .null, "loading": .bool(false), "pages": .array([])]))

    func save() -> OptionValue {
        .object([
            "triggeredAt": OptionValue(triggeredAt, OptionValue.number), "loading": .bool(loading),
            "pages": .array(pages.sorted { $0.key < $1.key }.map { page, state in
                .object(["page": .string(page), "triggeredAt": OptionValue(state.triggeredAt, OptionValue.number),
                         "loading": .bool(state.loading)])
            }),
        ])
    }

    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let restoredTriggeredAt = part["triggeredAt"]?.number
        let restoredLoading = part["loading"]?.bool ?? false
        if restoration.options.loadMore == nil {
            if restoredTriggeredAt != nil {
                throw restoration.invalid("triggeredAt", reason: "must be null: options.loadMore is off")
            }
            if restoredLoading {
                throw restoration.invalid("loading", reason: "must be false: options.loadMore is off")
            }
        }
        if restoredLoading, restoredTriggeredAt == nil {
            throw restoration.invalid("loading", reason: "must be false while triggeredAt is null")
        }
        var restoredPages: [String: PageLoadState] = [:]
        for (k, entry) in (part["pages"]?.items ?? []).enumerated() {
            // An index, not a member named "0": the path reads `pages[0].page`.
            let field = restoration.part.member("pages").index(k)
            let page = entry["page"]?.string ?? ""
            if restoration.options.loadMore == nil {
                throw restoration.invalid("pages", reason: "must be empty: options.loadMore is off")
            }
            if restoration.layout.stack.page(of: page) == nil {
                throw ContainerError(.invalidValue, field: field.member("page"), reason: "no pager page '\(page)' in this snapshot")
            }
            if restoredPages[page] != nil {
                throw ContainerError(.invalidValue, field: field.member("page"), reason: "page '\(page)' is listed twice")
            }
            let state = PageLoadState(triggeredAt: entry["triggeredAt"]?.number, loading: entry["loading"]?.bool ?? false)
            if state.loading, state.triggeredAt == nil {
                throw ContainerError(.invalidValue, field: field.member("loading"), reason: "must be false while triggeredAt is null")
            }
            restoredPages[page] = state
        }
        triggeredAt = restoredTriggeredAt
        loading = restoredLoading
        pages = restoredPages
    }
}

extension LoadMore {
    static let events = [
        EventDeclaration(.loadMoreDidEnd, members: ["page"], rule:
            "`session.endLoadingMore` while loading (`page`: the pager page whose load ended)"),
        EventDeclaration(.loadMoreDidTrigger, members: ["page"], rule:
            "`maxOffset − offset ≤ distance`, every size known, not loading, and not already triggered at this content height; "
            + "when the last child is a pager, per selected page (`page`), each page with its own state"),
    ]
}

extension EventType {
    public static var loadMoreDidTrigger: EventType { EventType("loadMoreDidTrigger") }
    public static var loadMoreDidEnd: EventType { EventType("loadMoreDidEnd") }
}

/// `session.endLoadingMore`: the client finished loading; load-more may trigger again.
public struct EndLoadingMore: BehaviorCommand, Equatable {
    /// The pager page whose load ended; `nil`: the list at the end now (the
    /// last pager's selected page, else the container's).
    public var page: String?

    public init(page: String? = nil) { self.page = page }

    public func validate(against children: CommandChildren, change: Int) throws(ContainerError) {
        if let page, children.pager(ofPage: page) == nil {
            throw ContainerError(.invalidValue, change: change, field: "page", reason: "no pager page '\(page)' in this session")
        }
    }
}

/// One pager page's load-more state.
public struct PageLoadState: Equatable, Sendable {
    /// The content height at which it last triggered.
    public var triggeredAt: Double?
    public var loading = false

    public init(triggeredAt: Double? = nil, loading: Bool = false) {
        self.triggeredAt = triggeredAt
        self.loading = loading
    }
}

extension ContainerChange {
    public static var endLoadingMore: ContainerChange { .command(EndLoadingMore()) }

    /// The load of pager page `page` ended.
    public static func endLoadingMore(page: String) -> ContainerChange { .command(EndLoadingMore(page: page)) }
}

extension ContainerOptions {
    /// Load-more near the end, off when `nil`.
    public var loadMore: LoadMoreOptions? {
        get { LoadMoreOptions(self[LoadMore.declaration.name]) }
        set { self[LoadMore.declaration.name] = newValue?.value ?? .null }
    }
}

public struct LoadMoreOptions: Equatable, Sendable {
    /// Trigger when `maxOffset − offset ≤ distance`.
    public var distance: Double

    public init(distance: Double) {
        self.distance = distance
    }

    /// The options a value gives, `nil` for `null`.
    init?(_ value: OptionValue) {
        guard let distance = value["distance"]?.number else { return nil }
        self.init(distance: distance)
    }

    var value: OptionValue { .object(["distance": .number(distance)]) }
}
