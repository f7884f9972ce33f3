import XCTest
@testable import OmniScrollCore

final class FieldPathTests: XCTestCase {
    func testDescriptionAndBelowTop() {
        let path = FieldPath("children").index(2).member("id")
        XCTAssertEqual(path.description, "children[2].id")
        XCTAssertEqual(FieldPath("viewport").member("width").belowTop, "width")
        XCTAssertEqual(path.belowTop, nil, "an element of the top array has no path without it")
        XCTAssertEqual(FieldPath("options").member("refresh").member("height").belowTop, FieldPath("refresh").member("height"))
        XCTAssertNil(FieldPath("offset").belowTop)
    }

    /// Engine errors carry their field as data, whatever the client later calls it.
    func testContainerErrorsNameTheirField() {
        XCTAssertThrowsError(try Container.create(viewport: Viewport(width: 375, height: 0), children: [])) { error in
            XCTAssertEqual((error as? ContainerError)?.field, FieldPath("viewport").member("height"))
        }
    }
}
