/// CSS scroll anchoring: keep what the user reads still when content above it
/// changes size. The anchor is the child under the viewport's top edge (the
/// first whose natural range holds `y`) in the layout before the change list,
/// as CSS picks its anchor node before layout changes; the offset then moves
/// by as much as the anchor's natural top, so a child wholly above the edge
/// (`T_i + C_i ≤ y`) that changes by Δ shifts the offset by Δ, and the
/// anchor keeps its inner offset because `y − T_a` is kept. Judged against
/// one layout, the sizes of a list give one result whatever their order.
/// At or above the top of the range (`y ≤ minOffset`) nothing is anchored, as
/// browsers do at the scroll origin: a web view whose height arrives late
/// while the user is at the top shows from its top.
/// Off (`options.anchoring == false`) is the seed's behaviour.
struct ScrollAnchoring: ContainerBehavior {
    private var on = true

    static let declaration = OptionDeclaration("anchoring", .boolean, default: .bool(true))
    static var option: OptionDeclaration? { declaration }

    mutating func configure(_ options: ContainerOptions) { on = options.anchoring }

    func anchor(_ resize: inout Resize) {
        guard on, resize.cause == .sizes, resize.offset > resize.minOffset else { return }
        resize.anchor = resize.stack.naturalHeights.index(containing: resize.offset)
    }
}

extension ContainerOptions {
    /// CSS scroll anchoring: a child wholly above the viewport's top edge that
    /// changes height by Δ shifts the offset by Δ. Off is the seed's behaviour.
    public var anchoring: Bool {
        get { self[ScrollAnchoring.declaration.name].bool ?? true }
        set { self[ScrollAnchoring.declaration.name] = .bool(newValue) }
    }
}
