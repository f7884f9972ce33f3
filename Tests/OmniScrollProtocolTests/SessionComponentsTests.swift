import OmniScrollJSON
import XCTest
@testable import OmniScrollCore
@testable import OmniScrollProtocol
import OmniScrollTestSupport

/// Components registered at `session.create`: each event of the session's
/// replies names the components subscribed to its type, in registration
/// order; sessions without components write their events as before.
final class SessionComponentsTests: XCTestCase {
    private static let children = #"[{"id":"a","kind":"fixed","height":800},{"id":"b","kind":"fixed","height":800},{"id":"c","kind":"fixed","height":800}]"#
    private static let feedComponents = #"[{"name":"player","events":["childDidBecomeActive","childDidResignActive"]},{"name":"preloader","events":["childDidShow"]},{"name":"analytics","events":["childDidShow","childDidHide"]}]"#

    private func create(components: String?) -> String {
        let member = components.map { #","components":\#($0)"# } ?? ""
        return #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"f","viewport":{"width":375,"height":800},"children":\#(Self.children)\#(member)}}"#
    }

    private let scroll = #"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"f","offset":800}}"#

    /// Each event of `reply` as (type, components), `nil` components when the member is absent.
    private func events(_ reply: String) throws -> [(String, [String]?)] {
        let result = try XCTUnwrap(parsed(reply)?["result"], reply)
        return try XCTUnwrap(result["events"]?.arrayValue).map {
            ($0["type"]?.stringValue ?? "", $0["components"]?.arrayValue?.compactMap(\.stringValue))
        }
    }

    func testEachEventNamesItsSubscribersInRegistrationOrder() throws {
        let lines = replies([create(components: Self.feedComponents), scroll])
        let subscribers = ["childDidShow": ["preloader", "analytics"], "childDidHide": ["analytics"],
                           "childDidBecomeActive": ["player"], "childDidResignActive": ["player"]]
        var seen: Set<String> = []
        for line in lines {
            for (type, components) in try events(line) {
                XCTAssertEqual(components, subscribers[type] ?? [], "\(type) in \(line)")
                seen.insert(type)
            }
        }
        XCTAssertTrue(seen.isSuperset(of: subscribers.keys), "the scroll shows, hides, activates and resigns: \(seen)")
    }

    func testTheMemberIsTheEventsLast() throws {
        let create = try XCTUnwrap(replies([create(components: Self.feedComponents)]).first)
        XCTAssertTrue(create.contains(#"{"type":"childDidShow","child":"a","components":["preloader","analytics"]}"#), create)
        XCTAssertTrue(create.contains(#"{"type":"childDidBecomeActive","child":"a","components":["player"]}"#), create)
    }

    func testSessionsWithoutComponentsWriteTheSameBytes() {
        let without = replies([create(components: nil), scroll])
        XCTAssertEqual(replies([create(components: "[]"), scroll]), without, "an empty list registers nothing")
        XCTAssertFalse(without.joined().contains("components"))
    }

    func testComponentsOutliveASnapshot() throws {
        let lines = replies([
            create(components: Self.feedComponents),
            #"{"jsonrpc":"2.0","id":2,"method":"session.snapshot","params":{"session":"f"}}"#,
        ])
        let snapshot = try XCTUnwrap(parsed(lines[1])?["result"])
        XCTAssertEqual(snapshot["components"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["player", "preloader", "analytics"])
        var writer = JSONWriter()
        writer.value(snapshot)
        let text = String(decoding: writer.withUnsafeBytes { Array($0) }, as: UTF8.self)
        let restored = replies([
            #"{"jsonrpc":"2.0","id":3,"method":"session.restore","params":{"id":"g","snapshot":\#(text)}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"session.scroll","params":{"session":"g","offset":800}}"#,
        ])
        let direct = replies([create(components: Self.feedComponents), scroll])
        XCTAssertEqual(try events(restored[1]).map { "\($0.0) \($0.1 ?? [])" }, try events(direct[1]).map { "\($0.0) \($0.1 ?? [])" })
        XCTAssertTrue(try events(restored[1]).contains { $0.0 == "childDidShow" && $0.1 == ["preloader", "analytics"] })
    }

    func testARestoredSnapshotsComponentsAreCheckedAsCreateChecksThem() throws {
        let lines = replies([create(components: Self.feedComponents), #"{"jsonrpc":"2.0","id":2,"method":"session.snapshot","params":{"session":"f"}}"#])
        let doctored = lines[1].replacingOccurrences(of: #""events":["childDidShow"]"#, with: #""events":["childDidVanish"]"#)
        let snapshot = try XCTUnwrap(doctored.range(of: #""result":"#).map { String(doctored[$0.upperBound...].dropLast()) })
        let restored = replies([#"{"jsonrpc":"2.0","id":3,"method":"session.restore","params":{"id":"g","snapshot":\#(snapshot)}}"#])
        XCTAssertEqual(parsed(restored[0])?["error"]?["data"]?["param"]?.stringValue, "params.snapshot.components[1].events[0]", restored[0])
    }

    func testSnapshotsOfSessionsWithoutComponentsHaveNoMember() throws {
        let lines = replies([create(components: nil), #"{"jsonrpc":"2.0","id":2,"method":"session.snapshot","params":{"session":"f"}}"#])
        XCTAssertNil(parsed(lines[1])?["result"]?["components"])
    }

    private func error(_ components: String) throws -> (code: Int?, path: String?, reason: String?) {
        let lines = replies([create(components: components),
                             #"{"jsonrpc":"2.0","id":2,"method":"session.list","params":{}}"#])
        let error = try XCTUnwrap(parsed(lines[0])?["error"], lines[0])
        XCTAssertEqual(parsed(lines[1])?["result"]?["sessions"]?.arrayValue?.count, 0, "a refused create adds no session")
        return (error["code"]?.intValue, error["data"]?["param"]?.stringValue, error["data"]?["reason"]?.stringValue)
    }

    func testAnUnknownEventTypeIsRefusedAtItsIndex() throws {
        let e = try error(#"[{"name":"player","events":["childDidShow"]},{"name":"x","events":["childDidShow","childDidExplode"]}]"#)
        XCTAssertEqual(e.code, -32602)
        XCTAssertEqual(e.path, "params.components[1].events[1]")
        XCTAssertEqual(e.reason?.contains("childDidExplode"), true, e.reason ?? "")
    }

    func testADuplicateNameIsRefused() throws {
        let e = try error(#"[{"name":"player","events":[]},{"name":"player","events":["childDidShow"]}]"#)
        XCTAssertEqual(e.code, -32602)
        XCTAssertEqual(e.path, "params.components[1].name")
    }

    func testAnEventTypeListedTwiceIsRefused() throws {
        let e = try error(#"[{"name":"player","events":["childDidShow","childDidShow"]}]"#)
        XCTAssertEqual(e.path, "params.components[0].events[1]")
    }

    func testNamesAreBounded() throws {
        XCTAssertEqual(try error(#"[{"name":"","events":[]}]"#).path, "params.components[0].name")
        let long = String(repeating: "n", count: SessionComponents.maxNameLength + 1)
        XCTAssertEqual(try error(#"[{"name":"\#(long)","events":[]}]"#).path, "params.components[0].name")
    }

    func testTheCountIsBounded() throws {
        let many = (0...SessionComponents.maxCount).map { #"{"name":"c\#($0)","events":["childDidShow"]}"# }
        let e = try error("[" + many.joined(separator: ",") + "]")
        XCTAssertEqual(e.path, "params.components")
        XCTAssertEqual(replies([create(components: "[" + many.dropLast().joined(separator: ",") + "]")]).first?.contains(#""result""#), true,
                       "\(SessionComponents.maxCount) components fit")
    }

    /// Seeded: random subscriptions over the declared types; every event of
    /// a random walk names exactly the components whose list has its type,
    /// in registration order.
    func testRandomSubscriptionsNameExactlyTheSubscribers() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededGenerator(seed: seed)
        let types = EventType.declarations.map(\.type.rawValue)
        for _ in 0..<20 {
            let count = Int.random(in: 1...6, using: &rng)
            let subscriptions = (0..<count).map { _ in types.filter { _ in Bool.random(using: &rng) } }
            let components = subscriptions.enumerated().map { i, events in
                #"{"name":"c\#(i)","events":[\#(events.map { "\"\($0)\"" }.joined(separator: ","))]}"#
            }
            var requests = [create(components: "[" + components.joined(separator: ",") + "]")]
            for id in 2..<12 {
                requests.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"session.scroll","params":{"session":"f","offset":\#(Int.random(in: -100...1700, using: &rng))}}"#)
            }
            for line in replies(requests) {
                for (type, names) in try events(line) {
                    let expected = subscriptions.enumerated().filter { $0.element.contains(type) }.map { "c\($0.offset)" }
                    XCTAssertEqual(names, expected, "seed \(seed): \(type)")
                }
            }
        }
    }
}
