import XCTest
@testable import OmniScrollProtocol

/// A request in the usual shape (`{"jsonrpc":"2.0","id":…,"method":…,"params":…}`)
/// is read by the parser's fast path and its members taken from where the
/// tape says (`Dispatcher.handleEntry`); the same members in another order
/// go the general way. Both get the same reply, byte for byte, whether it
/// is a result or an error.
final class RequestEnvelopeReplyTests: XCTestCase {
    private static let create = #"{"jsonrpc":"2.0","id":0,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"scroll","contentHeight":2000}]}}"#

    /// (id, method, params) as JSON texts.
    private static let requests: [(String, String, String)] = [
        ("1", #""session.scroll""#, #"{"session":"s","offset":120.5}"#),
        (#""x\u0041""#, #""session.scroll""#, #"{"session":"s","offset":300}"#),
        ("2", #""session.scroll""#, #"{"session":"s","offset":"far"}"#),
        ("3", #""session.scroll""#, #"{"session":"s","offset":1,"offset":2}"#),
        ("4", #""session.scroll""#, #"[1]"#),
        ("5", #""session.scroll""#, #""s""#),
        ("6", #""session.nothing""#, #"{}"#),
        ("7", #""$/cancelRequest""#, #"{}"#),
        ("8", "12", #"{}"#),
        ("1.5", #""session.get""#, #"{"session":"s"}"#),
        ("[]", #""session.get""#, #"{"session":"s"}"#),
        ("null", #""session.get""#, #"{"session":"s"}"#),
        ("9", #""exit""#, #"{}"#),
        ("10", #""session.get""#, #"{"session":"s"}"#),
    ]

    private func dispatcher() -> Dispatcher {
        var dispatcher = Dispatcher(registry: .worker(), state: WorkerState(logger: Logger(fd: -1)))
        XCTAssertNotNil(dispatcher.handle(Self.create))
        return dispatcher
    }

    func testTheUsualShapeAndAnotherOrderGetTheSameReply() {
        var usual = dispatcher()
        var reordered = dispatcher()
        for (id, method, params) in Self.requests {
            let fast = usual.handle(#"{"jsonrpc":"2.0","id":\#(id),"method":\#(method),"params":\#(params)}"#)
            let general = reordered.handle(#"{"id":\#(id),"method":\#(method),"params":\#(params),"jsonrpc":"2.0"}"#)
            XCTAssertNotNil(fast, "\(id) \(method) \(params)")
            XCTAssertEqual(fast, general, "\(id) \(method) \(params)")
        }
    }

    func testTheUsualShapeWithMoreAfterItIsNotARequest() {
        var usual = dispatcher()
        let reply = usual.handle(#"{"jsonrpc":"2.0","id":1,"method":"session.get","params":{"session":"s"}} {}"#)
        XCTAssertEqual(reply?.contains("-32700"), true, reply ?? "no reply")
        XCTAssertEqual(reply?.contains("trailing characters"), true, reply ?? "no reply")
    }
}
