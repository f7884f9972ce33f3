/// The collapsing headers' part of a `Layout` (`CollapsingChild`,
/// docs/design.md#collapsing-header-and-tracks): each header's state at the
/// layout's offset, and where a child beside headers sits. `Layout` asks
/// these only when it has headers; a container without any never runs them.
extension Layout {
    /// Every collapsing header's state: `floating` ones at their effective
    /// scroll offset, the others at how far the offset carries them past
    /// their pin line; and `belowHeaders`. Out of line: a container without
    /// headers builds its layout inline, as it did before headers existed.
    @inline(never)
    static func headerStates(of stack: ChildStack, at offset: Double, headerScroll: [Double])
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
    func headerSlack(above i: Int) -> Double {
        var slack = 0.0
        // Indices, not `enumerated()`: its iterator holds a copy of the array (a retain per call).
        for k in headers.indices {
            guard stack.headerIndices[k] < i else { break }
            slack += headers[k].slack
        }
        return slack
    }

    /// Whether the container has collapsing headers (whose children report `collapse`).
    public var hasHeaders: Bool { !headers.isEmpty }

    /// The collapse of the `k`-th collapsing header (`stack.headerIndices[k]`).
    func collapse(ofHeader k: Int) -> Double { headers[k].collapse }

    /// Collapsing child `i`'s collapse, 0 expanded … 1 collapsed; `nil` for other kinds.
    public func collapse(ofChild i: Int) -> Double? {
        stack.headerIndices.firstIndex(of: i).map { headers[$0].collapse }
    }

    /// `child(i)` in a container with collapsing headers: a header at its
    /// extent, showing its paint extent once scrolled past its pin line; a
    /// scroll child below headers with their paint extents as pinned height
    /// (`H = min(C, V − P)`, its window at `y + P`).
    @inline(never)  // kept out of `child`, which every reply calls per child
    func childBesideHeaders(_ i: Int) -> ChildLayout {
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
    func visibleHeightBesideHeaders(_ i: Int) -> Double {
        if case .collapsing = stack.payloads[i], let k = stack.headerIndices.firstIndex(of: i) {
            return visibleHeight(ofHeader: headers[k], top: stack.naturalTop(i), pinLine: offset + stack.pins.pinTop(ofChild: i))
        }
        let (placement, height) = placementBesideHeaders(i)
        return visibleHeight(top: placement.frameTop, height: height, pinned: placement.isPinned)
    }

    /// A header's visible height: its paint extent below its pin line once
    /// held there, else as a child in flow at its natural top.
    @inline(__always)
    func visibleHeight(ofHeader state: HeaderState, top: Double, pinLine: Double) -> Double {
        state.isHeld
            ? min(overlap(pinLine, pinLine + state.paint, offset, offset + viewport.height), state.paint, viewport.height)
            : visibleHeight(top: top, height: state.extent, pinned: false)
    }

    /// Scroll child `i` beside collapsing headers: the pinned height above
    /// it (the headers' paint extents in it), its natural height and its
    /// frame height `min(C, V − P)`.
    @inline(__always)
    func scrollWindowBesideHeaders(_ i: Int) -> (pinned: Double, natural: Double, height: Double) {
        let pinned = i >= belowHeaders.first ? belowHeaders.pinnedHeight : stack.pinnedHeightAbove(i) + headerSlack(above: i)
        let natural = stack.naturalHeight(i)
        return (pinned, natural, ScrollChild.frameHeight(natural: natural, pinnedAbove: pinned, viewportHeight: viewport.height))
    }

    /// Where child `i` sits beside collapsing headers, and its frame height.
    @inline(__always)  // into `childBesideHeaders`, which every reply calls per child: one call, not two
    func placementBesideHeaders(_ i: Int) -> (placement: ChildPlacement, height: Double) {
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

    /// `frameHeight(ofChild: i)` beside collapsing headers.
    func frameHeightBesideHeaders(_ i: Int) -> Double {
        // A scroll child needs its pinned height alone, not its placement (a view timeline's subject).
        if case .scroll = stack.payloads[i] { return scrollWindowBesideHeaders(i).height }
        return placementBesideHeaders(i).height
    }

    /// `isPinned(i)` beside collapsing headers.
    func isPinnedBesideHeaders(_ i: Int) -> Bool {
        // A header's state tells, without its placement (a sticky bar check per scroll).
        if case .collapsing = stack.payloads[i], let k = stack.headerIndices.firstIndex(of: i) { return headers[k].isPinned }
        return placementBesideHeaders(i).placement.isPinned
    }
}
