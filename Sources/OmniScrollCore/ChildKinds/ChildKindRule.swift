/// What makes a child kind: its spec members, its frame height, whether it
/// joins the pinned stack, and where it sits at an offset. The stack, the
/// solver, validation and the protocol's decoding and encoding ask the rule,
/// never test the kind.
protocol ChildKindRule {
    static var kind: ChildKind { get }
    /// The spec member carrying the natural height (`contentHeight`, `height`).
    static var sizeMember: StaticString { get }
    /// Whether the natural height must be known when the child is declared.
    static var requiresSize: Bool { get }
    /// Whether the child's natural height is the viewport's height, always
    /// (a `page`): it takes no declared size and follows viewport changes.
    static var isViewportTall: Bool { get }
    /// The kind's own spec members, in the order a snapshot writes them.
    static var payloadMembers: [KindMember] { get }
    /// The payload from the values of `payloadMembers` (`nil`: not given),
    /// each of the shape its member declares.
    static func payload(_ values: [OptionValue?]) -> ChildPayload
    /// The values of `payloadMembers` in `payload`, which is of this kind.
    static func values(of payload: ChildPayload) -> [OptionValue]
    /// The frame height `H` of a child of natural height `C` below a pinned
    /// stack whose bottom is `B` in a viewport of height `V`.
    static func frameHeight(natural: Double, pinnedAbove: Double, viewportHeight: Double) -> Double
    /// The pin offset of a child that joins the pinned stack (its height then
    /// counts as pinned height above every later child); `nil` when it stays in flow.
    static func pinOffset(of payload: ChildPayload) -> Double?
    /// The height a child of the pinned stack adds to it below itself: its
    /// natural height `natural` unless the kind shrinks when pinned.
    static func pinnedHeight(of payload: ChildPayload, natural: Double) -> Double
    /// Checks what the members' shapes cannot: how they agree with each
    /// other and with the size (a header's `minHeight ≤ maxHeight`).
    static func validate(_ payload: ChildPayload, size: Double?, field: FieldPath, change: Int) throws(ContainerError)
    /// Where child `i`, which is of this kind, sits at `offset`, given its
    /// natural top and frame height (every kind's placement reads them).
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement
}

extension ChildKindRule {
    static var payloadMembers: [KindMember] { [] }
    static func values(of payload: ChildPayload) -> [OptionValue] { [] }
    static var isViewportTall: Bool { false }
    static func frameHeight(natural: Double, pinnedAbove: Double, viewportHeight: Double) -> Double { natural }
    static func pinOffset(of payload: ChildPayload) -> Double? { nil }
    static func pinnedHeight(of payload: ChildPayload, natural: Double) -> Double { natural }
    static func validate(_ payload: ChildPayload, size: Double?, field: FieldPath, change: Int) throws(ContainerError) {}
}

/// Where a child sits at one offset, before visibility is measured.
struct ChildPlacement {
    /// The frame's top in container content coordinates.
    var frameTop: Double
    var contentOffset = Point(x: 0, y: 0)
    var isPinned = false
}
