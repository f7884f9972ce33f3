import Foundation
import XCTest
import OmniScrollCore
import OmniScrollJSON

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

    /// Every event a recorded reply carries has only members its declaration
    /// lists (some, like a refresh event's `page`, only in some sessions;
    /// issue 26: the feed's four declared none, so the generated table and
    /// clients said they carry nothing).
    func testEveryEventCarriesItsDeclaredMembers() throws {
        let declared = Dictionary(uniqueKeysWithValues: EventType.declarations.map { ($0.type.rawValue, Set($0.members)) })
        var seen: Set<String> = []
        for transcript in try ConformanceTests.transcripts() {
            for exchange in transcript.exchanges {
                guard let reply = exchange.expect.flatMap(parsed) else { continue }
                for event in reply["result"]?["events"]?.arrayValue ?? [] {
                    guard let type = event["type"]?.stringValue, let members = declared[type] else { continue }
                    let carried = Set(event.objectValue?.keys ?? []).subtracting(["type", "components"])
                    XCTAssertTrue(carried.isSubset(of: members), "\(transcript.name): \(type) carries \(carried.sorted()) in \(exchange.send)")
                    seen.insert(type)
                }
            }
        }
        XCTAssertTrue(seen.contains("childDidBecomeCurrent"), "no transcript reply carries a feed event")
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
