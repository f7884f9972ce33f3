/// The child under a point of the viewport (docs/pointer.md, "Tap"): a
/// pinned bar over the children it covers, else the in-flow child there;
/// for a pager, also the page. `x`, `y` are in that child's (or page's)
/// content coordinates: its frame's origin subtracted, its inner
/// `contentOffset` added.
public struct PointerHit: Equatable, Sendable {
    public var child: String
    public var page: String?
    public var x: Double
    public var y: Double

    /// What lies under viewport point (`x`, `y`) in `layout`, `nil` over no visible child.
    public static func find(x: Double, y: Double, in layout: Layout) -> PointerHit? {
        let contentY = layout.offset + y
        var found: (index: Int, child: ChildLayout)?
        for i in layout.visibleIndices {
            let child = layout.child(i)
            guard contentY >= child.frame.y, contentY < child.frame.maxY, x >= child.frame.x,
                  x < child.frame.x + child.frame.width else { continue }
            // A pinned bar is drawn over the in-flow children it covers.
            if found == nil || child.isPinned { found = (i, child) }
        }
        guard let (i, child) = found else { return nil }
        let id = layout.childID(i)
        if layout.pager(i) != nil {
            for page in layout.pages(ofPager: i) where x >= page.frame.x && x < page.frame.x + page.frame.width {
                return PointerHit(child: id, page: page.id, x: x - page.frame.x + page.contentOffset.x,
                                  y: contentY - page.frame.y + page.contentOffset.y)
            }
        }
        return PointerHit(child: id, page: nil, x: x - child.frame.x + child.contentOffset.x,
                          y: contentY - child.frame.y + child.contentOffset.y)
    }

    /// The pager under viewport point (`x`, `y`), the one a horizontal swipe from there moves.
    public static func pager(x: Double, y: Double, in layout: Layout) -> String? {
        guard let hit = find(x: x, y: y, in: layout), let i = layout.childIndex(of: hit.child),
              layout.pager(i) != nil else { return nil }
        return hit.child
    }
}
