/// Everything a container is, as plain values: `Container(restoring:)` rebuilds
/// a container whose every later update equals the original's.
public struct ContainerSnapshot: Equatable, Sendable {
    public var viewport: Viewport
    public var insets: Insets
    public var options: ContainerOptions
    public var children: [ChildSpec]
    public var offset: Double
    public var phase: ScrollPhase
    public var direction: ScrollDirection
    public var revision: Int
    /// Each behavior's part (`ContainerBehavior.statePart`), by the part's
    /// name, as values its declaration shapes. A part left out restores the
    /// declaration's initial state.
    public var state: [String: OptionValue] = [:]
    /// What format 1 snapshots also stored although the layout determines it:
    /// a restore derives it, and checks it when given.
    public var derived: DerivedState?

    /// Every behavior's part of `state`, in registration order.
    public static let stateParts: [StateDeclaration] = BehaviorRegistry.stateParts

    public init(viewport: Viewport, insets: Insets, options: ContainerOptions, children: [ChildSpec],
                offset: Double, phase: ScrollPhase, direction: ScrollDirection, revision: Int) {
        self.viewport = viewport
        self.insets = insets
        self.options = options
        self.children = children
        self.offset = offset
        self.phase = phase
        self.direction = direction
        self.revision = revision
    }
}

/// The state the layout determines, which format 1 snapshots stored beside the behaviors' parts.
public struct DerivedState: Equatable, Sendable {
    /// The visible children, in child order (VisibilityLifecycle).
    public var visible: [String]
    /// The active child.
    public var active: String?
    /// The child whose `childWillHide` has fired.
    public var leaving: String?
    /// The pinned bars, in child order (StickyPinning).
    public var pinned: [String]

    public init(visible: [String], active: String?, leaving: String?, pinned: [String]) {
        self.visible = visible
        self.active = active
        self.leaving = leaving
        self.pinned = pinned
    }
}
