import XCTest
@testable import OmniScrollCore

/// A create's ids are unique among its children and its pagers' pages,
/// whichever comes first in the list: the first id that repeats one before
/// it is refused, at its own path (docs/protocol.md, Children).
final class DeclaredIDsTests: XCTestCase {
    private let viewport = Viewport(width: 375, height: 800)

    private func assertDuplicate(_ children: [ChildSpec], at field: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Container.create(viewport: viewport, children: children), file: file, line: line) { error in
            XCTAssertEqual((error as? ContainerError)?.kind, .duplicateID, file: file, line: line)
            XCTAssertEqual((error as? ContainerError)?.field.description, field, file: file, line: line)
        }
    }

    func testAChildOrPageRepeatingAnEarlierIDIsRefused() {
        let pager = { (pages: [String]) in ChildSpec.pager("tabs", PagerChild(pages: pages.map { PagerPage(id: $0) })) }
        assertDuplicate([.scroll("a", contentHeight: 1), .scroll("b", contentHeight: 1), .scroll("a", contentHeight: 1)],
                        at: "children[2].id")
        assertDuplicate([pager(["p", "q"]), .scroll("q", contentHeight: 1)], at: "children[1].id")
        assertDuplicate([.scroll("q", contentHeight: 1), pager(["p", "q"])], at: "children[1].pages[1].id")
        assertDuplicate([pager(["p", "p"])], at: "children[0].pages[1].id")
        assertDuplicate([.scroll("tabs", contentHeight: 1), pager(["p"])], at: "children[1].id")
        assertDuplicate([pager(["tabs"])], at: "children[0].pages[0].id")
        // Canonically equivalent spellings are one id, as Swift compares strings.
        assertDuplicate([.scroll("K", contentHeight: 1), .scroll("\u{212A}", contentHeight: 1)], at: "children[1].id")
    }

    /// The stack keeps the table the check filled: every child is found at its index.
    func testTheCreatedStackFindsEveryChild() throws {
        let children = (0..<300).map { ChildSpec.scroll("c\($0)", contentHeight: 10) }
            + [.pager("tabs", PagerChild(pages: [PagerPage(id: "p0"), PagerPage(id: "p1")]))]
        let (container, _) = try Container.create(viewport: viewport, children: children)
        for (i, child) in children.enumerated() {
            XCTAssertEqual(container.layout.childIndex(of: child.id), i, child.id)
        }
        XCTAssertNil(container.layout.childIndex(of: "p0"), "a page is not a child")
        XCTAssertNil(container.layout.childIndex(of: "c300"))
    }
}
