import XCTest
import OmniScrollJSON
import OmniScrollOpenRPC
@testable import OmniScrollProtocol

final class OpenRPCTests: XCTestCase {
    private var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func document() throws -> JSONValue { try JSONParser.parse(String(decoding: OpenRPCDocument.bytes, as: UTF8.self)) }

    func testEmbeddedDocumentIsTheFile() throws {
        let url = repositoryRoot.appendingPathComponent("protocol/openrpc.json")
        XCTAssertEqual(OpenRPCDocument.bytes, Array(try Data(contentsOf: url)))
    }

    func testDocumentShape() throws {
        let doc = try document()
        XCTAssertEqual(doc["openrpc"], "1.3.2")
        XCTAssertEqual(doc["info"]?["version"], .string(OmniScrollVersion.current))
        let errors = doc["components"]?["errors"]?.objectValue
        let codes = Set(errors?.members.compactMap { $0.value["code"]?.intValue } ?? [])
        XCTAssertEqual(codes, [RPCErrorCode.parseError, RPCErrorCode.invalidRequest, RPCErrorCode.methodNotFound,
                               RPCErrorCode.invalidParams, RPCErrorCode.internalError, RPCErrorCode.sessionNotFound,
                               RPCErrorCode.childNotFound, RPCErrorCode.sessionAlreadyExists, RPCErrorCode.limitExceeded,
                               RPCErrorCode.requestCancelled])
        for method in doc["methods"]?.arrayValue ?? [] {
            let name = method["name"]?.stringValue ?? "?"
            XCTAssertEqual(method["paramStructure"], "by-name", name)
            XCTAssertFalse(method["examples"]?.arrayValue?.isEmpty ?? true, "\(name) has no example")
        }
    }

    /// Code and document agree deeply: the same methods, and for each its
    /// params (names, order, `required`, and every type, bound, enum and
    /// nested member of their schemas) and its result, as the declarations
    /// state them.
    func testDeclarationsMatchDocument() throws {
        let doc = try document()
        let schemas = CanonicalSchema(components: doc["components"]?["schemas"]?.objectValue ?? JSONObject())
        let registry = MethodRegistry.worker()
        let methods = doc["methods"]?.arrayValue ?? []
        let documented = Dictionary(uniqueKeysWithValues: methods.map { ($0["name"]?.stringValue ?? "", $0) })
        XCTAssertEqual(Set(documented.keys), Set(registry.names), "methods in openrpc.json vs registry")
        for name in registry.names {
            guard let method = registry[name], let entry = documented[name] else { continue }
            let params = entry["params"]?.arrayValue ?? []
            XCTAssertEqual(params.map { $0["name"]?.stringValue ?? "" }, method.params.map(\.name.description), "params of \(name)")
            for (param, member) in zip(params, method.params) {
                let where_ = "\(name) param \(member.name)"
                XCTAssertEqual(param["required"]?.boolValue ?? false, member.required, "\(where_): required")
                XCTAssertEqual(schemas.canonical(param["schema"] ?? .null).compactText,
                               schemas.canonical(member.schema.jsonSchema).compactText, where_)
            }
            XCTAssertEqual(entry["result"]?["schema"].map { schemas.canonical($0).compactText },
                           method.result.jsonSchema.map { schemas.canonical($0).compactText }, "\(name): result")
        }
    }

    /// Every documented example runs and gives the documented result (for methods whose result is stable).
    /// A `session.*` or `grid.*` example needs the session its transcript built, so it must
    /// be an exchange of a conformance transcript, which the conformance test replays.
    func testExamplesRun() throws {
        var exchanges: [(JSONValue, JSONValue)] = []
        for transcript in try ConformanceTests.transcripts() {
            for exchange in transcript.exchanges {
                guard let expect = exchange.expect, let request = try? JSONParser.parse(exchange.send),
                      let result = try? JSONParser.parse(expect)["result"] else { continue }
                exchanges.append((request, result))
            }
        }
        for method in try document()["methods"]?.arrayValue ?? [] {
            let name = method["name"]!.stringValue!
            guard name != "rpc.discover", name != "exit" else { continue }
            if name.hasPrefix("session.") || name.hasPrefix("grid.") {
                for example in method["examples"]?.arrayValue ?? [] {
                    var params = JSONObject()
                    for p in example["params"]?.arrayValue ?? [] { params.append(p["name"]!.stringValue!, p["value"]!) }
                    let found = exchanges.contains { request, result in
                        request["method"]?.stringValue == name && (request["params"] ?? .object(JSONObject())) == .object(params)
                            && result == example["result"]?["value"]
                    }
                    XCTAssertTrue(found, "\(name): the example is not an exchange of protocol/conformance")
                }
                continue
            }
            for example in method["examples"]?.arrayValue ?? [] {
                var params = JSONObject()
                for p in example["params"]?.arrayValue ?? [] { params.append(p["name"]!.stringValue!, p["value"]!) }
                var w = JSONWriter()
                w.value(["jsonrpc": "2.0", "id": 1, "method": .string(name), "params": .object(params)])
                let r = parsed(reply(String(decoding: w.bytes, as: UTF8.self)))
                XCTAssertEqual(r?["result"], example["result"]?["value"], name)
            }
        }
    }
}
