/// The whole layout of a container at one offset: a pure function of the
/// children, the viewport, the insets and the offset.
///
/// Children are computed on demand, so a reply about a 100 000-child
/// container costs O(log n) per child it mentions, not O(n) up front. Every
/// value follows DESIGN §1; with no sticky bars it is exactly the closed form
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
    /// The pinned bars' frames, `[top, bottom)` in content coordinates, merged and ascending.
    private let pinnedCover: [(top: Double, bottom: Double)]
    /// The child under the viewport's top edge, just below the pinned bars
    /// (the first child of non-zero height whose natural range holds that
    /// line), clamped to the first and last child; the first child while no
    /// child has a height yet; `nil` for an empty container.
    public let activeIndex: Int?
    /// The first in-flow child whose natural range holds `y`, unclamped
    /// (`index(containing: y)`): the top of `childrenInViewport`, found once.
    private let firstAtOffset: Int

    init(stack: ChildStack, viewport: Viewport, insets: Insets, offset: Double) {
        self.stack = stack
        self.viewport = viewport
        self.offset = offset
        let bounds = offsetRange(contentHeight: stack.contentHeight, viewportHeight: viewport.height, insets: insets)
        minOffset = bounds.lowerBound
        maxOffset = bounds.upperBound
        // Most containers have no sticky bar: then nothing is pinned, and
        // the cover (an array built per layout) is skipped altogether.
        var stackHeight = 0.0
        if stack.pins.count == 0 {
            pinnedCover = []
        } else {
            (pinnedCover, stackHeight) = Self.pinnedCover(of: stack, at: offset)
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

    /// The pinned bars' frames at `offset`, merged and ascending, and the
    /// height of the pinned stack they form below the viewport's top edge.
    private static func pinnedCover(of stack: ChildStack, at offset: Double)
        -> (cover: [(top: Double, bottom: Double)], stackHeight: Double)
    {
        var cover: [(top: Double, bottom: Double)] = []
        var stackHeight = 0.0
        let pins = stack.pins
        for k in 0..<pins.count {
            let i = pins.childIndices[k]
            if offset + pins.pinTops[k] >= stack.naturalTop(i) {
                let top = offset + pins.pinTops[k]
                let bottom = top + stack.naturalHeight(i)
                stackHeight = max(stackHeight, pins.pinTops[k] + stack.naturalHeight(i))
                cover.append((top, bottom))
            }
        }
        cover.sort { $0.top < $1.top }
        var merged: [(top: Double, bottom: Double)] = []
        for interval in cover {
            if let last = merged.last, interval.top <= last.bottom {
                merged[merged.count - 1].bottom = max(last.bottom, interval.bottom)
            } else {
                merged.append(interval)
            }
        }
        return (merged, stackHeight)
    }

    /// `S = Σ C_i`.
    public var contentHeight: Double { stack.contentHeight }
    public var childCount: Int { stack.count }
    public func childID(_ i: Int) -> String { stack.ids[i] }
    public func childIndex(of id: String) -> Int? { stack.index(of: id) }
    public func childKind(_ i: Int) -> ChildKind { stack.payloads[i].kind }
    /// Whether any child is a pager (whose layout carries its pages).
    public var hasPagers: Bool { stack.hasPagers }

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

    /// The in-flow children whose layout depends on the offset being this one:
    /// those in the viewport and the scroll children whose window (`y + B_i`,
    /// which may reach past the viewport under tall pinned bars) meets them.
    var childrenTrackingOffset: Range<Int> {
        children(below: max(viewport.height, stack.pins.stackBottoms.last ?? 0))
    }

    /// The children whose natural range meets `[y, y + depth]`.
    private func children(below depth: Double) -> Range<Int> {
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
        // Bars pinned from above the in-flow range; a bar below it cannot be pinned.
        for i in stack.pins.childIndices where i < inView.lowerBound && child(i).isVisible {
            body(i)
        }
        for i in inView where child(i).isVisible { body(i) }
    }

    /// Where child `i` (frame height `height`) sits, by its kind's rule, before visibility is measured.
    @inline(__always)
    private func placement(_ i: Int, height: Double) -> ChildPlacement {
        stack.payloads[i].place(i, top: stack.naturalTop(i), height: height, in: stack, offset: offset)
    }

    /// The layout of child `i` (O(log n)).
    public func child(_ i: Int) -> ChildLayout {
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

    /// How much of a frame `[top, top + height)` shows in the viewport, less
    /// what pinned bars cover of it (a pinned bar itself is never covered).
    @inline(__always)
    private func visibleHeight(top: Double, height: Double, pinned: Bool) -> Double {
        let bottom = top + height
        var visible = overlap(top, bottom, offset, offset + viewport.height)
        if !pinned, visible > 0 {
            for cover in pinnedCover {
                visible -= overlap(top, bottom, max(cover.top, offset), min(cover.bottom, offset + viewport.height))
            }
            visible = max(0, visible)
        }
        return visible
    }

    /// Pager child `i`'s state (`nil` when child `i` is no pager).
    public func pager(_ i: Int) -> PagerChild? {
        stack.pagerIfAny(i)
    }

    /// The pages of pager child `i` in its horizontal window, in page order
    /// (DESIGN §4.2): one at rest, two mid-swipe. Each shares the pager's
    /// frame top, is as tall as its own content allows below the pinned
    /// bars, sits `k · width − horizontal offset` across, and shows its own
    /// inner offset: the selected page the pager's, another the one its
    /// offset policy would give it if selected now.
    public func pages(ofPager i: Int) -> [PageLayout] {
        guard let pager = pager(i) else { return [] }
        let pagerLayout = child(i)
        let width = viewport.width
        let belowBars = max(0, viewport.height - stack.pinnedHeightAbove(i))
        let pinPoint = stack.pinPoint(i)
        let across = pager.horizontalOffset ?? Double(pager.selected) * width
        return pager.pagesInView(width: width).map { k in
            let natural = pager.naturalHeight(ofPage: k, viewportBelowBars: belowBars)
            let height = min(natural, belowBars)
            let frame = Rect(x: Double(k) * width - across, y: pagerLayout.frame.y, width: width, height: height)
            guard k != pager.selected else {
                return PageLayout(id: pager.pages[k].id, frame: frame, contentOffset: pagerLayout.contentOffset,
                                  visibleHeight: pagerLayout.visibleHeight)
            }
            let inner = offset < pinPoint ? 0 : pager.offsetPolicy.innerOffset(
                current: pagerLayout.contentOffset.y, remembered: pager.rememberedOffsets[k])
            return PageLayout(id: pager.pages[k].id, frame: frame,
                              contentOffset: Point(x: 0, y: clamp(inner, 0, natural - height)),
                              visibleHeight: visibleHeight(top: frame.y, height: height, pinned: false))
        }
    }

    /// `pageProgress`: the horizontal offset in pages (the selected page's index at rest).
    public func pageProgress(ofPager i: Int) -> Double? {
        guard let pager = pager(i) else { return nil }
        return (pager.horizontalOffset ?? Double(pager.selected) * viewport.width) / viewport.width
    }
}
