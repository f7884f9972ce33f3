import XCTest
import OmniScrollJSON
import OmniScrollOpenRPC
@testable import OmniScrollProtocol

final class LifecycleTests: XCTestCase {
    func testInitialize() {
        let r = parsed(reply(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"t","version":"1"},"capabilities":{"anything":[1]}}}"#))
        XCTAssertEqual(r?["result"]?["serverInfo"], ["name": "omniscroll", "version": .string(OmniScrollVersion.current)])
        XCTAssertEqual(r?["result"]?["protocolVersion"], "1.0")
        XCTAssertEqual(r?["result"]?["capabilities"]?["limits"]?["maxBatch"], 10000)
        XCTAssertEqual(parsed(reply(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#))?["result"], r?["result"])
        let bad = parsed(reply(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":3}}}"#))
        XCTAssertEqual(bad?["error"]?["data"]?["param"], "params.clientInfo.name")
    }

    func testShutdownThenExit() {
        let input = """
        {"jsonrpc":"2.0","id":1,"method":"shutdown"}
        {"jsonrpc":"2.0","id":2,"method":"initialize"}
        {"jsonrpc":"2.0","id":3,"method":"exit"}
        {"jsonrpc":"2.0","method":"exit"}
        {"jsonrpc":"2.0","id":4,"method":"initialize"}

        """
        let (out, code) = runWorker(input)
        let lines = out.split(separator: "\n").map(String.init)
        XCTAssertEqual(code, 0)
        XCTAssertEqual(lines.count, 3, out)
        XCTAssertEqual(lines[0], #"{"jsonrpc":"2.0","id":1,"result":null}"#)
        XCTAssertEqual(parsed(lines[1])?["error"]?["message"], "Invalid Request: server is shutting down")
        XCTAssertEqual(parsed(lines[2])?["error"]?["code"], -32600)  // exit is a notification
    }

    func testExitWithoutShutdownIsOne() {
        let (out, code) = runWorker("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n")
        XCTAssertEqual(code, 1)
        XCTAssertEqual(out, "")
    }

    func testEndOfInputIsZero() {
        XCTAssertEqual(runWorker("").exitCode, 0)
        XCTAssertEqual(runWorker("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}").exitCode, 0)
    }

    func testDiscoverReturnsTheDocument() throws {
        let r = parsed(reply(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#))
        XCTAssertEqual(r?["result"], try JSONParser.parse(String(decoding: OpenRPCDocument.bytes, as: UTF8.self)))
        XCTAssertFalse(reply(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#)!.contains("\n"))
    }

    func testOptions() throws {
        XCTAssertEqual(try WorkerOptions.parse([]), .run(WorkerOptions()))
        XCTAssertEqual(try WorkerOptions.parse(["--help"]), .help)
        XCTAssertEqual(try WorkerOptions.parse(["--version"]), .version)
        XCTAssertEqual(try WorkerOptions.parse(["trace", "--svg", "t.jsonl"]), .trace(["--svg", "t.jsonl"]))
        guard case .run(let o) = try WorkerOptions.parse(["--max-depth", "10", "--max-batch=5", "--log-level", "debug", "--max-total-children", "7"]) else {
            return XCTFail()
        }
        XCTAssertEqual(o.limits.maxDepth, 10)
        XCTAssertEqual(o.limits.maxBatch, 5)
        XCTAssertEqual(o.limits.maxTotalChildren, 7)
        XCTAssertEqual(o.logLevel, .debug)
        for bad in [["--nope"], ["--max-depth"], ["--max-depth", "x"], ["--max-depth", "0"], ["--log-level", "loud"], ["positional"]] {
            XCTAssertThrowsError(try WorkerOptions.parse(bad), "\(bad)")
        }
        for flag in Limits.flags { XCTAssertTrue(WorkerOptions.usage.contains(flag.flag)) }
    }
}
