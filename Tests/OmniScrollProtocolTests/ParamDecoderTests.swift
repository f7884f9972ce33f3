import XCTest
import OmniScrollJSON
@testable import OmniScrollProtocol

final class ParamDecoderTests: XCTestCase {
    enum Axis: String, CaseIterable { case vertical, horizontal }

    /// The messages and parsers behind the decoders of a test: a decoder
    /// reads its message in place, so both live as long as the test.
    private var messages: [UnsafeMutableRawBufferPointer] = []
    private var parsers: [JSONParser] = []

    override func tearDown() {
        messages.forEach { $0.deallocate() }
        messages = []
        parsers = []
    }

    private func decoder(_ json: String, members: [ParamKey]) throws -> ParamDecoder {
        let message = UnsafeMutableRawBufferPointer.allocate(byteCount: json.utf8.count, alignment: 1)
        message.copyBytes(from: json.utf8)
        messages.append(message)
        var parser = JSONParser()
        parsers.append(parser)
        return try ParamDecoder(parser.parseElement(UnsafeRawBufferPointer(message)), members: members)
    }

    private func assertInvalid(_ path: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line,
                               _ body: () throws -> Void) {
        do {
            try body()
            XCTFail("no error", file: file, line: line)
        } catch let error as RPCError {
            XCTAssertEqual(error.code, -32602, file: file, line: line)
            XCTAssertEqual(error.data, ["param": .string(path), "reason": .string(reason)], file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }

    func testTypedAccess() throws {
        let p = try decoder(#"{"session":"s1","scale":2.5,"count":3,"on":true,"axis":"horizontal","gone":null}"#,
                            members: ["session", "scale", "count", "on", "axis", "gone", "absent"])
        XCTAssertEqual(try p.requiredString("session"), "s1")
        XCTAssertEqual(try p.optionalDouble("scale"), 2.5)
        XCTAssertEqual(try p.requiredInt("count", in: 0...10), 3)
        XCTAssertEqual(try p.optionalBool("on"), true)
        XCTAssertEqual(try p.requiredEnum("axis", as: Axis.self), .horizontal)
        XCTAssertNil(try p.optionalString("gone"))  // null means absent
        XCTAssertNil(try p.optionalDouble("absent"))
        XCTAssertEqual(try p.requiredFiniteNonNegative("scale"), 2.5)
    }

    func testErrorsNameThePath() throws {
        let p = try decoder(#"{"session":1,"viewport":{"width":-1,"height":1e400},"children":[{"contentHeight":1},{"contentHeight":2},{"contentHeight":"x"}],"axis":"diagonal","n":1.5}"#,
                            members: ["session", "viewport", "children", "axis", "n", "missing"])
        assertInvalid("params.session", "must be a string; got a number") { _ = try p.requiredString("session") }
        assertInvalid("params.missing", "required") { _ = try p.requiredString("missing") }
        let viewport = try p.requiredObject("viewport", members: ["width", "height"])
        assertInvalid("params.viewport.width", "must be a finite number ≥ 0") { _ = try viewport.requiredFiniteNonNegative("width") }
        assertInvalid("params.viewport.height", "must be a finite number") { _ = try viewport.requiredDouble("height") }
        let children = try p.requiredArray("children")
        XCTAssertEqual(children.count, 3)
        let child = try children.object(at: 2, members: ["contentHeight"])
        assertInvalid("params.children[2].contentHeight", "must be a finite number ≥ 0; got a string") {
            _ = try child.requiredFiniteNonNegative("contentHeight")
        }
        assertInvalid("params.axis", "must be one of vertical, horizontal") { _ = try p.requiredEnum("axis", as: Axis.self) }
        assertInvalid("params.n", "must be an integer") { _ = try p.requiredInt("n") }
        assertInvalid("params.children", "has 3 elements; at most 2 allowed (--max-children)") {
            try children.requireCount(atMost: 2, limitName: "--max-children")
        }
        assertInvalid("params.session", "must be an object; got a number") { _ = try p.requiredObject("session", members: []) }
    }

    func testUnknownMembersRejected() throws {
        assertInvalid("params.colour", "unknown member; expected one of session, color") {
            _ = try self.decoder(#"{"session":"a","colour":1}"#, members: ["session", "color"])
        }
        assertInvalid("params.x", "unknown member; this object takes no members") {
            _ = try self.decoder(#"{"x":1}"#, members: [])
        }
        let p = try decoder(#"{"list":[{"a":1,"b":2}]}"#, members: ["list"])
        assertInvalid("params.list[0].b", "unknown member; expected one of a") {
            _ = try p.requiredArray("list").object(at: 0, members: ["a"])
        }
    }

    func testNegativeZeroNormalised() throws {
        let p = try decoder(#"{"h":-0}"#, members: ["h"])
        XCTAssertEqual(try p.requiredFiniteNonNegative("h").sign, .plus)
    }
}
