/// The kinds of child: the kind tables. A kind is one type conforming to
/// `ChildKindRule` in its own file (`ChildKinds/`: its spec members, frame
/// height, placement, checks and reply members) plus one line in each table
/// below (the case, its `rule`) and in `ChildPayload` (the case, `kind`,
/// `place`); `ChildKindRule` lists every file a kind touches, a kind with a
/// side table like the pager's included.
public enum ChildKind: String, CaseIterable, Sendable {
    case scroll
    case fixed
    case sticky
    case page
    case pager
    case collapsing

    /// The rule of each kind.
    var rule: any ChildKindRule.Type {
        switch self {
        case .scroll: ScrollChild.self
        case .fixed: FixedChild.self
        case .sticky: StickyChild.self
        case .page: PageChild.self
        case .pager: PagerChild.self
        case .collapsing: CollapsingChild.self
        }
    }

    /// The spec member carrying the natural height (`contentHeight`, `height`).
    public var sizeMember: StaticString { rule.sizeMember }
    /// Whether the natural height must be given when the child is declared.
    public var requiresSize: Bool { rule.requiresSize }
    /// Whether the child is exactly one viewport tall (no declared height).
    public var isViewportTall: Bool { rule.isViewportTall }
    /// The spec members only this kind has.
    public var payloadMembers: [KindMember] { rule.payloadMembers }
    /// The payload from the values of `payloadMembers` (`nil`: not given).
    public func payload(_ values: [OptionValue?]) -> ChildPayload { rule.payload(values) }
    /// Whether the client declares the natural height and may change it.
    var takesSize: Bool { rule.takesSize }
    /// Whether a child of this kind has members of its own in a Layout reply.
    var layoutMembers: KindLayoutMembers { rule.layoutMembers }
}

/// A child as the client declares it.
public struct ChildSpec: Equatable, Sendable {
    public var id: String
    /// The natural height along the stack (a scroll child's content height, a
    /// fixed or sticky child's height); `nil` while it is not known yet (it
    /// counts as 0).
    public var size: Double?
    /// The kind and the members only that kind has.
    public var payload: ChildPayload
    /// The child's entry in its kind's side table (`KindTables.Entry`: a
    /// pager's pages and state, `ChildSpec.pager`), `nil` for the kinds
    /// without one.
    var tableEntry: KindTables.Entry?

    public init(id: String, size: Double?, payload: ChildPayload) {
        self.id = id
        self.size = size
        self.payload = payload
    }

    public var kind: ChildKind { payload.kind }

    /// The values of `kind.payloadMembers`, in order.
    public var payloadValues: [OptionValue] { kind.rule.values(of: payload) }

    /// Checks the spec by its kind's rule, `field` being its path; its id is
    /// already claimed in `ids`.
    func validate(ids: inout DeclaredIDs, field: @autoclosure () -> FieldPath, change: Int) throws(ContainerError) {
        // The entry's kind, not its contents: reading those copies them out
        // of the box, once per child of a create.
        if let entry = tableEntry, entry.kind != kind {
            throw ContainerError(.invalidValue, change: change, field: field().member(entry.member), reason: "not used by a \(kind.rawValue) child")
        }
        try kind.rule.validate(self, ids: &ids, field: field(), change: change)
    }
}
