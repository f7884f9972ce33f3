import XCTest
@testable import OmniScrollCore

/// Options are one generic holder shaped by each behavior's declaration.
final class ContainerOptionsTests: XCTestCase {
    func testEveryOptionIsDeclaredOnceInRegistrationOrder() {
        XCTAssertEqual(ContainerOptions.declarations.map(\.name.description),
                       ["seedEvents", "anchoring", "physics", "snap", "paging", "refresh", "loadMore", "feed", "tracks"])
    }

    /// An option given as its default equals one not given: snapshots compare equal after a restore.
    func testAnOptionGivenAsItsDefaultEqualsOneLeftOut() {
        var given = ContainerOptions()
        given.anchoring = true
        given.refresh = nil
        XCTAssertEqual(given, ContainerOptions())
        given.anchoring = false
        XCTAssertNotEqual(given, ContainerOptions())
    }

    /// A value set through the generic holder is checked against the declared shape.
    func testAValueOfTheWrongShapeIsRefusedAtItsPath() {
        var options = ContainerOptions()
        options["refresh"] = .object(["height": .number(10)])
        XCTAssertThrowsError(try Container.create(viewport: Viewport(width: 1, height: 1), children: [], options: options)) { error in
            XCTAssertEqual((error as? ContainerError)?.field, FieldPath("options").member("refresh").member("threshold"))
        }
        options["refresh"] = .object(["threshold": .number(-1)])
        XCTAssertThrowsError(try Container.create(viewport: Viewport(width: 1, height: 1), children: [], options: options)) { error in
            XCTAssertEqual((error as? ContainerError)?.field, FieldPath("options").member("refresh").member("threshold"))
        }
        options["anchoring"] = .number(1)
        options["refresh"] = .null
        XCTAssertThrowsError(try Container.create(viewport: Viewport(width: 1, height: 1), children: [], options: options)) { error in
            XCTAssertEqual((error as? ContainerError)?.field, FieldPath("options").member("anchoring"))
        }
    }

    /// A behavior reads its typed options from the holder: a refresh's height defaults to its threshold.
    func testTypedAccessorsReadTheHolder() {
        var options = ContainerOptions()
        options["refresh"] = .object(["threshold": .number(60)])
        XCTAssertEqual(options.refresh, RefreshOptions(threshold: 60, height: 60))
        options.loadMore = LoadMoreOptions(distance: 5)
        XCTAssertEqual(options["loadMore"], .object(["distance": .number(5)]))
    }
}
