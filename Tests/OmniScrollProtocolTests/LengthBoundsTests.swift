import OmniScrollJSON
import XCTest
import OmniScrollTestSupport

/// Every length is at most 10¹² points and every offset at most 10²⁴ in
/// magnitude, so no sum a session forms overflows and no reply carries a
/// non-finite number (the writer would print `null`).
final class LengthBoundsTests: XCTestCase {
    private static let create = #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"scroll","contentHeight":2000},{"id":"b","kind":"sticky","height":44}]}}"#

    /// Each request over a bound, and the param its -32602 must name.
    private static let overBounds: [(request: String, param: String)] = [
        (#""method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"scroll","contentHeight":1e308},{"id":"b","kind":"scroll","contentHeight":1e308}]}"#, "params.children[0].contentHeight"),
        (#""method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"fixed","height":1.000001e12}]}"#, "params.children[0].height"),
        (#""method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"sticky","height":1,"pinOffset":2e12}]}"#, "params.children[0].pinOffset"),
        (#""method":"session.create","params":{"viewport":{"width":2e12,"height":800},"children":[]}"#, "params.viewport.width"),
        (#""method":"session.create","params":{"viewport":{"width":375,"height":800},"insets":{"top":1e308},"children":[]}"#, "params.insets.top"),
        (#""method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[],"offset":-1e300}"#, "params.offset"),
        (#""method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[],"options":{"refresh":{"threshold":1e13}}}"#, "params.options.refresh.threshold"),
        (#""method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[],"options":{"refresh":{"threshold":60,"height":1e13}}}"#, "params.options.refresh.height"),
        (#""method":"session.create","params":{"viewport":{"width":375,"height":800},"children":[],"options":{"loadMore":{"distance":1e13}}}"#, "params.options.loadMore.distance"),
        (#""method":"session.setContentHeight","params":{"session":"s","child":"a","contentHeight":1e308}"#, "params.contentHeight"),
        (#""method":"session.update","params":{"session":"s","sizes":{"a":5,"b":1e308}}"#, "params.sizes.b"),
        (#""method":"session.update","params":{"session":"s","insets":{"bottom":1e308}}"#, "params.insets.bottom"),
        (#""method":"session.update","params":{"session":"s","viewport":{"width":375,"height":1e13}}"#, "params.viewport.height"),
        (#""method":"session.update","params":{"session":"s","offset":1e25}"#, "params.offset"),
        (#""method":"session.setViewport","params":{"session":"s","width":1e13,"height":800}"#, "params.width"),
        (#""method":"session.setInsets","params":{"session":"s","top":1e13}"#, "params.top"),
        (#""method":"session.scroll","params":{"session":"s","offset":1.7e308}"#, "params.offset"),
        (#""method":"session.insertChildren","params":{"session":"s","children":[{"id":"c","kind":"scroll","contentHeight":1e300}]}"#, "params.children[0].contentHeight"),
    ]

    func testALengthOrOffsetOverItsBoundIsRejectedByName() throws {
        for (request, param) in Self.overBounds {
            let lines = replies([Self.create, #"{"jsonrpc":"2.0","id":2,"# + request + "}"])
            let error = try XCTUnwrap(parsed(lines.last)?["error"], request)
            XCTAssertEqual(error["code"]?.doubleValue, -32602, request)
            XCTAssertEqual(error["data"]?["param"]?.stringValue, param, request)
        }
    }

    func testTheBoundsThemselvesAreAccepted() throws {
        let lines = replies([
            #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":1e12,"height":1e12},"insets":{"top":1e12,"bottom":1e12},"children":[{"id":"a","kind":"scroll","contentHeight":1e12},{"id":"b","kind":"sticky","height":1e12,"pinOffset":1e12}],"offset":-1e24}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"s","offset":1e24}}"#,
        ])
        for line in lines { XCTAssertNil(parsed(line)?["error"], line) }
    }

    /// Random sessions driven to their limits and past them (lengths near and
    /// over 10¹², offsets near and over ±10²⁴, up to the largest finite
    /// double; insets, refresh and load-more options, every method that
    /// changes a session): what is over a bound is refused with -32602, and
    /// no reply holds `null` or a non-finite number.
    func testNoReplyOfASessionAtItsLimitsCarriesANonFiniteNumber() throws {
        for seed in UInt64(1)...60 {
            var rng = SeededGenerator(seed: seed)
            // The session is created within the bounds; the calls after it go past them too.
            var pastBounds = false
            func length() -> String {
                let within = ["1e12", "999999999999.75", "0", "5e11", "\(Double.random(in: 0...1e12, using: &rng))"]
                return (within + (pastBounds ? ["1e308", "1.7976931348623157e308"] : [])).randomElement(using: &rng)!
            }
            func offset() -> String {
                let within = ["1e24", "-1e24", "0", "1e12", "\(Double.random(in: -1e24...1e24, using: &rng))"]
                return (within + (pastBounds ? ["1.7976931348623157e308", "-1e308"] : [])).randomElement(using: &rng)!
            }
            let count = Int.random(in: 1...12, using: &rng)
            let children = (0..<count).map { i in
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: #"{"id":"c\#(i)","kind":"scroll","contentHeight":\#(length())}"#
                case 1: #"{"id":"c\#(i)","kind":"fixed","height":\#(length())}"#
                default: #"{"id":"c\#(i)","kind":"sticky","height":\#(length()),"pinOffset":\#(length())}"#
                }
            }
            let delta = Bool.random(using: &rng)
            var requests = [#"{"jsonrpc":"2.0","id":0,"method":"session.create","params":{"id":"s","viewport":{"width":\#(length() == "0" ? "1" : "1e12"),"height":1e12},"insets":{"top":\#(length()),"bottom":\#(length())},"children":[\#(children.joined(separator: ","))],"offset":\#(offset()),"options":{"delta":\#(delta),"refresh":{"threshold":1e12,"height":1e12},"loadMore":{"distance":1e12}}}}"#]
            pastBounds = true
            for id in 1...30 {
                let child = "c\(Int.random(in: 0..<count, using: &rng))"
                let params: String
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: params = #""method":"session.scroll","params":{"session":"s","offset":\#(offset()),"phase":"dragging"}"#
                case 1: params = #""method":"session.scroll","params":{"session":"s","offset":\#(offset())}"#
                case 2: params = #""method":"session.setContentHeight","params":{"session":"s","child":"\#(child)","contentHeight":\#(length())}"#
                case 3: params = #""method":"session.update","params":{"session":"s","sizes":{"\#(child)":\#(length())},"insets":{"top":\#(length())}}"#
                case 4: params = #""method":"session.setViewport","params":{"session":"s","width":1e12,"height":\#(length() == "0" ? "1e12" : "1")}"#
                case 5: params = #""method":"session.insertChildren","params":{"session":"s","children":[{"id":"n\#(id)","kind":"scroll","contentHeight":\#(length())}],"index":0}"#
                case 6: params = #""method":"session.scrollToChild","params":{"session":"s","child":"\#(child)","position":"center"}"#
                case 7: params = #""method":"session.endDragging","params":{"session":"s"}"#
                case 8: params = #""method":"session.endRefreshing","params":{"session":"s"}"#
                default: params = #""method":"session.get","params":{"session":"s"}"#
                }
                requests.append(#"{"jsonrpc":"2.0","id":\#(id),"# + params + "}")
            }
            let lines = replies(requests)
            XCTAssertEqual(lines.count, requests.count, "seed \(seed)")
            for line in lines {
                XCTAssertFalse(line.contains("null"), "seed \(seed): \(line)")
                let reply = try XCTUnwrap(parsed(line), "seed \(seed): \(line)")
                if let error = reply["error"] {
                    XCTAssertEqual(error["code"]?.doubleValue, -32602, "seed \(seed): \(line)")
                }
                assertFinite(reply, "seed \(seed)")
            }
        }
    }

    private func assertFinite(_ value: JSONValue, _ message: String) {
        if let number = value.doubleValue { XCTAssertTrue(number.isFinite, message) }
        for element in value.arrayValue ?? [] { assertFinite(element, message) }
        for member in value.objectValue ?? JSONObject() { assertFinite(member.value, message) }
    }
}
