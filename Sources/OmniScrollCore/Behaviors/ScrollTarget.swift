/// Scroll-to-child (the seed's "next" button). A child whose place is known
/// (its size and every size above it) is scrolled to at once (or, when
/// animated, the phase becomes `animating` and the client animates to the
/// returned offset; with `options.physics`, the engine runs it as a motion,
/// the preset's spring, through `Draft.startMotion`). Otherwise the target is pending and resolves, moving the
/// container, when the last of those sizes arrives; dragging or removing the
/// child cancels it.
struct ScrollTarget: ContainerBehavior {
    private(set) var pending: PendingScrollTarget?
    /// `options.physics` is on: animated targets run as the engine's motion.
    private var runsMotions = false

    mutating func configure(_ options: ContainerOptions) { runsMotions = options.physics != nil }

    mutating func prepare(_ draft: inout Draft) {
        // The list itself is walked (not `draft.commands(of:)`): a scroll
        // tick has no commands, and filtering none would still build and
        // release an empty array.
        for case .command(let change) in draft.commands {
            guard let command = castCommand(change, to: ScrollToChild.self) else { continue }
            let (id, position, animated) = (command.id, command.position, command.animated)
            guard let i = draft.stack.index(of: id) else { continue }
            if draft.stack.isPlacementKnown(i) {
                setPending(nil, &draft)
                let offset = draft.targetOffset(child: i, position: position)
                draft.target = ScrollTargetResult(offset: offset, pending: false)
                if !animated {
                    draft.offset = offset
                } else if runsMotions {
                    draft.startMotion(to: offset)
                } else {
                    draft.phase = .animating
                }
            } else {
                setPending(PendingScrollTarget(child: id, position: position), &draft)
                draft.target = ScrollTargetResult(offset: nil, pending: true)
            }
        }
        guard let target = pending, draft.target == nil else { return }
        if draft.phase == .dragging && draft.previousPhase != .dragging || draft.removes(target.child) {
            pending = nil
            draft.events.append(ContainerEvent(.scrollTargetDidCancel, child: target.child))
        } else if let i = draft.stack.index(of: target.child), draft.stack.isPlacementKnown(i) {
            pending = nil
            draft.offset = draft.targetOffset(child: i, position: target.position)
            draft.events.append(ContainerEvent(
                .scrollTargetDidResolve, child: target.child, members: [.number("offset", draft.offset)]))
        }
    }

    /// Pending targets show in no layout: a change of one is reported to the
    /// draft so the revision still counts it. (Resolving or cancelling one
    /// emits an event, which counts by itself.)
    private mutating func setPending(_ target: PendingScrollTarget?, _ draft: inout Draft) {
        if target != pending { draft.changedBehaviorState = true }
        pending = target
    }

    /// `state.target`: the target waiting for its child's place, or `null`.
    static let statePart: StateDeclaration? = StateDeclaration("target", .object([
        .required("pending", .nullable(.object([
            .required("child", .string()),
            .required("position", .enumeration(of: ScrollPosition.self)),
        ]))),
    ]), initial: .object(["pending": .null]))

    func save() -> OptionValue {
        .object(["pending": OptionValue(pending) { target in
            .object(["child": .string(target.child), "position": .string(target.position.rawValue)])
        }])
    }

    /// A pending target waits for its child's place: the child exists and
    /// its place is unknown (a known one resolves in the call that makes it so).
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let target = part["pending"].flatMap { value in
            value == .null ? nil : PendingScrollTarget(child: value["child"]!.string!, position: value["position"]!.enumeration()!)
        }
        if let target {
            let stack = restoration.layout.stack
            guard let i = stack.index(of: target.child) else {
                throw restoration.invalid("pending", "child", reason: "no child '\(target.child)' in this snapshot")
            }
            guard !stack.isPlacementKnown(i) else {
                throw restoration.invalid("pending", "child",
                                          reason: "must be a child whose place is not known yet (a known one resolves at once)")
            }
        }
        pending = target
    }
}

extension ScrollTarget {
    static let events = [
        EventDeclaration(.scrollTargetDidCancel, members: ["child"], rule:
            "a pending target was dropped: dragging began, or the child was removed"),
        EventDeclaration(.scrollTargetDidResolve, members: ["child", "offset"], rule:
            "a pending `scrollToChild` target's place became known (its size and every size above it); "
            + "the container moved to `offset`"),
    ]
}

extension EventType {
    public static var scrollTargetDidResolve: EventType { EventType("scrollTargetDidResolve") }
    public static var scrollTargetDidCancel: EventType { EventType("scrollTargetDidCancel") }
}

/// `session.scrollToChild`: scroll so the child sits at `position`; pending while its place is unknown.
public struct ScrollToChild: BehaviorCommand, Equatable {
    public var id: String
    public var position: ScrollPosition
    /// The client animates to the target offset (the phase becomes `animating`).
    public var animated: Bool
    public var child: String? { id }

    public init(_ id: String, position: ScrollPosition, animated: Bool) {
        self.id = id
        self.position = position
        self.animated = animated
    }
}

extension ContainerChange {
    public static func scrollToChild(_ id: String, position: ScrollPosition, animated: Bool) -> ContainerChange {
        .command(ScrollToChild(id, position: position, animated: animated))
    }
}

public struct PendingScrollTarget: Equatable, Sendable {
    public var child: String
    public var position: ScrollPosition

    public init(child: String, position: ScrollPosition) {
        self.child = child
        self.position = position
    }
}
