/// What one applied change list did.
public struct ContainerUpdate: Sendable {
    public var layout: Layout
    public var events: [ContainerEvent]
    /// How far scroll anchoring moved the offset (0 when it did not).
    public var anchorShift: Double
    /// How far the offset was clamped back into `[minOffset, maxOffset]`
    /// after a change the client did not make itself left it outside (0 when
    /// it was not).
    public var clampShift: Double
    /// The answer to a `scrollToChild` change.
    public var target: ScrollTargetResult?
    /// Whether the container's state changed at all.
    public var didChange: Bool

    /// The (ascending) indices of the children whose frame, content offset or
    /// visible height differ from `before` (the layout before this update),
    /// or, for a pager, whose pages' state does (a swipe, a snap's tick, a
    /// selection: its `selected`, `pageProgress` and `pages`, docs/protocol.md
    /// "Delta replies"); children matched by id; a child `before` did not have is listed.
    ///
    /// While the stack and the viewport are the ones `before` had (a scroll,
    /// a phase, insets), only the children that track the offset in either
    /// layout and the pinned bars above them can differ: O(log n) per child
    /// between the old and the new viewport; the pagers' state lives in the
    /// stack, so it is the same too. Otherwise every child is compared: O(n log n).
    public func changedChildren(since before: Layout) -> [Int] {
        let after = layout
        guard after.stack.sharesStorage(with: before.stack), after.viewport == before.viewport else {
            let pagers = (before.stack.pagerTable, after.stack.pagerTable)
            return (0..<after.childCount).filter { i in
                let id = after.childID(i)
                guard let j = before.childIndex(of: id) else { return true }
                return !before.child(j).reportsSame(as: after.child(i)) || pagers.0.pager(child: j) != pagers.1.pager(child: i)
                    || before.collapse(ofChild: j) != after.collapse(ofChild: i)
                    || before.pages(ofPager: j) != after.pages(ofPager: i)
            }
        }
        // The children tracking the offset in each: one stack, one depth.
        let depth = after.trackingDepth
        let a = before.children(below: depth)
        let b = after.children(below: depth)
        let range = min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
        var result: [Int] = []
        // Room for the usual list (every child in the range) at once: grown
        // append by append, it was allocated twice (~600 instructions of a
        // feed's scroll, issue 28).
        result.reserveCapacity(range.count + after.stack.pins.count)
        for i in after.stack.pins.childIndices where i < range.lowerBound && !after.reportsSame(child: i, as: before) {
            result.append(i)
        }
        for i in range where !after.reportsSame(child: i, as: before) {
            result.append(i)
        }
        if after.stack.hasPagers { result = Self.addingPagers(result, whosePagesMoved: before, after) }
        if after.hasHeaders { result = Self.addingScrollChildren(result, whoseWindowsMoved: before, after) }
        return result
    }

    /// A scroll child's frame is `min(C, V − P)`, P counting the paint of the
    /// collapsing headers above it: a header that collapses or expands
    /// changes the frame of every scroll child below it taller than its
    /// window, however far from the viewport (the contract soak, seed 6).
    /// Only when a header's paint changed, from the first such header on.
    private static func addingScrollChildren(_ listed: [Int], whoseWindowsMoved before: Layout, _ after: Layout) -> [Int] {
        guard let k = after.headers.indices.first(where: { before.headers[$0].slack != after.headers[$0].slack }) else {
            return listed
        }
        let moved = (after.stack.headerIndices[k] + 1..<after.childCount).filter { i in
            if case .scroll = after.stack.payloads[i] {
                return !listed.contains(i) && !before.child(i).reportsSame(as: after.child(i))
            }
            return false
        }
        return moved.isEmpty ? listed : (listed + moved).sorted()
    }

    /// A pager's pages may show more or less of themselves while the pager
    /// itself reports the same (a pager 0 tall, its selected page empty,
    /// half across to a page 700 tall): such a pager is listed too, in order.
    private static func addingPagers(_ listed: [Int], whosePagesMoved before: Layout, _ after: Layout) -> [Int] {
        let moved = after.stack.pagers.filter { i in
            !listed.contains(i) && before.pages(ofPager: i) != after.pages(ofPager: i)
        }
        return moved.isEmpty ? listed : (listed + moved).sorted()
    }
}

/// Where a `scrollToChild` goes.
public struct ScrollTargetResult: Equatable, Sendable {
    /// The target offset, clamped to the offset bounds; `nil` while pending.
    public var offset: Double?
    /// Waiting for the child's size.
    public var pending: Bool
}
