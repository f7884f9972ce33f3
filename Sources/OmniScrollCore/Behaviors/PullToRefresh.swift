/// Pull-to-refresh, owned by the engine so no two writers fight over the inset.
///
/// While dragging, a pull of `minOffset − y ≥ threshold` (measured from the
/// top without any held inset) arms it and pulling back under disarms it.
/// Releasing (the phase leaving `dragging`) while armed triggers it: the
/// engine holds an extra top inset of `height`, so the offset can rest at
/// `−(inset.top + height)`, until `endRefreshing`.
struct PullToRefresh: ContainerBehavior {
    private(set) var state: RefreshState = .idle

    mutating func prepare(_ draft: inout Draft) {
        guard let options = draft.options.refresh else { return }
        if state == .refreshing, draft.commands.contains(.endRefreshing) {
            state = .idle
            draft.events.append(ContainerEvent(.refreshDidEnd))
        }
        let pull = -draft.insets.top - draft.offset
        if draft.phase == .dragging {
            if state == .idle, pull >= options.threshold {
                state = .armed
                draft.events.append(ContainerEvent(.refreshDidArm))
            } else if state == .armed, pull < options.threshold {
                state = .idle
                draft.events.append(ContainerEvent(.refreshDidDisarm))
            }
        } else if state == .armed, draft.previousPhase == .dragging {
            state = .refreshing
            draft.events.append(ContainerEvent(.refreshDidTrigger))
        }
        draft.heldTopInset += heldTopInset(draft.options)
    }

    static func validate(_ options: ContainerOptions) throws(ContainerError) {
        guard let refresh = options.refresh else { return }
        let field = FieldPath("options").member("refresh")
        try Validation.positiveLength(refresh.threshold, field: field.member("threshold"))
        try Validation.length(refresh.height, field: field.member("height"))
    }

    func heldTopInset(_ options: ContainerOptions) -> Double {
        state == .refreshing ? options.refresh?.height ?? 0 : 0
    }

    func save(into snapshot: inout ContainerSnapshot) { snapshot.refresh = state }

    mutating func restore(from snapshot: ContainerSnapshot, _ restoration: Restoration) throws(ContainerError) {
        if snapshot.refresh != .idle, restoration.options.refresh == nil {
            throw restoration.invalid("refresh", reason: "must be idle: options.refresh is off")
        }
        if snapshot.refresh == .armed, restoration.phase != .dragging {
            throw restoration.invalid("refresh", reason: "can be armed only while dragging")
        }
        state = snapshot.refresh
    }
}

extension PullToRefresh {
    static let events = [
        EventDeclaration(.refreshDidEnd, rule: "`session.endRefreshing` while refreshing; the inset is released"),
        EventDeclaration(.refreshDidArm, rule:
            "while dragging, the pull past the top (`−inset.top − offset`) reached the threshold"),
        EventDeclaration(.refreshDidDisarm, rule: "while dragging, the pull went back under the threshold"),
        EventDeclaration(.refreshDidTrigger, rule:
            "the phase left `dragging` while armed; the refresh inset is held from now on"),
    ]
}

extension EventType {
    public static var refreshDidArm: EventType { EventType("refreshDidArm") }
    public static var refreshDidDisarm: EventType { EventType("refreshDidDisarm") }
    public static var refreshDidTrigger: EventType { EventType("refreshDidTrigger") }
    public static var refreshDidEnd: EventType { EventType("refreshDidEnd") }
}

public struct RefreshOptions: Equatable, Sendable {
    /// How far past the top (below `minOffset`) a drag must pull to arm.
    public var threshold: Double
    /// The extra top inset held while refreshing.
    public var height: Double

    public init(threshold: Double, height: Double) {
        self.threshold = threshold
        self.height = height
    }
}

public enum RefreshState: String, CaseIterable, Sendable {
    case idle
    /// Dragging, pulled past the threshold.
    case armed
    /// Triggered; the refresh inset is held until `endRefreshing`.
    case refreshing
}
