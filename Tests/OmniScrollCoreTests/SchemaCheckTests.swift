import XCTest
@testable import OmniScrollCore

/// `Schema.check`: the engine's check of an option's or a state part's value
/// against the schema it is declared with, naming the member at fault and
/// the bound it breaks as the docs write it (docs/protocol.md).
final class SchemaCheckTests: XCTestCase {
    private func reason(_ schema: Schema, _ value: OptionValue, field: FieldPath = "x") -> (String, String)? {
        do throws(ContainerError) {
            try schema.check(value, field: field)
            return nil
        } catch {
            return (error.field.description, error.reason)
        }
    }

    func testANumberOutOfItsBoundIsRefusedWithTheBound() {
        let cases: [(Schema, Double, String)] = [
            (.length, -1, "must be a finite number between 0 and 1e12"),
            (.length, .nan, "must be a finite number between 0 and 1e12"),
            (.positiveLength, 0, "must be a finite number > 0 and ≤ 1e12"),
            (.offset, -.infinity, "must be a finite number between -1e24 and 1e24"),
            (.travel, -0.5, "must be a finite number between 0 and 1e24"),
            (.contentHeight, 3e21, "must be a finite number between 0 and 2.2e21"),
            (.magnitude, 2e15, "must be a finite number between -1e15 and 1e15"),
            (.snapInterval, 0, "must be a finite number between 1e-15 and 1e12"),
            (.count(max: 16), 17, "must be an integer from 0 to 16"),
            (.count(max: 16), 1.5, "must be an integer from 0 to 16"),
        ]
        for (schema, value, expected) in cases {
            XCTAssertEqual(reason(schema, .number(value))?.1, expected, "\(value)")
        }
        for (schema, value) in [(Schema.length, 0.0), (.length, 1e12), (.positiveLength, 1e-300), (.count(max: 16), 16),
                                (.contentHeight, 2.2e21), (.magnitude, -1e15), (.snapInterval, 1e-15)] {
            XCTAssertNil(reason(schema, .number(value)), "\(value)")
        }
    }

    func testAMemberAtFaultIsNamedByItsPath() {
        let schema = Schema.nullable(.object([
            .required("mode", .enumeration(["a", "b"])),
            .optional("points", .array(items: .offset)),
        ]))
        XCTAssertNil(reason(schema, .null))
        XCTAssertNil(reason(schema, .object(["mode": .string("b")])))
        XCTAssertEqual(reason(schema, .object([:]))?.0, "x.mode")
        XCTAssertEqual(reason(schema, .object([:]))?.1, "required")
        XCTAssertEqual(reason(schema, .object(["mode": .string("c")]))?.1, "must be one of a, b")
        let points = reason(schema, .object(["mode": .string("a"), "points": .array([.number(0), .number(2e24)])]))
        XCTAssertEqual(points?.0, "x.points[1]")
        XCTAssertEqual(points?.1, "must be a finite number between -1e24 and 1e24")
        XCTAssertEqual(reason(schema, .bool(true))?.1, "must be an object")
    }
}
