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
    /// The pinned bars' frames, `[top, bottom)` in content coordinates,
    /// merged and ascending: one interval while the bars stack edge to edge.
    private let pinnedCover: ShortList<(top: Double, bottom: Double)>
    /// The collapsing headers at this offset, parallel to `stack.headerIndices`.
    private let headers: ShortList<HeaderState>
    /// Below every sticky bar and header (children from `first` on, the
    /// usual lists under a header): the pinned height above each of them,
    /// `pinnedHeightAbove` plus every header's slack, found once per layout
    /// rather than per child asked. Unused without headers.
    private let belowHeaders: (first: Int, pinnedHeight: Double)
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

    /// The pinned bars' frames at `offset`, merged and ascending, and the
    /// height of the pinned stack they form below the viewport's top edge.
    /// A collapsing header covers its paint extent below its pin line once scrolled past it.
    private static func pinnedCover(of stack: ChildStack, at offset: Double, headers: ShortList<HeaderState>)
        -> (cover: ShortList<(top: Double, bottom: Double)>, stackHeight: Double)
    {
        var cover = ShortList<(top: Double, bottom: Double)>()
        var stackHeight = 0.0
        var header = 0
        // What the headers above add to a sticky bar's pin line beyond
        // their `pinnedHeight` (`headerSlack`): a bar pins below their paint.
        var slack = 0.0
        // Pin lines only grow down the stack (pin offsets and the slack are
        // never negative), so the frames come ascending by top and merge as they come.
        func add(_ top: Double, _ bottom: Double) {
            if let last = cover.last, top <= last.bottom {
                cover[cover.count - 1].bottom = max(last.bottom, bottom)
            } else {
                cover.append((top, bottom))
            }
        }
        // `stack.pins` read in place each time: a local copy retains its three arrays.
        for k in 0..<stack.pins.count {
            let i = stack.pins.childIndices[k]
            let pinTop = stack.pins.pinTops[k] + slack
            if header < headers.count, stack.headerIndices[header] == i {
                let state = headers[header]
                header += 1
                if state.isPinned {
                    let top = offset + pinTop
                    stackHeight = max(stackHeight, pinTop + state.paint)
                    add(top, top + state.paint)
                }
                slack += state.slack
            } else if offset + pinTop >= stack.naturalTop(i) {
                let top = offset + pinTop
                stackHeight = max(stackHeight, pinTop + stack.naturalHeight(i))
                add(top, top + stack.naturalHeight(i))
            }
        }
        return (cover, stackHeight)
    }

    /// Every collapsing header's state: `floating` ones at their effective
    /// scroll offset, the others at how far the offset carries them past
    /// their pin line; and `belowHeaders`. Out of line: a container without
    /// headers builds its layout inline, as it did before headers existed.
    @inline(never)
    private static func headerStates(of stack: ChildStack, at offset: Double, headerScroll: [Double])
        -> (ShortList<HeaderState>, belowHeaders: (first: Int, pinnedHeight: Double))
    {
        var states = ShortList<HeaderState>()
        var slack = 0.0
        for k in stack.headerIndices.indices {
            let i = stack.headerIndices[k]
            guard case .collapsing(let header) = stack.payloads[i] else { preconditionFailure("child \(i) is not a header") }
            let carried = CollapsingHeaders.scrolledPast(child: i, in: stack, at: offset)
            let scrolledPast = header.mode == .floating && k < headerScroll.count ? headerScroll[k] : carried
            let state = header.state(scrolledPast: scrolledPast, carried: carried, natural: stack.naturalHeight(i), isHeld: carried > 0)
            slack += state.slack
            states.append(state)
        }
        let first = max(stack.headerIndices.last ?? 0, stack.pins.childIndices.last ?? 0) + 1
        return (states, (first, (stack.pins.stackBottoms.last ?? 0) + slack))
    }

    /// The pinned height the collapsing headers above child `i` add beyond
    /// what the pinned stack counts for them (`HeaderState.slack`), so a
    /// scroll child below meets the headers' edge.
    private func headerSlack(above i: Int) -> Double {
        var slack = 0.0
        // Indices, not `enumerated()`: its iterator holds a copy of the array (a retain per call).
        for k in headers.indices {
            guard stack.headerIndices[k] < i else { break }
            slack += headers[k].slack
        }
        return slack
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

    /// The in-flow children whose layout depends on the offset being this one:
    /// those in the viewport and the scroll children whose window (`y + B_i`,
    /// which may reach past the viewport under tall pinned bars) meets them.
    var childrenTrackingOffset: Range<Int> {
        var depth = stack.pins.stackBottoms.last ?? 0
        // A header's paint extent may add up to its whole height to the pinned stack.
        for i in stack.headerIndices { depth += stack.naturalHeight(i) }
        return children(below: max(viewport.height, depth))
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
    private func placement(_ i: Int, height: Double) -> ChildPlacement {
        stack.payloads[i].place(i, top: stack.naturalTop(i), height: height, in: stack, offset: offset)
    }

    /// Whether the container has collapsing headers (whose children report `collapse`).
    public var hasHeaders: Bool { !headers.isEmpty }

    /// The collapse of the `k`-th collapsing header (`stack.headerIndices[k]`).
    func collapse(ofHeader k: Int) -> Double { headers[k].collapse }

    /// Collapsing child `i`'s collapse, 0 expanded … 1 collapsed; `nil` for other kinds.
    public func collapse(ofChild i: Int) -> Double? {
        stack.headerIndices.firstIndex(of: i).map { headers[$0].collapse }
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
        guard !headers.isEmpty else { return stack.frameHeight(i) }
        // A scroll child needs its pinned height alone, not its placement (a view timeline's subject).
        if case .scroll = stack.payloads[i] { return scrollWindowBesideHeaders(i).height }
        return placementBesideHeaders(i).height
    }

    /// Whether child `i` is pinned, `child(i).isPinned` without the rest of its layout.
    func isPinned(_ i: Int) -> Bool {
        guard !headers.isEmpty else { return placement(i, height: stack.frameHeight(i)).isPinned }
        // A header's state tells, without its placement (a sticky bar check per scroll).
        if case .collapsing = stack.payloads[i], let k = stack.headerIndices.firstIndex(of: i) { return headers[k].isPinned }
        return placementBesideHeaders(i).placement.isPinned
    }

    /// `child(i)` in a container with collapsing headers: a header at its
    /// extent, showing its paint extent once scrolled past its pin line; a
    /// scroll child below headers with their paint extents as pinned height
    /// (`H = min(C, V − P)`, its window at `y + P`).
    @inline(never)  // kept out of `child`, which every reply calls per child
    private func childBesideHeaders(_ i: Int) -> ChildLayout {
        if case .collapsing = stack.payloads[i], let k = stack.headerIndices.firstIndex(of: i) {
            let state = headers[k]
            let top = stack.naturalTop(i)
            let pinLine = offset + stack.pins.pinTop(ofChild: i)
            let placement = state.placement(top: top, pinLine: pinLine)
            return ChildLayout(frame: Rect(x: 0, y: placement.frameTop, width: viewport.width, height: state.extent),
                               contentOffset: Point(x: 0, y: 0),
                               visibleHeight: visibleHeight(ofHeader: state, top: top, pinLine: pinLine),
                               isPinned: placement.isPinned)
        }
        let (placement, height) = placementBesideHeaders(i)
        return ChildLayout(frame: Rect(x: 0, y: placement.frameTop, width: viewport.width, height: height),
                           contentOffset: placement.contentOffset,
                           visibleHeight: visibleHeight(top: placement.frameTop, height: height, pinned: placement.isPinned),
                           isPinned: placement.isPinned)
    }

    /// `childBesideHeaders(i).visibleHeight` without the rest of its layout.
    @inline(never)
    private func visibleHeightBesideHeaders(_ i: Int) -> Double {
        if case .collapsing = stack.payloads[i], let k = stack.headerIndices.firstIndex(of: i) {
            return visibleHeight(ofHeader: headers[k], top: stack.naturalTop(i), pinLine: offset + stack.pins.pinTop(ofChild: i))
        }
        let (placement, height) = placementBesideHeaders(i)
        return visibleHeight(top: placement.frameTop, height: height, pinned: placement.isPinned)
    }

    /// A header's visible height: its paint extent below its pin line once
    /// held there, else as a child in flow at its natural top.
    @inline(__always)
    private func visibleHeight(ofHeader state: HeaderState, top: Double, pinLine: Double) -> Double {
        state.isHeld
            ? min(overlap(pinLine, pinLine + state.paint, offset, offset + viewport.height), state.paint, viewport.height)
            : visibleHeight(top: top, height: state.extent, pinned: false)
    }

    /// Scroll child `i` beside collapsing headers: the pinned height above
    /// it (the headers' paint extents in it), its natural height and its
    /// frame height `min(C, V − P)`.
    @inline(__always)
    private func scrollWindowBesideHeaders(_ i: Int) -> (pinned: Double, natural: Double, height: Double) {
        let pinned = i >= belowHeaders.first ? belowHeaders.pinnedHeight : stack.pinnedHeightAbove(i) + headerSlack(above: i)
        let natural = stack.naturalHeight(i)
        return (pinned, natural, ScrollChild.frameHeight(natural: natural, pinnedAbove: pinned, viewportHeight: viewport.height))
    }

    /// Where child `i` sits beside collapsing headers, and its frame height.
    @inline(__always)  // into `childBesideHeaders`, which every reply calls per child: one call, not two
    private func placementBesideHeaders(_ i: Int) -> (placement: ChildPlacement, height: Double) {
        let top = stack.naturalTop(i)
        switch stack.payloads[i] {
        case .collapsing:
            guard let k = stack.headerIndices.firstIndex(of: i) else { break }
            let state = headers[k]
            return (state.placement(top: top, pinLine: offset + stack.pins.pinTop(ofChild: i)), state.extent)
        case .scroll:
            let (pinned, natural, height) = scrollWindowBesideHeaders(i)
            return (ScrollChild.place(natural: natural, top: top, height: height, window: offset + pinned), height)
        case .sticky:
            // Pinned below the headers' paint, not their `pinnedHeight`: a
            // floating header that comes back never covers the bar.
            let pinLine = offset + stack.pins.pinTop(ofChild: i) + headerSlack(above: i)
            let placement = pinLine >= top ? ChildPlacement(frameTop: pinLine, isPinned: true) : ChildPlacement(frameTop: top)
            return (placement, stack.frameHeight(i))
        default:
            break
        }
        let height = stack.frameHeight(i)
        return (placement(i, height: height), height)
    }
}

extension Layout: TimelineSubjects {
    /// A view timeline's subject: child `index`'s natural top and frame height.
    public func timelineSubject(ofChild index: Int) -> TimelineSubject {
        TimelineSubject(top: stack.naturalTop(index), height: frameHeight(ofChild: index), viewport: viewport.height)
    }
}
