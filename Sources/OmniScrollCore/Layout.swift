/// The whole layout of a container at one offset: a pure function of the
/// children, the viewport, the insets and the offset.
///
/// Children are computed on demand, so a reply about a 100 000-child
/// container costs O(log n) per child it mentions, not O(n) up front. Every
/// value follows docs/design.md#stack-container; with no sticky bars it is exactly the closed form
///
///     offset_i   = clamp(y − T_i, 0, C_i − H_i)
///     frameTop_i = clamp(y, T_i, T_i + C_i − H_i)
///
/// and with bars pinned above a scroll child, `y` becomes `y + B_i` (the
/// bottom of the pinned stack above it) and `H_i = min(C_i, V − B_i)`.
public struct Layout: Sendable {
    let stack: ChildStack
    public let viewport: Viewport
    /// The container's content offset `y` (any value within ±`Validation.maxOffset`; children clamp).
    public let offset: Double
    /// `−inset.top` (including a held refresh inset): `offsetRange`'s lower bound.
    public let minOffset: Double
    /// `max(minOffset, S + inset.bottom − V)`: `offsetRange`'s upper bound.
    public let maxOffset: Double
    /// The pinned bars' frames (`pinnedCover`, StickyPinning+Layout.swift), `[top, bottom)` in content coordinates,
    /// merged and ascending: one interval while the bars stack edge to edge.
    let pinnedCover: ShortList<(top: Double, bottom: Double)>
    /// The collapsing headers at this offset, parallel to `stack.headerIndices`
    /// (`headerStates`, CollapsingHeaders+Layout.swift, with every rule for a child beside headers).
    let headers: ShortList<HeaderState>
    /// Below every sticky bar and header (children from `first` on, the
    /// usual lists under a header): the pinned height above each of them,
    /// `pinnedHeightAbove` plus every header's slack, found once per layout
    /// rather than per child asked. Unused without headers.
    let belowHeaders: (first: Int, pinnedHeight: Double)
    /// The child under the viewport's top edge, just below the pinned bars
    /// (the first child of non-zero height whose natural range holds that
    /// line), clamped to the first and last child; the first child while no
    /// child has a height yet; `nil` for an empty container.
    public let activeIndex: Int?
    /// The first in-flow child whose natural range holds `y`, unclamped
    /// (`index(containing: y)`): the top of `childrenInViewport`, found once.
    private let firstAtOffset: Int

    /// - Parameter headerScroll: the collapsing headers' effective scroll
    ///   offsets (`CollapsingHeaders`), parallel to `stack.headerIndices`; a
    ///   `floating` header without one is placed as if it never came back.
    init(stack: ChildStack, viewport: Viewport, insets: Insets, offset: Double, headerScroll: [Double] = []) {
        self.stack = stack
        self.viewport = viewport
        self.offset = offset
        let bounds = offsetRange(contentHeight: stack.contentHeight, viewportHeight: viewport.height, insets: insets)
        minOffset = bounds.lowerBound
        maxOffset = bounds.upperBound
        if stack.headerIndices.isEmpty {
            headers = ShortList()
            belowHeaders = (0, 0)
        } else {
            (headers, belowHeaders) = Self.headerStates(of: stack, at: offset, headerScroll: headerScroll)
        }
        // Most containers have no sticky bar: then nothing is pinned, and
        // the cover (built per layout) is skipped altogether.
        var stackHeight = 0.0
        if stack.pins.count == 0 {
            pinnedCover = ShortList()
        } else {
            (pinnedCover, stackHeight) = Self.pinnedCover(of: stack, at: offset, headers: headers)
        }
        firstAtOffset = stack.naturalHeights.index(containing: offset)
        if stack.isEmpty {
            activeIndex = nil
        } else if stack.contentHeight == 0 {
            activeIndex = 0
        } else {
            // With no bar pinned the line below the bars is `y` itself.
            let line = stackHeight == 0 ? firstAtOffset : stack.naturalHeights.index(containing: offset + stackHeight)
            activeIndex = min(line, stack.count - 1)
        }
    }

    /// `S = Σ C_i`.
    public var contentHeight: Double { stack.contentHeight }
    public var childCount: Int { stack.count }
    public func childID(_ i: Int) -> String { stack.ids[i] }
    public func childIndex(of id: String) -> Int? { stack.index(of: id) }
    public func childKind(_ i: Int) -> ChildKind { stack.payloads[i].kind }

    public var contentView: ContentViewFrame {
        let height = stack.frameHeights.total
        guard let a = activeIndex else { return ContentViewFrame(top: 0, height: height) }
        // The frame's top is all it needs: the placement alone, not the
        // child's visibility (~40 instructions per reply).
        return ContentViewFrame(top: placement(a, height: stack.frameHeight(a)).frameTop - stack.frameHeights.prefix(a),
                                height: height)
    }

    /// The in-flow children whose natural range meets the viewport: every
    /// visible child is in here or is a pinned bar.
    public var childrenInViewport: Range<Int> { children(below: viewport.height) }

    /// How far below `y` the in-flow children whose layout depends on the
    /// offset being this one reach (`children(below: trackingDepth)`):
    /// those in the viewport and the scroll children whose window (`y + B_i`,
    /// which may reach past the viewport under tall pinned bars) meets them.
    /// The viewport, or the pinned stack at its tallest: a function of the
    /// stack and the viewport alone, so two layouts of one stack share it.
    var trackingDepth: Double {
        var depth = stack.pins.stackBottoms.last ?? 0
        // A header's paint extent may add up to its whole height to the pinned stack.
        for i in stack.headerIndices { depth += stack.naturalHeight(i) }
        return max(viewport.height, depth)
    }

    /// The children whose natural range meets `[y, y + depth]`.
    func children(below depth: Double) -> Range<Int> {
        guard !stack.isEmpty else { return 0..<0 }
        let last = stack.naturalHeights.index(containing: offset + depth)
        let lower = min(firstAtOffset, stack.count)
        return lower..<max(lower, min(last + 1, stack.count))
    }

    /// The visible children's indices, ascending: the in-flow ones in the
    /// viewport and the pinned bars.
    public var visibleIndices: [Int] {
        var result: [Int] = []
        forEachVisibleIndex { result.append($0) }
        return result
    }

    /// Calls `body` with each visible child's index, ascending, allocating nothing.
    func forEachVisibleIndex(_ body: (Int) -> Void) {
        let inView = childrenInViewport
        // Bars pinned from above the in-flow range; a bar below it cannot be
        // pinned. By index: a `for in` over the array retains it.
        for k in 0..<stack.pins.count {
            let i = stack.pins.childIndices[k]
            guard i < inView.lowerBound else { break }
            if isVisible(i) { body(i) }
        }
        for i in inView where isVisible(i) { body(i) }
    }

    /// `child(i).isVisible`; beside collapsing headers without the rest of
    /// the child's layout (a lifecycle check per visible child per scroll).
    @inline(__always)
    private func isVisible(_ i: Int) -> Bool {
        headers.isEmpty ? child(i).isVisible : visibleHeightBesideHeaders(i) > 0
    }

    /// Where child `i` (frame height `height`) sits, by its kind's rule, before visibility is measured.
    @inline(__always)
    func placement(_ i: Int, height: Double) -> ChildPlacement {
        stack.payloads[i].place(i, top: stack.naturalTop(i), height: height, in: stack, offset: offset)
    }

    /// The layout of child `i` (O(log n); O(headers) more in a container with collapsing headers).
    public func child(_ i: Int) -> ChildLayout {
        guard headers.isEmpty else { return childBesideHeaders(i) }
        let height = stack.frameHeight(i)
        let placement = placement(i, height: height)
        let frameTop = placement.frameTop
        let pinned = placement.isPinned
        return ChildLayout(
            frame: Rect(x: 0, y: frameTop, width: viewport.width, height: height),
            contentOffset: placement.contentOffset,
            visibleHeight: visibleHeight(top: frameTop, height: height, pinned: pinned),
            isPinned: pinned
        )
    }

    /// Whether child `i` reports the same (`ChildLayout.reportsSame`) here
    /// as in `other`, a layout of this very stack and viewport at another
    /// offset (a delta reply's comparison, `ContainerUpdate.changedChildren`):
    /// the child's natural top and frame height are the stack's, read once
    /// for both layouts rather than once each (a feed's scroll compares two
    /// or three children, issue 28).
    func reportsSame(child i: Int, as other: Layout) -> Bool {
        guard headers.isEmpty, other.headers.isEmpty else { return child(i).reportsSame(as: other.child(i)) }
        let height = stack.frameHeight(i)
        let top = stack.naturalTop(i)
        let payload = stack.payloads[i]
        let here = payload.place(i, top: top, height: height, in: stack, offset: offset)
        let there = payload.place(i, top: top, height: height, in: stack, offset: other.offset)
        // `child(i)`'s frame is `(0, frameTop, viewport.width, height)`: with
        // the same width and height, the tops tell the frames apart.
        return here.frameTop == there.frameTop && here.contentOffset == there.contentOffset
            && visibleHeight(top: here.frameTop, height: height, pinned: here.isPinned)
                == other.visibleHeight(top: there.frameTop, height: height, pinned: there.isPinned)
    }

    /// How much of a frame shows in the viewport, not covered by a pinned bar
    /// (which a pinned one never is): `child(i)`'s rule, for `childBesideHeaders`
    /// and a pager's pages.
    func visibleHeight(top: Double, height: Double, pinned: Bool) -> Double {
        let bottom = top + height
        var visible = overlap(top, bottom, offset, offset + viewport.height)
        if !pinned, visible > 0 {
            for cover in pinnedCover {
                visible -= overlap(top, bottom, max(cover.top, offset), min(cover.bottom, offset + viewport.height))
            }
            visible = max(0, visible)
        }
        // The differences above round (0.1 + 800 − 0.1 is 800.0000000000001):
        // never more than the frame or the viewport holds.
        return min(visible, height, viewport.height)
    }

    /// Child `i`'s frame height, `child(i).frame.height` without the rest of its layout.
    func frameHeight(ofChild i: Int) -> Double {
        headers.isEmpty ? stack.frameHeight(i) : frameHeightBesideHeaders(i)
    }

    /// Whether child `i` is pinned, `child(i).isPinned` without the rest of its layout.
    func isPinned(_ i: Int) -> Bool {
        headers.isEmpty ? placement(i, height: stack.frameHeight(i)).isPinned : isPinnedBesideHeaders(i)
    }

}

extension Layout: TimelineSubjects {
    /// A view timeline's subject: child `index`'s natural top and frame height.
    public func timelineSubject(ofChild index: Int) -> TimelineSubject {
        TimelineSubject(top: stack.naturalTop(index), height: frameHeight(ofChild: index), viewport: viewport.height)
    }
}
