import Foundation
import XCTest
import OmniScrollJSON
import OmniScrollOpenRPC
@testable import OmniScrollProtocol

/// What the worker answers agrees with `protocol/openrpc.json`, checked as a
/// client author would, from the document alone: every reply fits its
/// method's result schema, and every request the document says is wrong gets
/// -32602 naming the param at fault (and changes nothing).
final class ContractTests: XCTestCase {
    private let document = try! JSONParser.parse(String(decoding: OpenRPCDocument.bytes, as: UTF8.self))
    private lazy var checker = SchemaChecker(document: document)
    private lazy var methods: [String: JSONValue] = Dictionary(uniqueKeysWithValues:
        (document["methods"]?.arrayValue ?? []).map { ($0["name"]?.stringValue ?? "", $0) })

    /// The schema violations of one reply (a result, or an error's data) to a call of `method`.
    private func violations(ofReply text: String, to method: String) -> [String] {
        guard let reply = try? JSONParser.parse(text) else { return ["not JSON: \(text)"] }
        if let result = reply["result"] {
            guard let schema = methods[method]?["result"]?["schema"], schema["$ref"]?.stringValue?.hasPrefix("#") ?? true else {
                return []  // rpc.discover: the OpenRPC meta-schema, outside the document
            }
            return checker.violations(of: result, against: schema)
        }
        guard let error = reply["error"] else { return ["neither result nor error: \(text)"] }
        var found = checker.violations(of: error, against: [
            "type": "object", "required": ["code", "message"], "additionalProperties": false,
            "properties": ["code": ["type": "integer"], "message": ["type": "string"], "data": ["type": "object"]],
        ], at: "error")
        if error["code"] == -32602, let data = error["data"] {
            found += checker.violations(of: data, against: ["$ref": "#/components/schemas/InvalidParamsData"], at: "error.data")
        }
        if error["code"] == -32603 { found.append("internal error: \(text)") }
        return found
    }

    private func send(_ line: String, to connection: inout Connection) -> String {
        connection.output.reset()
        let input = Array((line + "\n").utf8)
        _ = input.withUnsafeBytes { connection.consume($0, atEOF: false) }
        var output = String(decoding: connection.output.bytes, as: UTF8.self)
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    func testEveryTranscriptReplyFitsItsSchema() throws {
        var checked = 0
        for transcript in try ConformanceTests.transcripts() {
            for exchange in transcript.exchanges {
                guard let expect = exchange.expect, let request = try? JSONParser.parse(exchange.send),
                      let method = request["method"]?.stringValue, request.objectValue != nil else { continue }
                XCTAssertEqual(violations(ofReply: expect, to: method), [], "\(transcript.name): \(exchange.send)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// Random sessions driven through every session method: every reply fits
    /// its schema. Seeded; the seed is in every failure message.
    func testRandomSessionWalkRepliesFitTheirSchemas() {
        var results: [String: Int] = [:]
        for seed in UInt64(1)...40 {
            var walk = SessionWalk(seed: seed)
            var connection = makeConnection()
            for step in 0..<80 {
                let (method, params) = walk.nextCall()
                var w = JSONWriter()
                w.value(["jsonrpc": "2.0", "id": .number(Double(step)), "method": .string(method), "params": .object(params)])
                let line = String(decoding: w.bytes, as: UTF8.self)
                let reply = send(line, to: &connection)
                XCTAssertEqual(violations(ofReply: reply, to: method), [], "seed \(seed) step \(step): \(line)")
                let parsed = try? JSONParser.parse(reply)
                if parsed?["result"] != nil { results[method, default: 0] += 1 }
                walk.observe(method: method, params: params, reply: parsed)
            }
        }
        // The walk reaches every session method with calls that succeed.
        let sessionMethods = Set(methods.keys.filter { $0.hasPrefix("session.") })
        XCTAssertEqual(sessionMethods.subtracting(results.keys), [], "methods the walk never called successfully")
    }

    /// Each successful request of every transcript, mutated the ways the
    /// document forbids (a required param dropped, a wrong type, `null`,
    /// `1e400`, an unknown member), gets -32602 naming that param; the
    /// original request then still gets its recorded reply (the rejected
    /// ones changed nothing).
    func testMutatedRequestsNameTheParamAtFault() throws {
        var mutations = 0
        for transcript in try ConformanceTests.transcripts() {
            guard case .run(let options) = try WorkerOptions.parse(transcript.args) else { return XCTFail(transcript.name) }
            var connection = makeConnection(limits: options.limits)
            for exchange in transcript.exchanges {
                guard let expect = exchange.expect, (try? JSONParser.parse(expect))?["result"] != nil,
                      let request = try? JSONParser.parse(exchange.send), request["id"] != nil,
                      let method = request["method"]?.stringValue, let entry = methods[method] else {
                    _ = send(exchange.send, to: &connection)
                    continue
                }
                let given = request["params"]?.objectValue ?? JSONObject()
                for (mutated, path) in Self.mutations(of: given, declared: entry["params"]?.arrayValue ?? [], checker: checker) {
                    var w = JSONWriter()
                    w.value(["jsonrpc": "2.0", "id": request["id"]!, "method": .string(method), "params": .object(mutated)])
                    let line = String(decoding: w.bytes, as: UTF8.self).replacingOccurrences(of: "\"\(Self.overflow)\"", with: "1e400")
                    let reply = try JSONParser.parse(send(line, to: &connection))
                    XCTAssertEqual(reply["error"]?["code"], -32602, "\(transcript.name): \(line) → \(reply.compactText)")
                    XCTAssertEqual(reply["error"]?["data"]?["param"]?.stringValue, path, "\(transcript.name): \(line)")
                    mutations += 1
                }
                XCTAssertEqual(send(exchange.send, to: &connection), expect, "\(transcript.name): after mutations of \(exchange.send)")
            }
        }
        XCTAssertGreaterThan(mutations, 300)
    }

    /// Stands for `1e400` (which no `JSONValue` holds) until the request is written.
    private static let overflow = "__overflow__"

    /// The forbidden variants of `given`, each with the param path its error must name.
    private static func mutations(of given: JSONObject, declared: [JSONValue], checker: SchemaChecker) -> [(JSONObject, String)] {
        var result: [(JSONObject, String)] = []
        func with(_ name: String, _ value: JSONValue?) -> JSONObject {
            var o = JSONObject(given.members.filter { $0.key != name })
            if let value { o.append(name, value) }
            return o
        }
        for param in declared {
            guard let name = param["name"]?.stringValue, given.contains(key: name) else { continue }
            let types = checker.types(of: param["schema"] ?? .null)
            let path = "params.\(name)"
            if param["required"]?.boolValue == true { result.append((with(name, nil), path)) }
            result.append((with(name, types.contains("string") ? 1 : "x"), path))
            if !types.contains("null") { result.append((with(name, .null), path)) }
            if types.contains("number") || types.contains("integer") { result.append((with(name, .string(overflow)), path)) }
            if let object = given[name]?.objectValue, let discriminator = checker.discriminator(of: param["schema"] ?? .null) {
                var unknown = JSONObject(object.members.filter { $0.key != discriminator })
                unknown.append(discriminator, "bogus")
                result.append((with(name, .object(unknown)), "\(path).\(discriminator)"))
            }
        }
        result.append((with("bogus", 1), "params.bogus"))
        return result
    }
}

extension SchemaChecker {
    /// The JSON types a schema allows (after `$ref`).
    func types(of schema: JSONValue) -> [String] {
        let schema = resolved(schema)
        if let variants = schema["oneOf"]?.arrayValue { return Array(Set(variants.flatMap(types(of:)))).sorted() }
        guard let type = schema["type"] else { return [] }
        return type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
    }

    /// The member a `oneOf` of objects is chosen by: the one every variant
    /// declares as a string enumeration; nil for any other schema.
    func discriminator(of schema: JSONValue) -> String? {
        guard let variants = resolved(schema)["oneOf"]?.arrayValue?.map(resolved), let first = variants.first else { return nil }
        return first["properties"]?.objectValue?.members.map(\.key).first { name in
            variants.allSatisfy { $0["properties"]?[name]?["enum"] != nil }
        }
    }

    /// `schema` with its local `$ref`s followed.
    private func resolved(_ schema: JSONValue) -> JSONValue {
        var schema = schema
        while let ref = schema["$ref"]?.stringValue, let target = components[String(ref.split(separator: "/").last ?? "")] { schema = target }
        return schema
    }
}
