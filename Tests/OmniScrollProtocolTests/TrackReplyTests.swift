import OmniScrollJSON
import XCTest

/// The `tracks` member as the tracks behavior writes it: every value in
/// declaration order, the changed ones in a delta session's replies to a
/// change, and ids that need escaping still valid JSON names.
final class TrackReplyTests: XCTestCase {
    private static func create(ids: [String], delta: Bool) -> String {
        let tracks = ids.enumerated().map { k, id in
            #"{"id":\#(String(decoding: JSONWriter.encodedString(id), as: UTF8.self)),"range":{"start":\#(k * 100),"end":\#(k * 100 + 100)},"from":0,"to":100}"#
        }.joined(separator: ",")
        return #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"t","viewport":{"width":375,"height":800},"children":[{"id":"list","kind":"scroll","contentHeight":5000}],"options":{"delta":\#(delta),"tracks":[\#(tracks)]}}}"#
    }

    private static func scroll(_ offset: Double, id: Int) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"session.scroll","params":{"session":"t","offset":\#(offset)}}"#
    }

    private static let get = #"{"jsonrpc":"2.0","id":9,"method":"session.get","params":{"session":"t"}}"#

    /// The `tracks` member of each reply, as (name, value) pairs in the order written.
    private func tracks(_ requests: [String]) throws -> [[(String, Double)]] {
        try replies(requests).map { text in
            let tracks = try XCTUnwrap(parsed(text)?["result"]?["tracks"]?.objectValue, text)
            return tracks.map { ($0.key, $0.value.doubleValue ?? .nan) }
        }
    }

    func testIdsThatNeedEscapingAreWrittenAsTheirNames() throws {
        let ids = [#"say "hi""#, "back\\slash", "é", "tab\there", "plain"]
        let all = try tracks([Self.create(ids: ids, delta: false), Self.scroll(150, id: 2)])
        XCTAssertEqual(all[1].map(\.0), ids)
        XCTAssertEqual(all[1].map(\.1), [100, 50, 0, 0, 0])
    }

    /// Short plain names are copied as whole words, reading past their end:
    /// names of every length up to that word size and past it, in both
    /// orders, come back exactly, with nothing of a neighbour in them.
    func testPlainNamesOfEveryLengthAreWrittenExactly() throws {
        let ids = (1...20).map { String(repeating: Character(UnicodeScalar(UInt8(96 + $0))), count: $0) }
        for order in [ids, ids.reversed()] {
            for delta in [false, true] {
                let all = try tracks([Self.create(ids: order, delta: delta), Self.scroll(150, id: 2)])
                XCTAssertEqual(all[0].map(\.0), order)
                XCTAssertEqual(all[1].map(\.0), delta ? Array(order[..<2]) : order)
                XCTAssertEqual(all[1].prefix(2).map(\.1), [100, 50])
            }
        }
    }

    func testADeltaSessionCarriesTheChangedValuesAndGetCarriesAll() throws {
        let ids = ["a", "b", "c"]
        let all = try tracks([Self.create(ids: ids, delta: true), Self.scroll(50, id: 2), Self.scroll(60, id: 3),
                              Self.scroll(150, id: 4), Self.get])
        XCTAssertEqual(all[0].map(\.0), ids, "the create lists every value")
        XCTAssertEqual(all[1].map(\.0), ["a"])
        XCTAssertEqual(all[2].map(\.0), ["a"])
        XCTAssertEqual(all[3].map(\.0), ["a", "b"])
        XCTAssertEqual(all[3].map(\.1), [100, 50])
        XCTAssertEqual(all[4].map(\.0), ids, "session.get lists every value")
        XCTAssertEqual(all[4].map(\.1), [100, 50, 0])
    }
}
