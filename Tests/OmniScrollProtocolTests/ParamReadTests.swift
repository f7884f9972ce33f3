import XCTest
import OmniScrollCore
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A method's declared params and its decoding agree. The members list is
/// derived from the declaration (`ParamList`), so the two can part only by
/// a read: a param declared and never read (accepted and ignored), or a read
/// of a param the method does not declare (a precondition stops the worker
/// at the method's first call, which the transcripts make).
final class ParamReadTests: XCTestCase {
    /// Every param of every method, given a value of the wrong type in a call
    /// a conformance transcript shows succeeding, is -32602 naming that
    /// param: the method's `init` read it. A param no transcript gives fails
    /// too: its read would be unproven.
    func testEveryDeclaredParamIsRead() throws {
        // Per method, per param: the params of a call that succeeded giving it.
        var calls: [String: [String: JSONObject]] = [:]
        for transcript in try ConformanceTests.transcripts() {
            for (send, expect) in transcript.exchanges {
                guard let expect, (try? JSONParser.parse(expect))?["result"] != nil,
                      let request = try? JSONParser.parse(send), request["id"] != nil,
                      let method = request["method"]?.stringValue, let params = request["params"]?.objectValue else { continue }
                for key in params.keys where calls[method]?[key] == nil { calls[method, default: [:]][key] = params }
            }
        }
        let registry = MethodRegistry.worker()
        var checked = 0
        for name in registry.names {
            for member in registry[name]!.params {
                let param = member.name.description
                guard var params = calls[name]?[param] else {
                    XCTFail("no transcript calls \(name) successfully with \(param): that it is read is unproven")
                    continue
                }
                params[param] = Self.wrongType(for: member.schema)
                var w = JSONWriter()
                w.value(["jsonrpc": "2.0", "id": 1, "method": .string(name), "params": .object(params)])
                let answer = parsed(reply(String(decoding: w.bytes, as: UTF8.self), registry: registry))
                XCTAssertEqual(answer?["error"]?["code"], -32602, "\(name) \(param): \(answer?.compactText ?? "no reply")")
                XCTAssertEqual(answer?["error"]?["data"]?["param"]?.stringValue, "params.\(param)", "\(name) \(param)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// A value `schema` rejects by its JSON type alone.
    private static func wrongType(for schema: Schema) -> JSONValue {
        switch schema {
        case .string, .enumeration: 1
        case .nullable(let inner): wrongType(for: inner)
        default: "x"
        }
    }
}
