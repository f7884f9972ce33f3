/// A pager's part of the layout: its state and the pages in its horizontal
/// window (`PagerChild.writeLayoutMembers` writes them into its entry).
extension Layout {
    /// Pager child `i`'s state (`nil` when child `i` is no pager).
    public func pager(_ i: Int) -> PagerChild? {
        stack.pagerTable.pager(child: i)
    }

    /// The pages of pager child `i` in its horizontal window, in page order
    /// (docs/design.md#pager): one at rest, two mid-swipe. Each shares the pager's
    /// frame top, is as tall as its own content allows below the pinned
    /// bars, sits `k · width − horizontal offset` across, and shows its own
    /// inner offset: the selected page the pager's, another the one its
    /// offset policy would give it if selected now.
    public func pages(ofPager i: Int) -> [PageLayout] {
        guard let pager = pager(i) else { return [] }
        var pages: [PageLayout] = []
        forEachPage(of: pager, child: i) { pages.append($0) }
        return pages
    }

    /// Calls `body` with each page of `pager` (child `i`'s state) in its
    /// horizontal window, in page order, building no array: a reply writes
    /// them on every call (issue 28). Not inlined: `visibleHeight`, which
    /// `Layout.child` inlines for every reply, would be outlined for them all.
    func forEachPage(of pager: PagerChild, child i: Int, _ body: (PageLayout) -> Void) {
        let pagerLayout = child(i)
        let width = viewport.width
        let belowBars = max(0, viewport.height - stack.pinnedHeightAbove(i))
        let pinPoint = stack.pinPoint(i)
        let across = pager.horizontalOffset ?? Double(pager.selected) * width
        // Bounds, not the range's iterator: its index is an enum the loop destroyed out of line per page.
        let inView = pager.pagesInView(width: width)
        for k in inView.lowerBound..<(inView.upperBound + 1) {
            let natural = pager.naturalHeight(ofPage: k, viewportBelowBars: belowBars)
            let height = min(natural, belowBars)
            let frame = Rect(x: Double(k) * width - across, y: pagerLayout.frame.y, width: width, height: height)
            guard k != pager.selected else {
                body(PageLayout(id: pager.pages[k].id, frame: frame, contentOffset: pagerLayout.contentOffset,
                                visibleHeight: pagerLayout.visibleHeight))
                continue
            }
            let inner = offset < pinPoint ? 0 : pager.offsetPolicy.innerOffset(
                current: pagerLayout.contentOffset.y, remembered: pager.rememberedOffsets[k])
            body(PageLayout(id: pager.pages[k].id, frame: frame,
                            contentOffset: Point(x: 0, y: clamp(inner, 0, natural - height)),
                            visibleHeight: visibleHeight(top: frame.y, height: height, pinned: false)))
        }
    }

    /// `pageProgress`: the horizontal offset in pages (the selected page's index at rest).
    public func pageProgress(ofPager i: Int) -> Double? {
        pager(i)?.progress(width: viewport.width)
    }
}
