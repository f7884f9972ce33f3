/// A scrollable child (web view, list) with its own content height `C`. Its
/// frame height is `min(C, V − B)`, the viewport below the bars pinned above
/// it; it follows the window `y + B` and scrolls its content by what is left,
/// `contentOffset.y ∈ [0, C − H]`.
enum ScrollChild: ChildKindRule {
    static let kind = ChildKind.scroll
    static let sizeMember: StaticString = "contentHeight"
    static let requiresSize = false

    static func payload(_ values: [Double?]) -> ChildPayload { .scroll }

    static func frameHeight(natural: Double, pinnedAbove: Double, viewportHeight: Double) -> Double {
        min(natural, max(0, viewportHeight - pinnedAbove))
    }

    @inline(__always)
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        let natural = stack.naturalHeight(i)
        let window = offset + stack.pinnedHeightAbove(i)
        return ChildPlacement(frameTop: clamp(window, top, top + natural - height),
                              contentOffset: Point(x: 0, y: clamp(window - top, 0, natural - height)))
    }
}

extension ChildSpec {
    public static func scroll(_ id: String, contentHeight: Double?) -> ChildSpec {
        ChildSpec(id: id, size: contentHeight, payload: .scroll)
    }
}
