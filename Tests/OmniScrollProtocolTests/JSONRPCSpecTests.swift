import XCTest
import OmniScrollCore
import OmniScrollJSON
@testable import OmniScrollProtocol

/// The examples of https://www.jsonrpc.org/specification §7 that apply, plus the envelope rules.
final class JSONRPCSpecTests: XCTestCase {
    /// A registry with the spec's example methods (subtract takes named params here).
    private func specRegistry() -> MethodRegistry {
        var r = MethodRegistry.worker()
        r.register(Subtract.self)
        r.register(Sum.self)
        r.register(Update.self)
        r.register(NotifyHello.self)
        r.register(GetData.self)
        return r
    }

    private func check(_ request: String, _ expected: String?, file: StaticString = #filePath, line: UInt = #line) {
        let got = reply(request, registry: specRegistry())
        if let expected {
            XCTAssertEqual(got, expected, file: file, line: line)
        } else {
            XCTAssertNil(got, file: file, line: line)
        }
    }

    private func errorCode(_ text: String?) -> Int? { parsed(text)?["error"]?["code"]?.intValue }

    func testNamedParams() {
        check(#"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#,
              #"{"jsonrpc":"2.0","id":3,"result":19}"#)
        check(#"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}"#,
              #"{"jsonrpc":"2.0","id":4,"result":19}"#)
    }

    func testPositionalParamsRejected() {
        check(#"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#,
              #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: params: must be an object (named params); got an array","data":{"param":"params","reason":"must be an object (named params); got an array"}}}"#)
        check(#"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23]}"#, nil)
    }

    func testNotificationsAreNeverAnswered() {
        check(#"{"jsonrpc": "2.0", "method": "update", "params": {"values": [1,2,3,4,5]}}"#, nil)
        check(#"{"jsonrpc": "2.0", "method": "foobar"}"#, nil)
        check(#"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": "x"}}"#, nil)
        check(#"{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1}}"#, nil)
        check(#"{"jsonrpc": "2.0", "method": "$/setTrace", "params": {"value": "off"}}"#, nil)
    }

    func testMethodNotFound() {
        check(#"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#,
              #"{"jsonrpc":"2.0","id":"1","error":{"code":-32601,"message":"Method not found: foobar","data":{"method":"foobar"}}}"#)
        XCTAssertEqual(errorCode(reply(#"{"jsonrpc":"2.0","method":"$/cancelRequest","id":1}"#)), -32601)
    }

    func testInvalidJSON() {
        check(#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
              #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: expected ',' or '}' in an object at byte 39","data":{"reason":"expected ',' or '}' in an object","offset":39}}}"#)
    }

    func testInvalidRequestObject() {
        let r = reply(#"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#)
        XCTAssertEqual(errorCode(r), -32600)
        XCTAssertEqual(parsed(r)?["id"], .null)
    }

    func testBatchInvalidJSON() {
        let r = reply(#"[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method""#)
        XCTAssertEqual(errorCode(r), -32700)
        XCTAssertEqual(parsed(r)?["id"], .null)
    }

    func testEmptyArray() {
        check("[]", #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: empty batch","data":{"reason":"empty batch"}}}"#)
    }

    func testInvalidBatchOfOne() {
        let r = parsed(reply("[1]"))
        XCTAssertEqual(r?.arrayValue?.count, 1)
        XCTAssertEqual(r?[0]?["error"]?["code"], -32600)
        XCTAssertEqual(r?[0]?["id"], .null)
    }

    func testInvalidBatchOfThree() {
        let r = parsed(reply("[1,2,3]"))
        XCTAssertEqual(r?.arrayValue?.count, 3)
        for i in 0..<3 { XCTAssertEqual(r?[i]?["error"]?["code"], -32600) }
    }

    func testMixedBatch() {
        let batch = """
        [
          {"jsonrpc": "2.0", "method": "sum", "params": {"values": [1,2,4]}, "id": "1"},
          {"jsonrpc": "2.0", "method": "notify_hello", "params": {"values": [7]}},
          {"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": "2"},
          {"foo": "boo"},
          {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
          {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
        ]
        """
        let got = reply(batch, registry: specRegistry())
        let r = parsed(got)?.arrayValue
        XCTAssertEqual(r?.count, 5)
        XCTAssertEqual(r?[0], ["jsonrpc": "2.0", "id": "1", "result": 7])
        XCTAssertEqual(r?[1], ["jsonrpc": "2.0", "id": "2", "result": 19])
        XCTAssertEqual(r?[2]["error"]?["code"], -32600)
        XCTAssertEqual(r?[2]["id"], .null)
        XCTAssertEqual(r?[3]["error"]?["code"], -32601)
        XCTAssertEqual(r?[3]["id"], "5")
        XCTAssertEqual(r?[4], ["jsonrpc": "2.0", "id": "9", "result": ["hello", 5]])
    }

    func testAllNotificationBatch() {
        check(#"[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},{"jsonrpc": "2.0", "method": "notify_hello", "params": {"values": [7]}}]"#, nil)
    }

    func testBatchLimitAndNesting() {
        var limits = Limits()
        limits.maxBatch = 2
        let out = runWorker(#"[{"jsonrpc":"2.0","method":"shutdown","id":1},{"jsonrpc":"2.0","method":"shutdown","id":2},{"jsonrpc":"2.0","method":"shutdown","id":3}]"# + "\n", limits: limits).output
        XCTAssertTrue(out.contains("--max-batch"), out)
        XCTAssertEqual(errorCode(out), -32600)
        let nested = parsed(reply("[[]]"))
        XCTAssertEqual(nested?[0]?["error"]?["code"], -32600)
    }

    func testIDsEchoedByteForByte() {
        for id in [#""abc""#, #""a\u0041\/""#, "0", "-7", "9007199254740991", "-9007199254740991", "1e2", "null", #""""#, #""é😀""#] {
            let r = reply(#"{"jsonrpc":"2.0","method":"shutdown","id":"# + id + "}")
            XCTAssertEqual(r, #"{"jsonrpc":"2.0","id":"# + id + #","result":null}"#)
        }
    }

    func testInvalidIDs() {
        for id in ["{}", "[1]", "true", "1.5", "9007199254740992", "1e400"] {
            let r = parsed(reply(#"{"jsonrpc":"2.0","method":"shutdown","id":"# + id + "}"))
            XCTAssertEqual(r?["error"]?["code"], -32600, id)
            XCTAssertEqual(r?["id"], .null, id)
        }
    }

    func testJSONRPCVersionMustBeExact() {
        for v in [#""1.0""#, #""2""#, "2.0", "null", #""2.0 ""#] {
            let r = parsed(reply(#"{"jsonrpc":"# + v + #","method":"shutdown","id":7}"#))
            XCTAssertEqual(r?["error"]?["code"], -32600, v)
            XCTAssertEqual(r?["id"], 7)
        }
        XCTAssertEqual(errorCode(reply(#"{"method":"shutdown","id":7}"#)), -32600)
        // A malformed object without an id is still answered, with id null.
        let r = parsed(reply(#"{"method":"shutdown"}"#))
        XCTAssertEqual(r?["error"]?["code"], -32600)
        XCTAssertEqual(r?["id"], .null)
    }

    func testNonStructuredParamsAndUnknownMembers() {
        XCTAssertEqual(errorCode(reply(#"{"jsonrpc":"2.0","method":"shutdown","params":"x","id":1}"#)), -32600)
        XCTAssertEqual(errorCode(reply(#"{"jsonrpc":"2.0","method":"shutdown","extra":1,"id":1}"#)), -32600)
        XCTAssertEqual(errorCode(reply("42")), -32600)
        XCTAssertEqual(errorCode(reply(#""x""#)), -32600)
    }

    func testDuplicateKeys() {
        let inRequest = parsed(reply(#"{"jsonrpc":"2.0","method":"shutdown","method":"exit","id":1}"#))
        XCTAssertEqual(inRequest?["error"]?["code"], -32600)
        XCTAssertEqual(inRequest?["id"], 1)
        let duplicateID = parsed(reply(#"{"jsonrpc":"2.0","method":"shutdown","id":1,"id":2}"#))
        XCTAssertEqual(duplicateID?["error"]?["code"], -32600)
        XCTAssertEqual(duplicateID?["id"], .null)
        let inParams = parsed(reply(#"{"jsonrpc":"2.0","method":"initialize","params":{"clientInfo":{"name":"a","name":"b"}},"id":1}"#))
        XCTAssertEqual(inParams?["error"]?["code"], -32602)
        XCTAssertEqual(inParams?["error"]?["data"], ["param": "params.clientInfo.name", "reason": "duplicate key"])
        let deep = parsed(reply(#"{"jsonrpc":"2.0","method":"initialize","params":{"capabilities":{"x":[{},{"y":1,"y":2}]}},"id":1}"#))
        XCTAssertEqual(deep?["error"]?["data"]?["param"], "params.capabilities.x[1].y")
    }

    func testHandlerErrorsDiscardPartialResults() {
        var r = MethodRegistry()
        r.register(Half.self)
        r.register(One.self)
        let got = reply(#"[{"jsonrpc":"2.0","method":"ok","id":1},{"jsonrpc":"2.0","method":"half","id":2},{"jsonrpc":"2.0","method":"ok","id":3}]"#, registry: r)
        XCTAssertEqual(got, #"[{"jsonrpc":"2.0","id":1,"result":1},{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"Internal error: boom","data":{"reason":"boom"}}},{"jsonrpc":"2.0","id":3,"result":1}]"#)
    }
}

// The specification's example methods, declared like the worker's.

private struct Subtract: MethodDeclaration {
    static let name: StaticString = "subtract"
    struct Params: ParamList {
        let minuend: Param<Double> = .required("minuend", .number())
        let subtrahend: Param<Double> = .required("subtrahend", .number())
    }
    static let params = Params()
    static let result = ResultSchema.inline(.number())
    let difference: Double
    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        difference = try params.read(Self.params.minuend) - params.read(Self.params.subtrahend)
    }
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) { result.number(difference) }
}

private struct Sum: MethodDeclaration {
    static let name: StaticString = "sum"
    struct Params: ParamList {
        let values: Param<ParamArray> = .required("values", .array(items: .number()))
    }
    static let params = Params()
    static let result = ResultSchema.inline(.number())
    let sum: Double
    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        let values = try params.read(Self.params.values)
        var sum = 0.0
        for (i, value) in values.elements.enumerated() {
            guard let d = value.doubleValue else { throw RPCError.invalidParams(path: values.path(at: i), reason: "must be a number") }
            sum += d
        }
        self.sum = sum
    }
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) { result.number(sum) }
}

/// A method whose params are `values` and whose result is null (`update`, `notify_hello`).
private protocol NullMethod: MethodDeclaration where Params == NullMethodParams {
    init()
}

private struct NullMethodParams: ParamList {
    static let shared = NullMethodParams()
    let values: Param<ParamArray?> = .optional("values", .array(items: .number()))
}

extension NullMethod {
    static var params: NullMethodParams { .shared }
    static var result: ResultSchema { .null }
    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        _ = try params.read(Self.params.values)
        self.init()
    }
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) { result.null() }
}

private struct Update: NullMethod {
    static let name: StaticString = "update"
}

private struct NotifyHello: NullMethod {
    static let name: StaticString = "notify_hello"
}

private struct GetData: MethodDeclaration {
    static let name: StaticString = "get_data"
    static let params = NoParams()
    static let result = ResultSchema.inline(.array(items: .string()))
    init(_ params: borrowing ParamDecoder) throws(RPCError) {}
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) { result.value(["hello", 5]) }
}

/// Writes half a result, then fails: the reply must carry the error alone.
private struct Half: MethodDeclaration {
    static let name: StaticString = "half"
    static let params = NoParams()
    static let result = ResultSchema.null
    init(_ params: borrowing ParamDecoder) throws(RPCError) {}
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        result.beginObject()
        result.key("partial")
        throw RPCError.internalError("boom")
    }
}

private struct One: MethodDeclaration {
    static let name: StaticString = "ok"
    static let params = NoParams()
    static let result = ResultSchema.inline(.integer())
    init(_ params: borrowing ParamDecoder) throws(RPCError) {}
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) { result.number(1) }
}
