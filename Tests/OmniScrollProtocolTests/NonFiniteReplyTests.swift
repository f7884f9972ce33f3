import XCTest
import OmniScrollCore
import OmniScrollJSON
@testable import OmniScrollProtocol

/// A result holding a non-finite number is never sent as `"offset":null`:
/// the writer counts it and the dispatcher answers -32603 naming the member
/// (docs/protocol.md, "Errors"), whichever way the number was written.
final class NonFiniteReplyTests: XCTestCase {
    private func registry() -> MethodRegistry {
        var r = MethodRegistry()
        r.register(Member.self)
        r.register(CursorMember.self)
        return r
    }

    func testANonFiniteMemberIsAnInternalErrorNamingIt() throws {
        for method in ["member", "cursorMember"] {
            for value in ["nan", "inf", "-inf", "finite"] {
                let got = try XCTUnwrap(parsed(reply(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":{"value":"\#(value)"}}"#,
                                                     registry: registry())), "\(method) \(value)")
                if value == "finite" {
                    XCTAssertEqual(got["result"], ["top": 1, "offset": 0.5], method)
                    continue
                }
                XCTAssertNil(got["result"], "\(method) \(value)")
                XCTAssertEqual(got["error"]?["code"], -32603, "\(method) \(value)")
                XCTAssertEqual(got["error"]?["data"]?["member"], "offset", "\(method) \(value)")
            }
        }
    }

    /// One bad reply does not taint the next: the count is per result.
    func testTheNextReplyIsSentAsUsual() {
        let out = runWorkerLines(registry: registry(), [
            #"{"jsonrpc":"2.0","id":1,"method":"member","params":{"value":"nan"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"member","params":{"value":"finite"}}"#,
        ])
        XCTAssertEqual(out.count, 2)
        XCTAssertEqual(parsed(out[0])?["error"]?["code"], -32603)
        XCTAssertEqual(out[1], #"{"jsonrpc":"2.0","id":2,"result":{"top":1,"offset":0.5}}"#)
    }

    private func runWorkerLines(registry: MethodRegistry, _ lines: [String]) -> [String] {
        var connection = makeConnection(registry: registry)
        let output = connection.run(Array((lines.joined(separator: "\n") + "\n").utf8)).output
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// `{"top": 1, "offset": value}` through the writer's own calls.
private struct Member: MethodDeclaration {
    static let name: StaticString = "member"
    struct Params: ParamList {
        let value: Param<String> = .required("value", .string())
    }
    static let params = Params()
    static let result = ResultSchema.inline(.anyObject)
    let value: Double
    init(_ params: borrowing ParamDecoder) throws(RPCError) { value = Self.number(try params.read(Self.params.value)) }
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        result.beginObject()
        result.key("top")
        result.number(1.0)
        result.key("offset")
        result.number(value)
        result.endObject()
    }

    static func number(_ name: String) -> Double {
        switch name {
        case "nan": .nan
        case "inf": .infinity
        case "-inf": -.infinity
        default: 0.5
        }
    }
}

/// The same result through a `Cursor` run, as the Layout encoder writes.
private struct CursorMember: MethodDeclaration {
    static let name: StaticString = "cursorMember"
    static let params = Member.Params()
    static let result = ResultSchema.inline(.anyObject)
    let value: Double
    init(_ params: borrowing ParamDecoder) throws(RPCError) { value = Member.number(try params.read(Self.params.value)) }
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        result.withCursor(reserving: 32 + 2 * JSONWriter.maxNumberBytes, needsComma: true) { c in
            c.fragment(#"{"top":"#)
            c.number(1.0)
            c.fragment(#","offset":"#)
            c.number(value)
            c.fragment("}")
        }
    }
}
