/// What makes a child kind: its spec members, its frame height, whether it
/// joins the pinned stack, where it sits at an offset, the checks of its
/// spec and the members it adds to its child's entry of a Layout reply. The
/// stack, the solver, validation and the protocol's decoding and encoding
/// ask the rule, never test the kind.
///
/// The files a new kind touches:
/// - its rule's file in `ChildKinds/` (the rule, its payload, its checks, its
///   reply members and its `ChildSpec` constructor);
/// - one line in each kind table: `ChildKind.swift` (the case, its `rule`)
///   and `ChildPayload.swift` (the case, `kind`, `place`);
/// - `protocol/openrpc.json`, `docs/protocol.md` and the clients for what
///   the wire carries (its `kind` value, its members).
/// The protocol decodes, validates and snapshots `payloadMembers` without
/// naming the kind. A kind whose children hold more than a payload (the
/// pager's pages and state) also brings, in its own folder (`Pager/`), its
/// side table (`PagerTable.swift`, one field of `KindTables`, which
/// `ChildStack` keeps and calls where its children change) and its part of
/// `Layout` (`PagerLayout.swift`); `ChildSpec.tableEntry` carries its entry
/// (`KindTables.Entry`, read through an accessor in the kind's file), and the
/// protocol decodes and snapshots it in a params file of its own
/// (`PagerParams.swift`, called from `SessionParams` and `SnapshotEncoding`).
protocol ChildKindRule {
    static var kind: ChildKind { get }
    /// The spec member carrying the natural height (`contentHeight`, `height`).
    static var sizeMember: StaticString { get }
    /// Whether the natural height must be known when the child is declared.
    static var requiresSize: Bool { get }
    /// Whether the child's natural height is the viewport's height, always
    /// (a `page`): it takes no declared size and follows viewport changes.
    static var isViewportTall: Bool { get }
    /// Whether the client declares the natural height (`sizeMember`) and may
    /// change it; false for a kind whose height is the viewport's or its side
    /// table's (a pager's selected page).
    static var takesSize: Bool { get }
    /// Why a change cannot set the size of child `id`, of a kind that takes none.
    static func sizeRefusal(child id: String) -> String
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
    /// other and with the size (a header's `minHeight ≤ maxHeight`), and a
    /// side table's entry (a pager's pages, whose ids it claims in `ids`).
    /// `spec` is of this kind; `field` is its path, built when asked: a
    /// path per child of a create was most of its check (`Validation.children`).
    static func validate(_ spec: ChildSpec, ids: inout DeclaredIDs, field: @autoclosure () -> FieldPath,
                         change: Int) throws(ContainerError)
    /// Where child `i`, which is of this kind, sits at `offset`, given its
    /// natural top and frame height (every kind's placement reads them).
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement
    /// The members the kind adds to its child's entry of a Layout reply.
    static var layoutMembers: KindLayoutMembers { get }
    /// Child `i`'s number for a kind whose `layoutMembers` is `.number`.
    static func layoutNumber(ofChild i: Int, in layout: Layout) -> Double
    /// Writes child `i`'s own members into its entry of a Layout reply, after
    /// `visibleHeight` (a pager's `selected`, `pageProgress` and `pages`).
    /// Called only for a kind whose `layoutMembers` is `.written`.
    static func writeLayoutMembers(ofChild i: Int, in layout: Layout, into w: any ReplyWriter)
}

extension ChildKindRule {
    static var payloadMembers: [KindMember] { [] }
    static func values(of payload: ChildPayload) -> [OptionValue] { [] }
    static var isViewportTall: Bool { false }
    static var takesSize: Bool { !isViewportTall }
    static func sizeRefusal(child id: String) -> String {
        "'\(id)' is a \(kind.rawValue) child, exactly one viewport tall: its height cannot be set"
    }
    static func frameHeight(natural: Double, pinnedAbove: Double, viewportHeight: Double) -> Double { natural }
    static func pinOffset(of payload: ChildPayload) -> Double? { nil }
    static func pinnedHeight(of payload: ChildPayload, natural: Double) -> Double { natural }
    static func validate(_ spec: ChildSpec, ids: inout DeclaredIDs, field: @autoclosure () -> FieldPath,
                         change: Int) throws(ContainerError) {}
    static var layoutMembers: KindLayoutMembers { .none }
    static func layoutNumber(ofChild i: Int, in layout: Layout) -> Double { 0 }
    static func writeLayoutMembers(ofChild i: Int, in layout: Layout, into w: any ReplyWriter) {}
}

/// Where a child sits at one offset, before visibility is measured.
struct ChildPlacement {
    /// The frame's top in container content coordinates.
    var frameTop: Double
    var contentOffset = Point(x: 0, y: 0)
    var isPinned = false
}

/// What a kind adds to its child's entry of a Layout reply, after
/// `visibleHeight`.
public enum KindLayoutMembers: Equatable, Sendable {
    /// Nothing (most kinds).
    case none
    /// One number member of this name (a header's `collapse`): the encoder
    /// writes it with the entry's other numbers, through no dynamic writer.
    case number(StaticString)
    /// Members the kind writes itself (`writeLayoutMembers`: a pager's pages).
    case written

    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.none, .none), (.written, .written): true
        case (.number(let x), .number(let y)): x.description == y.description
        default: false
        }
    }
}
