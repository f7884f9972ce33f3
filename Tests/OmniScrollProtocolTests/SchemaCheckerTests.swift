import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

/// `SchemaChecker` compiles each schema once (references resolved, paths
/// spelled only for a violation): it still finds each violation at its
/// path, through aliases and schemas that refer to themselves.
final class SchemaCheckerTests: XCTestCase {
    private let checker = SchemaChecker(document: [
        "components": ["schemas": [
            "Tree": ["type": "object", "required": ["name"], "additionalProperties": false, "properties": [
                "name": ["type": "string", "minLength": 1],
                "size": ["type": "integer", "minimum": 0, "maximum": 10],
                "children": ["type": "array", "items": ["$ref": "#/components/schemas/Node"]],
            ]],
            "Node": ["$ref": "#/components/schemas/Tree"],
            "Either": ["oneOf": [["type": "string"], ["type": "number", "exclusiveMinimum": 0]]],
        ]],
    ])

    func testEachViolationIsFoundAtItsPath() throws {
        let tree = try JSONParser.parse(#"{"name":"a","size":3,"children":[{"name":"b"},{"name":"","size":1.5,"children":[{"size":11,"x":1}]}]}"#)
        XCTAssertEqual(checker.violations(of: tree, against: ["$ref": "#/components/schemas/Node"]), [
            "result.children[1].name: shorter than 1",
            "result.children[1].size: 1.5 is not integer",
            "result.children[1].children[0]: missing required name",
            "result.children[1].children[0].size: 11.0 > maximum 10.0",
            "result.children[1].children[0]: unexpected member x",
        ])
        XCTAssertEqual(checker.violations(of: try JSONParser.parse(#"{"name":"a","children":[{"name":"b"}]}"#),
                                          against: ["$ref": "#/components/schemas/Tree"]), [])
    }

    func testAOneOfNeedsExactlyOneVariant() {
        let either: JSONValue = ["$ref": "#/components/schemas/Either"]
        XCTAssertEqual(checker.violations(of: "x", against: either), [])
        XCTAssertEqual(checker.violations(of: 2, against: either), [])
        XCTAssertEqual(checker.violations(of: 0, against: either, at: "v"),
                       ["v: matches 0 of the oneOf's 2 variants, not exactly one"])
        XCTAssertEqual(checker.violations(of: .null, against: ["type": ["number", "null"]]), [])
        XCTAssertEqual(checker.violations(of: true, against: ["type": ["number", "null"]]), ["result: true is not number or null"])
    }
}
