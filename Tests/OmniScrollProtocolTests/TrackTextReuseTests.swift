import XCTest
import OmniScrollTestSupport
@testable import OmniScrollProtocol

/// A session's tracks keep each member's text with the value it was written
/// for and copy it while the value holds (`ReplyMemberCache`): the text a
/// long-lived session writes after any run of scrolls is the text a session
/// created at that offset writes, with nothing cached yet.
final class TrackTextReuseTests: XCTestCase {
    /// Values held at fractions, exponents, negatives and whole numbers;
    /// names of 1 to 16 bytes (the longest a set of kept text may have).
    private static let tracks = [
        #"{"id":"a","range":{"start":0,"end":300},"from":0.1,"to":0.30000000000000004}"#,
        #"{"id":"sixteenBytesLong","range":{"start":200,"end":900},"from":-1e-7,"to":123456.789,"easing":"ease-out"}"#,
        #"{"id":"fifteenBytesLon","range":{"start":1000,"end":1001},"from":5e-324,"to":-2.2250738585072014e-308}"#,
        #"{"id":"steps","range":{"start":0,"end":4000},"from":0,"to":3,"easing":"steps(3)"}"#,
        #"{"id":"view","range":{"child":"list","name":"cover","start":10,"end":90},"from":-40,"to":40,"easing":"cubic-bezier(0.3, -0.5, 0.7, 1.5)"}"#,
    ].joined(separator: ",")

    private static func create(offset: String, delta: Bool) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"t","viewport":{"width":375,"height":800},"offset":\#(offset),"children":[{"id":"top","kind":"scroll","contentHeight":1500},{"id":"list","kind":"scroll","contentHeight":3500}],"options":{"delta":\#(delta),"tracks":[\#(tracks)]}}}"#
    }

    /// The reply's `"tracks":{…}` text (its values are numbers: no brace inside).
    private func tracksText(_ reply: String, _ context: String) throws -> Substring {
        let start = try XCTUnwrap(reply.range(of: #""tracks":{"#), context)
        let end = try XCTUnwrap(reply[start.upperBound...].firstIndex(of: "}"), context)
        return reply[start.lowerBound...end]
    }

    func testKeptTextIsTheTextWrittenAfresh() throws {
        for seed: UInt64 in 1...4 {
            var random = SeededGenerator(seed: seed)
            for delta in [false, true] {
                var connection = makeConnection()
                func send(_ line: String) -> String {
                    connection.output.reset()
                    _ = Array((line + "\n").utf8).withUnsafeBytes { connection.consume($0, atEOF: false) }
                    return String(decoding: connection.output.bytes, as: UTF8.self)
                }
                _ = send(Self.create(offset: "0", delta: delta))
                var offset = 0.0
                for call in 0..<60 {
                    // Steps that hold values for a while, jumps, and the same offset again.
                    switch random.next() % 4 {
                    case 0: break
                    case 1: offset = Double(random.next() % 4200)
                    default: offset = min(4200, max(0, offset + Double(Int(random.next() % 201) - 100) / 4))
                    }
                    let text = "\(offset)"
                    _ = send(#"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"t","offset":\#(text)}}"#)
                    // A delta session's scroll lists the changed values only; `get` writes all of them.
                    let written = send(#"{"jsonrpc":"2.0","id":3,"method":"session.get","params":{"session":"t"}}"#)
                    let context = "seed \(seed), delta \(delta), call \(call), offset \(text)"
                    let fresh = replies([Self.create(offset: text, delta: delta)])[0]
                    XCTAssertEqual(try tracksText(written, context), try tracksText(fresh, context), context)
                }
            }
        }
    }
}
