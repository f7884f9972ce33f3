import OmniScrollClient
import OmniScrollJSON
import XCTest

/// `session.get` and `session.restore` answer the contract's AnyLayout (Results.swift):
/// the first of its types whose required members the reply all has, as every client decodes it.
final class AnyLayoutTests: XCTestCase {
    func testAGridReplyIsAGridLayout() throws {
        let reply = try JSONParser.parse(#"""
        {"session":"g","revision":0,"offset":{"x":0,"y":0},"viewport":{"width":100,"height":100},"phase":"idle",
         "tiles":[],"added":[],"removed":[]}
        """#)
        let result = try AnyLayout(json: reply)
        XCTAssertNil(result.layout)
        XCTAssertEqual(result.gridLayout?.session, "g")
    }

    func testAReplyOfNeitherTypeIsUnexpected() {
        XCTAssertThrowsError(try AnyLayout(json: ["session": "s1", "offset": 0])) { error in
            guard case OmniScrollClientError.unexpectedResult(let place, let reason) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(place, "AnyLayout")
            XCTAssertEqual(reason, "a result of none of Layout, GridLayout")
        }
    }
}
