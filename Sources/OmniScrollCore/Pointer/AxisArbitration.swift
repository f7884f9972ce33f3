/// Which axis a pending finger's travel wins (docs/pointer.md, "Axis
/// arbitration"): Flutter's gesture arena between the vertical and
/// horizontal drag recognizers, UIScrollView's directional lock. Pure
/// policy: it reads the travel from the `down` point and the slops.
public enum AxisArbitration {
    /// The axis the travel `(dx, dy)` from the `down` point starts, `nil`
    /// while none: vertical past the touch slop; horizontal past the paging
    /// slop only with a pager under the `down` point; both at once, the
    /// larger travel/slop ratio (a tie goes vertical). Strict: a travel
    /// equal to the slop starts nothing.
    public static func winner(dx: Double, dy: Double, constants: PointerConstants, pagerUnderFinger: Bool) -> PointerAxis? {
        let vertical = abs(dy) / constants.touchSlop
        let horizontal = pagerUnderFinger ? abs(dx) / constants.pagingSlop : 0
        guard vertical > 1 || horizontal > 1 else { return nil }
        return horizontal > vertical ? .horizontal : .vertical
    }

    /// Whether a grid pan starts: the finger's path length `path` past the pan slop.
    public static func panStarts(path: Double, constants: PointerConstants) -> Bool { path > constants.panSlop }
}
