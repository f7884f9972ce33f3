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

    /// Ids of every length about the hash's 8-byte steps (ASCII ones hashed
    /// by their bytes) are each found, and a prefix or an extension of one is not.
    func testIDsOfEveryLengthAreFound() {
        let ids = (0..<40).map { String(repeating: "x", count: $0) + "\($0 % 7)" }
        let index = ChildIDIndex(ids)
        for (i, id) in ids.enumerated() {
            XCTAssertEqual(index.index(of: id, in: ids), i, id)
            XCTAssertNil(index.index(of: id + "y", in: ids), id + "y")
        }
    }

    /// A table of ASCII ids finds an id given in a canonically equivalent
    /// spelling that is not ASCII (KELVIN SIGN for `K`, GREEK QUESTION MARK
    /// for `;`, GREEK VARIA for a backtick), and no other id that is not ASCII.
    func testAnASCIITableFindsCanonicallyEquivalentSpellings() {
        let ids = ["K", "a;b", "`", "ok"]
        let index = ChildIDIndex(ids)
        XCTAssertEqual(index.index(of: "\u{212A}", in: ids), 0)
        XCTAssertEqual(index.index(of: "a\u{37E}b", in: ids), 1)
        XCTAssertEqual(index.index(of: "\u{1FEF}", in: ids), 2)
        for absent in ["\u{E9}", "o\u{212A}", "\u{212A}\u{301}", "\u{1F600}"] {
            XCTAssertNil(index.index(of: absent, in: ids), absent)
        }
    }

    /// Once an id that is not ASCII joins, every id already in the table is
    /// still found, and the later ones too.
    func testANonASCIIIDJoiningKeepsEveryIDFound() {
        let ids = (0..<100).map { "c\($0)" } + ["\u{E9}t\u{E9}"] + (100..<200).map { "c\($0)" }
        var index = ChildIDIndex(capacity: ids.count)
        for i in ids.indices { XCTAssertTrue(index.insert(ids[i], at: i) { ids[$0] }, ids[i]) }
        for (i, id) in ids.enumerated() { XCTAssertEqual(index.index(of: id) { ids[$0] }, i, id) }
        XCTAssertEqual(index.index(of: "e\u{301}te\u{301}") { ids[$0] }, 100)
        XCTAssertFalse(index.insert("c5", at: ids.count) { $0 < ids.count ? ids[$0] : "c5" })
    }
}
