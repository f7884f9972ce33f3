import Foundation
import XCTest
import OmniScrollCore
import OmniScrollJSON
@testable import OmniScrollProtocol

/// `docs/protocol.md` and `docs/events.md` name everything the OpenRPC
/// document and the engine define: every method, param, error code and event.
final class ProtocolReferenceTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheReferenceNamesEveryMethodParamAndError() throws {
        let reference = try text("docs/protocol.md")
        let document = try JSONParser.parse(text("protocol/openrpc.json"))
        for method in document["methods"]?.arrayValue ?? [] {
            let name = method["name"]!.stringValue!
            XCTAssertTrue(reference.contains("`\(name)`"), "docs/protocol.md does not name \(name)")
            for param in method["params"]?.arrayValue ?? [] {
                let p = param["name"]!.stringValue!
                XCTAssertTrue(reference.contains("`\(p)`"), "docs/protocol.md does not name \(name)'s param \(p)")
            }
        }
        for error in document["components"]?["errors"]?.objectValue?.members ?? [] {
            let code = error.value["code"]!.intValue!
            XCTAssertTrue(reference.contains("| \(code) | \(error.key) |"), "docs/protocol.md does not list error \(code) \(error.key)")
        }
    }

    func testTheEventTableNamesEveryEventTheEngineEmitsAndTheDocumentLists() throws {
        let events = try text("docs/events.md")
        let reference = try text("docs/protocol.md")
        let document = try JSONParser.parse(text("protocol/openrpc.json"))
        let documented = document["components"]?["schemas"]?["Event"]?["properties"]?["type"]?["enum"]?.arrayValue?
            .compactMap(\.stringValue) ?? []
        XCTAssertEqual(Set(documented), Set(EventType.declarations.map(\.type.rawValue)), "openrpc.json's Event.type enum vs the engine")
        for type in EventType.declarations.map(\.type) {
            XCTAssertTrue(events.contains("| `\(type.rawValue)` |"), "docs/events.md has no row for \(type.rawValue)")
            XCTAssertTrue(reference.contains("`\(type.rawValue)`"), "docs/protocol.md does not name \(type.rawValue)")
        }
    }
}
