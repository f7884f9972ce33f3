import XCTest
@testable import OmniScrollCore

/// A child kind adds its own members to its child's entry of a Layout reply,
/// as its rule declares them (`ChildKindRule.layoutMembers`): the collapsing
/// header its number `collapse`, the pager writes its `selected`,
/// `pageProgress` and `pages`; every other kind nothing, and a layout
/// without such a kind says so once (`hasKindMembers`).
final class KindLayoutMembersTests: XCTestCase {
    private let viewport = Viewport(width: 375, height: 800)

    /// A header collapsing 200 → 50, a fixed child, then a pager of two pages.
    private func make() throws -> Container {
        try Container.create(viewport: viewport, children: [
            .collapsing("bar", maxHeight: 200, minHeight: 50),
            .fixed("note", height: 100),
            .pager("tabs", PagerChild(pages: [PagerPage(id: "posts", contentHeight: 5000),
                                              PagerPage(id: "likes", contentHeight: 3000)])),
        ]).0
    }

    private func members(ofChild i: Int, in layout: Layout) -> [String] {
        let writer = RecordingReplyWriter()
        layout.writeKindMembers(ofChild: i, into: writer)
        return writer.tokens
    }

    func testOnlyKindsWithMembersAreAsked() throws {
        let plain = try Container.create(viewport: viewport, children: [
            .scroll("web", contentHeight: 2000), .fixed("note", height: 100), .sticky("tabs", height: 44), .page("item"),
        ]).0.layout
        XCTAssertFalse(plain.hasKindMembers)
        XCTAssertEqual((0..<plain.childCount).map(plain.kindMembers(ofChild:)), [.none, .none, .none, .none])

        let layout = try make().layout
        XCTAssertTrue(layout.hasKindMembers)
        XCTAssertEqual((0..<layout.childCount).map(layout.kindMembers(ofChild:)), [.number("collapse"), .none, .written])
        XCTAssertEqual(members(ofChild: 1, in: layout), [], "a fixed child has no members of its own")
    }

    func testTheHeaderDeclaresItsCollapse() throws {
        var container = try make()
        let layout = try container.apply(.offset(100)).layout
        XCTAssertEqual(layout.kindMembers(ofChild: 0), .number("collapse"))
        XCTAssertEqual(layout.kindNumber(ofChild: 0), 2.0 / 3)
    }

    func testThePagerWritesItsSelectionProgressAndPagesInView() throws {
        var container = try make()
        container.must(.command(ScrollPager(pager: "tabs", offset: 187.5)))
        let layout = container.layout
        let pages = layout.pages(ofPager: 2)
        XCTAssertEqual(pages.map(\.id), ["posts", "likes"], "mid-swipe: two pages in view")
        let entries = pages.map { page in "entry \(page.id) \(page.frame) \(page.contentOffset) \(page.visibleHeight)" }
        XCTAssertEqual(members(ofChild: 2, in: layout),
                       ["key selected", "string posts", "key pageProgress", "number 0.5", "key pages", "beginArray"]
                           + entries + ["endArray"])
    }
}

/// Records what a kind writes, one token per call.
private final class RecordingReplyWriter: ReplyWriter {
    private(set) var tokens: [String] = []

    func key(_ name: StaticString) { tokens.append("key \(name)") }
    func number(_ value: Double) { tokens.append("number \(value)") }
    func string(_ value: String) { tokens.append("string \(value)") }
    func null() { tokens.append("null") }
    func beginObject() { tokens.append("beginObject") }
    func endObject() { tokens.append("endObject") }
    func beginArray() { tokens.append("beginArray") }
    func endArray() { tokens.append("endArray") }
    func numbers(_ name: StaticString, keys: ReplyKeys, values: [Double], only indices: [Int]?) {
        tokens.append("numbers \(name)")
    }
    func entry(id: String, frame: Rect, contentOffset: Point, visibleHeight: Double) {
        tokens.append("entry \(id) \(frame) \(contentOffset) \(visibleHeight)")
    }
    func fragment(_ json: StaticString, needsComma: Bool) { tokens.append("fragment \(json)") }
}
