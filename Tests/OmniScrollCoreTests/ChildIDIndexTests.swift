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
}
