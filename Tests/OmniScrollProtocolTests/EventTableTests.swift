import Foundation
import XCTest
import OmniScrollCore

/// `docs/events.md`'s table of event types is rendered from the behaviors'
/// event declarations (`EventDeclaration`, beside each behavior), so the
/// document cannot drift from the engine. To regenerate it after changing a
/// declaration:
///
///     OMNISCROLL_REGENERATE_DOCS=1 swift test --filter EventTableTests
final class EventTableTests: XCTestCase {
    static let begin = "<!-- BEGIN generated from the event declarations: OMNISCROLL_REGENERATE_DOCS=1 swift test --filter EventTableTests -->"
    static let end = "<!-- END generated -->"

    /// The table, one row per declaration in registration order.
    static func renderedTable() -> String {
        var lines = ["| type | members | fires when |", "| --- | --- | --- |"]
        for declaration in EventType.declarations {
            let members = declaration.members.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| `\(declaration.type.rawValue)` | \(members.isEmpty ? "" : members + " ")| \(declaration.rule) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `document` with its generated region replaced by `table`.
    static func regenerated(_ document: String, table: String) throws -> String {
        guard let start = document.range(of: begin), let stop = document.range(of: end, range: start.upperBound..<document.endIndex) else {
            throw XCTSkip("docs/events.md has no generated region")
        }
        return document.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: "\n" + table + "\n")
    }

    func testTheEventTableIsRenderedFromTheDeclarations() throws {
        let url = ProtocolReferenceTests.root.appendingPathComponent("docs/events.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(document.contains(Self.begin) && document.contains(Self.end),
                      "docs/events.md lost its generated-region markers")
        let expected = try Self.regenerated(document, table: Self.renderedTable())
        if ProcessInfo.processInfo.environment["OMNISCROLL_REGENERATE_DOCS"] == "1" {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(document, expected,
                       "docs/events.md's event table is stale: OMNISCROLL_REGENERATE_DOCS=1 swift test --filter EventTableTests")
    }

    func testEveryDeclaredTypeIsDeclaredOnceWithARule() {
        let types = EventType.declarations.map(\.type)
        XCTAssertEqual(Set(types).count, types.count, "an event type is declared twice")
        for declaration in EventType.declarations {
            XCTAssertFalse(declaration.rule.isEmpty, "\(declaration.type) has no rule")
            XCTAssertFalse(declaration.rule.contains("|") || declaration.rule.contains("\n"),
                           "\(declaration.type)'s rule would break its table row")
        }
    }
}
