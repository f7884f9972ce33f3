import XCTest
import OmniScrollJSON
import OmniScrollOpenRPC
@testable import OmniScrollProtocol

/// Every empty value the worker rejects is one its schema rejects too
/// (`minItems` / `minLength` 1 in `protocol/openrpc.json`), so a client
/// validating against the contract learns the rule before the call
/// (issue 26, finding 8: `pages: []`, a track `id`, range `child` or `name`
/// of "" and `keyframes: []` were rejected by rules no schema stated).
final class EmptyValueRulesTests: XCTestCase {
    private static let cases: [(params: String, param: String, schema: [String], rule: String)] = [
        (#""children":[{"id":"t","kind":"pager","pages":[]}]"#,
         "params.children[0].pages", ["ChildSpec", "properties", "pages"], "minItems"),
        (#""children":[{"id":"l","kind":"scroll"}],"options":{"tracks":[{"id":"","range":{"start":0,"end":10},"from":0,"to":1}]}"#,
         "params.options.tracks[0].id", ["Options", "properties", "tracks", "items", "properties", "id"], "minLength"),
        (#""children":[{"id":"l","kind":"scroll"}],"options":{"tracks":[{"id":"x","range":{"start":0,"end":10},"keyframes":[]}]}"#,
         "params.options.tracks[0].keyframes", ["Options", "properties", "tracks", "items", "properties", "keyframes"], "minItems"),
        (#""children":[{"id":"l","kind":"scroll"}],"options":{"tracks":[{"id":"x","range":{"child":"","name":"cover"},"from":0,"to":1}]}"#,
         "params.options.tracks[0].range.child", ["Options", "properties", "tracks", "items", "properties", "range", "properties", "child"], "minLength"),
        (#""children":[{"id":"l","kind":"scroll"}],"options":{"tracks":[{"id":"x","range":{"child":"l","name":""},"from":0,"to":1}]}"#,
         "params.options.tracks[0].range.name", ["Options", "properties", "tracks", "items", "properties", "range", "properties", "name"], "minLength"),
    ]

    func testTheWorkerAndTheSchemaRejectTheSameEmptyValues() throws {
        let document = try JSONParser.parse(String(decoding: OpenRPCDocument.bytes, as: UTF8.self))
        for (params, param, path, rule) in Self.cases {
            let line = replies([#"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"# + params + "}}"]).first
            let error = try XCTUnwrap(parsed(line)?["error"], param)
            XCTAssertEqual(error["data"]?["param"]?.stringValue, param)
            var schema = document["components"]?["schemas"]
            for key in path { schema = schema?[key] }
            XCTAssertEqual(schema?[rule]?.doubleValue, 1, "\(path.joined(separator: ".")) states \(rule) 1")
        }
    }
}
