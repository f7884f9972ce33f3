/// Load-more near the end: `loadMoreDidTrigger` once the offset comes within
/// `distance` of the maximum offset (`maxOffset − y ≤ distance`), every size
/// being known, at most once per content height, and not again until
/// `endLoadingMore`.
struct LoadMore: ContainerBehavior {
    private(set) var triggeredAt: Double?
    private(set) var loading = false

    mutating func prepare(_ draft: inout Draft) {
        if loading, draft.commands.contains(.endLoadingMore) {
            loading = false
            draft.events.append(ContainerEvent(.loadMoreDidEnd))
        }
    }

    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard let options = transition.options.loadMore, !loading else { return }
        let layout = transition.layout
        guard layout.stack.unknownSizeCount == 0, !layout.stack.isEmpty,
              triggeredAt != layout.contentHeight,
              layout.maxOffset - layout.offset <= options.distance else { return }
        triggeredAt = layout.contentHeight
        loading = true
        events.append(ContainerEvent(.loadMoreDidTrigger))
    }

    static func validate(_ options: ContainerOptions) throws(ContainerError) {
        guard let loadMore = options.loadMore else { return }
        try Validation.length(loadMore.distance, field: FieldPath("options").member("loadMore").member("distance"))
    }

    func save(into snapshot: inout ContainerSnapshot) {
        snapshot.loadMoreTriggeredAt = triggeredAt
        snapshot.loadingMore = loading
    }

    mutating func restore(from snapshot: ContainerSnapshot, _ restoration: Restoration) throws(ContainerError) {
        if restoration.options.loadMore == nil {
            if snapshot.loadMoreTriggeredAt != nil {
                throw restoration.invalid("loadMoreTriggeredAt", reason: "must be null: options.loadMore is off")
            }
            if snapshot.loadingMore {
                throw restoration.invalid("loadingMore", reason: "must be false: options.loadMore is off")
            }
        }
        if snapshot.loadingMore, snapshot.loadMoreTriggeredAt == nil {
            throw restoration.invalid("loadingMore", reason: "must be false while loadMoreTriggeredAt is null")
        }
        triggeredAt = snapshot.loadMoreTriggeredAt
        loading = snapshot.loadingMore
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

public struct LoadMoreOptions: Equatable, Sendable {
    /// Trigger when `maxOffset − offset ≤ distance`.
    public var distance: Double

    public init(distance: Double) {
        self.distance = distance
    }
}
