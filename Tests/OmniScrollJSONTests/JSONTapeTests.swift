import XCTest
@testable import OmniScrollJSON

/// The tape the parser writes: typed reads in place, byte ranges, lookups and
/// the tree built from it.
final class JSONTapeTests: XCTestCase {
    private func withRoot(_ text: String, _ body: (JSONElement, JSONTape) throws -> Void) throws {
        var parser = JSONParser()
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBytes { buffer in
            let root = try parser.parseElement(buffer)
            try body(root, parser.tape)
        }
    }

    func testScalarsReadInPlace() throws {
        try withRoot(#"[null,true,false,-0,2.5,1e400,"a\u0041\n","é"]"#) { root, _ in
            let e = Array(root.elements)
            XCTAssertEqual(root.kind, .array)
            XCTAssertEqual(root.count, 8)
            XCTAssertTrue(e[0].isNull)
            XCTAssertEqual(e[1].boolValue, true)
            XCTAssertEqual(e[2].boolValue, false)
            XCTAssertEqual(e[3].doubleValue?.sign, .minus)
            XCTAssertEqual(e[4].doubleValue, 2.5)
            XCTAssertNil(e[4].intValue)
            XCTAssertEqual(e[5].doubleValue, .infinity)
            XCTAssertEqual(e[6].stringValue, "aA\n")
            XCTAssertTrue(e[6].isString("aA\n"))
            XCTAssertFalse(e[6].isString(#"a\u0041\n"#))
            XCTAssertEqual(e[7].stringValue, "é")
            XCTAssertNil(e[7].doubleValue)
            XCTAssertEqual(e[1].typeDescription, "a boolean")
        }
    }

    func testByteRangesAreTheBytesReceived() throws {
        let text = #" {"x":{"id":9},"id" : "a\u0041" ,"n":1e2} "#
        try withRoot(text) { root, _ in
            let bytes = Array(text.utf8)
            func raw(_ e: JSONElement?) -> String? { e.map { String(decoding: bytes[$0.byteRange], as: UTF8.self) } }
            XCTAssertEqual(raw(root["id"]), #""a\u0041""#)
            XCTAssertEqual(raw(root["n"]), "1e2")
            XCTAssertEqual(raw(root["x"]), #"{"id":9}"#)
            XCTAssertEqual(raw(root), #"{"x":{"id":9},"id" : "a\u0041" ,"n":1e2}"#)
            XCTAssertEqual(String(decoding: root["n"]!.rawBytes, as: UTF8.self), "1e2")
        }
    }

    func testLookupsSkipWholeSubtrees() throws {
        try withRoot(#"{"a":{"b":[1,{"c":2}],"c":3},"c":[[]],"d":"e"}"#) { root, _ in
            XCTAssertEqual(root.count, 3)
            XCTAssertEqual(root.members.map { $0.key.stringValue }, ["a", "c", "d"])
            XCTAssertEqual(root["a"]?["c"]?.doubleValue, 3)
            XCTAssertEqual(root["c"]?.count, 1)
            XCTAssertEqual(root["d"]?.stringValue, "e")
            XCTAssertNil(root["b"])
            XCTAssertNil(root["d"]?["x"])
            XCTAssertEqual(Array(root.elements).count, 0)  // an object has no elements
        }
    }

    func testEmptyKeysAreKeysLikeAnyOther() throws {
        try withRoot(#"{"":1,"a":2,"":3}"#) { root, tape in
            XCTAssertEqual(root[""]?.doubleValue, 1)
            XCTAssertEqual(root[String()]?.doubleValue, 1)
            XCTAssertTrue(tape.hasDuplicateKeys)
            XCTAssertEqual(root.duplicateKey, "")
        }
    }

    func testEscapedKeysMatchTheirContent() throws {
        try withRoot(#"{"\u0069d":1,"i\"d":2}"#) { root, _ in
            XCTAssertEqual(root["id"]?.doubleValue, 1)
            XCTAssertEqual(root["i\"d"]?.doubleValue, 2)
            XCTAssertNil(root.duplicateKey)
        }
    }

    func testDuplicateKeysFoundWithAndWithoutEscapes() throws {
        try withRoot(#"{"id":1,"\u0069d":2}"#) { root, tape in
            XCTAssertTrue(tape.hasDuplicateKeys)
            XCTAssertEqual(root.duplicateKey, "id")
        }
        let many = "{" + (0..<40).map { "\"k\($0)\":0" }.joined(separator: ",") + ",\"k7\":1}"
        try withRoot(many) { root, tape in
            XCTAssertTrue(tape.hasDuplicateKeys)
            XCTAssertEqual(root.duplicateKey, "k7")
        }
        try withRoot(#"{"a":{"a":1},"b":[{"b":2}]}"#) { root, tape in
            XCTAssertFalse(tape.hasDuplicateKeys)
            XCTAssertNil(root.duplicateKey)
        }
    }

    func testTreeEqualsTheTape() throws {
        let text = #"{"s":"x\ty","n":[1,-2.5,{"z":null}],"t":true,"o":{}}"#
        try withRoot(text) { root, _ in
            XCTAssertEqual(root.value, ["s": "x\ty", "n": [1, -2.5, ["z": nil]], "t": true, "o": [:]])
        }
    }

    func testReparsingReusesTheTapeAndGivesBackAHugeOne() throws {
        var parser = JSONParser()
        let huge = Array(("[" + Array(repeating: "0", count: 50_000).joined(separator: ",") + "]").utf8)
        try huge.withUnsafeBytes { XCTAssertEqual(try parser.parseElement($0).count, 50_000) }
        XCTAssertGreaterThan(parser.tape.capacity, JSONTape.retainedCapacity)
        let small = Array(#"{"a":"b"}"#.utf8)
        try small.withUnsafeBytes { XCTAssertEqual(try parser.parseElement($0)["a"]?.stringValue, "b") }
        XCTAssertEqual(parser.tape.capacity, JSONTape.retainedCapacity)
    }
    func testByteComparisonFindsADifferenceAtEveryPosition() {
        for length in 0...20 {
            let a = (0..<length).map { UInt8(0x61 + $0) }
            a.withUnsafeBufferPointer { x in
                XCTAssertTrue(JSONTape.equal(x.baseAddress, x.baseAddress!, length, length), "length \(length)")
                XCTAssertFalse(JSONTape.equal(x.baseAddress, x.baseAddress!, length + 1, length), "length \(length) vs \(length + 1)")
            }
            for position in 0..<length {
                var b = a
                b[position] ^= 0x20
                a.withUnsafeBufferPointer { x in
                    b.withUnsafeBufferPointer { y in
                        XCTAssertFalse(JSONTape.equal(x.baseAddress, y.baseAddress!, length, length),
                                       "length \(length), difference at \(position)")
                    }
                }
            }
        }
    }
}
