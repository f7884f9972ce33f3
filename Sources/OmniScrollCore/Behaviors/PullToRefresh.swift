/// Pull-to-refresh, owned by the engine so no two writers fight over the inset.
///
/// While dragging, a pull of `minOffset − y ≥ threshold` (measured from the
/// top without any held inset) arms it and pulling back under disarms it.
/// Releasing (the phase leaving `dragging`) while armed triggers it: the
/// engine holds an extra top inset of `height`, so the offset can rest at
/// `−(inset.top + height)`, until `endRefreshing`.
struct PullToRefresh: ContainerBehavior {
    private(set) var state: RefreshState = .idle
    private var options: RefreshOptions?

    static let declaration = OptionDeclaration("refresh", .nullable(.object([
        .required("threshold", .positiveLength),
        .optional("height", .length),
    ])), default: .null)
    static var option: OptionDeclaration? { declaration }

    mutating func configure(_ options: ContainerOptions) { self.options = options.refresh }

    mutating func prepare(_ draft: inout Draft) {
        guard let options else { return }
        if state == .refreshing, draft.has(EndRefreshing.self) {
            state = .idle
            draft.events.append(ContainerEvent(.refreshDidEnd, members: Self.page(of: draft.stack)))
        }
        let pull = -draft.insets.top - draft.offset
        if draft.phase == .dragging {
            if state == .idle, pull >= options.threshold {
                state = .armed
                draft.events.append(ContainerEvent(.refreshDidArm, members: Self.page(of: draft.stack)))
            } else if state == .armed, pull < options.threshold {
                state = .idle
                draft.events.append(ContainerEvent(.refreshDidDisarm, members: Self.page(of: draft.stack)))
            }
        } else if state == .armed, draft.previousPhase == .dragging {
            trigger(&draft)
        }
        draft.heldTopInset += heldTopInset()
    }

    /// A phase that another behavior took out of `dragging` in this list
    /// (an animated `scrollToChild` while dragging starts its motion) is a
    /// release too: armed, it triggers (else it stayed armed off a drag, a
    /// state its snapshot cannot restore).
    @inline(__always)  // a scroll pays the test only
    mutating func conclude(_ draft: inout Draft) {
        if state == .armed, draft.phase != .dragging { triggerLate(&draft) }
    }

    @inline(never)
    private mutating func triggerLate(_ draft: inout Draft) {
        trigger(&draft)
        draft.heldTopInset += heldTopInset()
    }

    private mutating func trigger(_ draft: inout Draft) {
        state = .refreshing
        draft.events.append(ContainerEvent(.refreshDidTrigger, members: Self.page(of: draft.stack)))
    }

    /// The refresh acts on the selected page of a pager that is the first
    /// child (its events name it, docs/design.md#pager); on the container otherwise.
    private static func page(of stack: ChildStack) -> [EventMember] {
        guard stack.hasPagers, stack.pagers.first == 0 else { return [] }
        return [.string("page", stack.pager(0).selectedPage.id)]
    }

    func heldTopInset() -> Double {
        state == .refreshing ? options?.height ?? 0 : 0
    }

    /// `state.refresh`: the refresh state's name.
    static let statePart: StateDeclaration? = StateDeclaration(
        "refresh", .enumeration(of: RefreshState.self), initial: .string(RefreshState.idle.rawValue))

    func save() -> OptionValue { .string(state.rawValue) }

    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let restored = part.enumeration(RefreshState.self)!
        if restored != .idle, restoration.options.refresh == nil {
            throw restoration.invalid(reason: "must be idle: options.refresh is off")
        }
        if restored == .armed, restoration.phase != .dragging {
            throw restoration.invalid(reason: "can be armed only while dragging")
        }
        state = restored
    }
}

extension PullToRefresh {
    static let events = [
        EventDeclaration(.refreshDidEnd, members: ["page"], rule: "`session.endRefreshing` while refreshing; the inset is released"),
        EventDeclaration(.refreshDidArm, members: ["page"], rule:
            "while dragging, the pull past the top (`−inset.top − offset`) reached the threshold"),
        EventDeclaration(.refreshDidDisarm, members: ["page"], rule: "while dragging, the pull went back under the threshold"),
        EventDeclaration(.refreshDidTrigger, members: ["page"], rule:
            "the phase left `dragging` while armed; the refresh inset is held from now on"),
    ]
}

extension EventType {
    public static var refreshDidArm: EventType { EventType("refreshDidArm") }
    public static var refreshDidDisarm: EventType { EventType("refreshDidDisarm") }
    public static var refreshDidTrigger: EventType { EventType("refreshDidTrigger") }
    public static var refreshDidEnd: EventType { EventType("refreshDidEnd") }
}

/// `session.endRefreshing`: the client finished refreshing; the held inset is released.
public struct EndRefreshing: BehaviorCommand, Equatable {
    public init() {}
}

extension ContainerChange {
    public static var endRefreshing: ContainerChange { .command(EndRefreshing()) }
}

extension ContainerOptions {
    /// Pull-to-refresh, off when `nil`.
    public var refresh: RefreshOptions? {
        get { RefreshOptions(self[PullToRefresh.declaration.name]) }
        set { self[PullToRefresh.declaration.name] = newValue?.value ?? .null }
    }
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

    /// The options a value gives, `nil` for `null`; `height` defaults to `threshold`.
    init?(_ value: OptionValue) {
        guard let threshold = value["threshold"]?.number else { return nil }
        self.init(threshold: threshold, height: value["height"]?.number ?? threshold)
    }

    var value: OptionValue { .object(["threshold": .number(threshold), "height": .number(height)]) }
}

public enum RefreshState: String, CaseIterable, Sendable {
    case idle
    /// Dragging, pulled past the threshold.
    case armed
    /// Triggered; the refresh inset is held until `endRefreshing`.
    case refreshing
}
