/// A scrollable child (web view, list) with its own content height `C`. Its
/// frame height is `min(C, V − B)`, the viewport below the bars pinned above
/// it; it follows the window `y + B` and scrolls its content by what is left,
/// `contentOffset.y ∈ [0, C − H]`.
enum ScrollChild: ChildKindRule {
    static let kind = ChildKind.scroll
    static let sizeMember: StaticString = "contentHeight"
    static let requiresSize = false

    static func payload(_ values: [OptionValue?]) -> ChildPayload { .scroll }

    static func frameHeight(natural: Double, pinnedAbove: Double, viewportHeight: Double) -> Double {
        min(natural, max(0, viewportHeight - pinnedAbove))
    }

    @inline(__always)
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        place(natural: stack.naturalHeight(i), top: top, height: height, window: offset + stack.pinnedHeightAbove(i))
    }

    /// Where a scroll child of natural height `natural` sits when the pinned
    /// height above it puts its window's top at `window`.
    @inline(__always)
    static func place(natural: Double, top: Double, height: Double, window: Double) -> ChildPlacement {
        ChildPlacement(frameTop: clamp(window, top, top + natural - height),
                       contentOffset: Point(x: 0, y: clamp(window - top, 0, natural - height)))
    }
}

extension ChildSpec {
    public static func scroll(_ id: String, contentHeight: Double?) -> ChildSpec {
        ChildSpec(id: id, size: contentHeight, payload: .scroll)
    }
}
