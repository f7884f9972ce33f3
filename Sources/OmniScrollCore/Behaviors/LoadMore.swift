/// Load-more near the end: `loadMoreDidTrigger` once the offset comes within
/// `distance` of the maximum offset (`maxOffset − y ≤ distance`), every size
/// being known, at most once per content height, and not again until
/// `endLoadingMore`.
struct LoadMore: ContainerBehavior {
    private(set) var triggeredAt: Double?
    private(set) var loading = false
    private var options: LoadMoreOptions?

    static let declaration = OptionDeclaration(
        "loadMore", .nullable(.object([.required("distance", .number(.length))])), default: .null)
    static var option: OptionDeclaration? { declaration }

    mutating func configure(_ options: ContainerOptions) { self.options = options.loadMore }

    mutating func prepare(_ draft: inout Draft) {
        if loading, draft.has(EndLoadingMore.self) {
            loading = false
            draft.events.append(ContainerEvent(.loadMoreDidEnd))
        }
    }

    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard let options, !loading else { return }
        let layout = transition.layout
        guard layout.stack.unknownSizeCount == 0, !layout.stack.isEmpty,
              triggeredAt != layout.contentHeight,
              layout.maxOffset - layout.offset <= options.distance else { return }
        triggeredAt = layout.contentHeight
        loading = true
        events.append(ContainerEvent(.loadMoreDidTrigger))
    }

    /// `state.loadMore`: the content height it last triggered at, and whether it is loading.
    static let statePart: StateDeclaration? = StateDeclaration("loadMore", .object([
        .required("triggeredAt", .nullable(.number(.finite))),
        .required("loading", .boolean),
    ]), initial: .object(["triggeredAt": .null, "loading": .bool(false)]))

    func save() -> OptionValue {
        .object(["triggeredAt": OptionValue(triggeredAt, OptionValue.number), "loading": .bool(loading)])
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
        triggeredAt = restoredTriggeredAt
        loading = restoredLoading
    }
}

extension LoadMore {
    static let events = [
        EventDeclaration(.loadMoreDidEnd, rule: "`session.endLoadingMore` while loading"),
        EventDeclaration(.loadMoreDidTrigger, rule:
            "`maxOffset − offset ≤ distance`, every size known, not loading, and not already triggered at this content height"),
    ]
}

extension EventType {
    public static var loadMoreDidTrigger: EventType { EventType("loadMoreDidTrigger") }
    public static var loadMoreDidEnd: EventType { EventType("loadMoreDidEnd") }
}

/// `session.endLoadingMore`: the client finished loading; load-more may trigger again.
public struct EndLoadingMore: BehaviorCommand, Equatable {
    public init() {}
}

extension ContainerChange {
    public static var endLoadingMore: ContainerChange { .command(EndLoadingMore()) }
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
