import XCTest
import OmniScrollJSON
import OmniScrollOpenRPC
@testable import OmniScrollProtocol

/// The Layout schema says its members appear in its order: the worker's
/// replies list theirs in that order (issue 26, finding 8: the schema put
/// `tracks` last, the worker and docs/protocol.md after `events`).
final class LayoutMemberOrderTests: XCTestCase {
    func testRepliesListTheirMembersInTheSchemasOrder() throws {
        let document = try JSONParser.parse(String(decoding: OpenRPCDocument.bytes, as: UTF8.self))
        let order = try XCTUnwrap(document["components"]?["schemas"]?["Layout"]?["properties"]?.objectValue).members.map(\.key)
        let lines = replies([
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","template":"collapsingNav","viewport":{"width":375,"height":800},"options":{"physics":{"preset":"ios"}}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.setContentHeight","params":{"session":"s","child":"list","contentHeight":5000}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"session.scrollToChild","params":{"session":"s","child":"list","animated":true}}"#,
        ])
        let keys = try XCTUnwrap(parsed(lines[2])?["result"]?.objectValue, lines[2]).members.map(\.key)
        XCTAssertTrue(["motion", "tracks", "target"].allSatisfy(keys.contains), "\(keys)")
        XCTAssertEqual(keys, order.filter(keys.contains))
    }
}
