import XCTest
@testable import OmniScrollCore

/// The stack's id index finds every child at its index and no id it was not
/// built from, through runs of collisions (a table at most half full).
final class ChildIDIndexTests: XCTestCase {
    func testEveryIDIsFoundAndNoOther() {
        for count in [0, 1, 2, 3, 5, 100, 4096, 70_000] {
            let ids = (0..<count).map { "c\($0)" }
            let index = ChildIDIndex(ids)
            for (i, id) in ids.enumerated() where index.index(of: id, in: ids) != i {
                XCTFail("\(count) ids: \(id) found at \(String(describing: index.index(of: id, in: ids))), not \(i)")
                return
            }
            for absent in ["", "c", "c\(count)", "c-1", "C0", "c0 "] {
                XCTAssertNil(index.index(of: absent, in: ids), "\(count) ids: \(absent)")
            }
        }
    }

    /// Filled one id at a time (a create's duplicate check), the table takes
    /// each new id and refuses one equal to an id in it, as `String`
    /// compares (canonically equivalent spellings are equal), unchanged.
    func testInsertRefusesAnEqualIDAndKeepsTheFirst() {
        let ids = ["a", "b", "K", "\u{212A}", "e\u{301}", "\u{E9}", "a", "c"]
        var index = ChildIDIndex(capacity: ids.count)
        let taken = ids.indices.map { i in index.insert(ids[i], at: i) { ids[$0] } }
        XCTAssertEqual(taken, [true, true, true, false, true, false, false, true])
        for (id, i) in [("a", 0), ("b", 1), ("K", 2), ("\u{212A}", 2), ("\u{E9}", 4), ("c", 7)] {
            XCTAssertEqual(index.index(of: id) { ids[$0] }, i, id)
        }
        XCTAssertNil(index.index(of: "d") { ids[$0] })
    }
}
