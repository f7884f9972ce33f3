@testable import OmniScrollCore

/// The profile page of issue 15: a header 300 tall, a sticky segment bar 44
/// tall, then a pager of posts and likes, in a 375 × 800 viewport. The
/// pager's natural top is 344 and the bar pins above it, so it pins at
/// `P = 300`; its frame is 756 tall below the bar.
enum ProfilePage {
    static let pinPoint = 300.0
    static let viewport = Viewport(width: 375, height: 800)

    static func children(posts: Double? = 5000, likes: Double? = 3000, policy: PageOffsetPolicy = .preserve,
                         fillViewport: Bool = true) -> [ChildSpec] {
        [.fixed("header", height: 300), .sticky("bar", height: 44),
         .pager("tabs", PagerChild(pages: [PagerPage(id: "posts", contentHeight: posts),
                                           PagerPage(id: "likes", contentHeight: likes)],
                                   offsetPolicy: policy, fillViewport: fillViewport))]
    }

    static func create(posts: Double? = 5000, likes: Double? = 3000, policy: PageOffsetPolicy = .preserve,
                       fillViewport: Bool = true) throws -> (Container, ContainerUpdate) {
        try Container.create(viewport: viewport, children: children(
            posts: posts, likes: likes, policy: policy, fillViewport: fillViewport))
    }
}

extension Container {
    /// The selected page's id and inner offset of pager `id`.
    func selectedPage(_ id: String) -> (page: String, offset: Double) {
        let layout = self.layout
        let i = layout.childIndex(of: id)!
        return (layout.pager(i)!.selectedPage.id, layout.child(i).contentOffset.y)
    }

    @discardableResult
    mutating func select(_ page: String, in pager: String = "tabs") -> ContainerUpdate {
        must(.command(SelectPage(pager: pager, page: page)))
    }
}
