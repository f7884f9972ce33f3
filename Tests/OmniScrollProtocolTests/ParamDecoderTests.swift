import XCTest
import OmniScrollCore
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

    private func decoder(_ json: String, members: [Member]) throws -> ParamDecoder {
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
                            members: [.required("session", .string()), .optional("scale", .number(minimum: 0)),
                                      .required("count", .integer(minimum: 0)), .optional("on", .boolean),
                                      .required("axis", .enumeration(of: Axis.self)), .optional("gone", .nullable(.string())),
                                      .optional("absent", .number())])
        XCTAssertEqual(try p.string("session"), "s1")
        XCTAssertEqual(try p.optionalDouble("scale"), 2.5)
        XCTAssertEqual(try p.int("count"), 3)
        XCTAssertEqual(try p.optionalBool("on"), true)
        XCTAssertEqual(try p.enumeration("axis", as: Axis.self), .horizontal)
        XCTAssertNil(try p.optionalString("gone"))  // null is "none" where the schema is nullable
        XCTAssertNil(try p.optionalDouble("absent"))
    }

    /// `null` is a value: where the schema does not allow it, it is a wrong type.
    func testNullOnlyWhereTheSchemaAllowsIt() throws {
        let p = try decoder(#"{"a":null,"b":null}"#, members: [.optional("a", .number()), .required("b", .string())])
        assertInvalid("params.a", "must be a finite number; got null") { _ = try p.optionalDouble("a") }
        assertInvalid("params.b", "must be a string; got null") { _ = try p.string("b") }
    }

    /// The bounds and lengths a declaration states are the checks the decoder makes.
    func testSchemaBoundsAreChecked() throws {
        let p = try decoder(#"{"w":0,"h":-1,"big":2e12,"id":"","long":"xxxx","n":-1}"#,
                            members: [.required("w", .number(exclusiveMinimum: 0)), .required("h", .number(minimum: 0)),
                                      .required("big", .number(minimum: 0, maximum: 1e12)), .required("id", .string(minLength: 1)),
                                      .required("long", .string(maxLength: 3)), .required("n", .integer(minimum: 0))])
        assertInvalid("params.w", "must be a finite number > 0") { _ = try p.double("w") }
        assertInvalid("params.h", "must be a finite number ≥ 0") { _ = try p.double("h") }
        assertInvalid("params.big", "must be a finite number ≥ 0 and ≤ 1000000000000") { _ = try p.double("big") }
        assertInvalid("params.id", "must not be empty") { _ = try p.string("id") }
        assertInvalid("params.long", "must be at most 3 characters") { _ = try p.string("long") }
        assertInvalid("params.n", "must be an integer from 0 to 2^53") { _ = try p.int("n") }
    }

    /// One wording per param, naming its whole range (issue 26, finding 8:
    /// 2^63−1 and 1e23 were told "must be an integer ≥ 0", and a bounded
    /// count had one message below its range and another above).
    func testAnIntegerOutOfRangeIsToldTheWholeRange() throws {
        let p = try decoder(#"{"big":9223372036854775807,"huge":1e23,"low":-1,"high":17,"any":1e23}"#,
                            members: [.required("big", .integer(minimum: 0)), .required("huge", .integer(minimum: 0)),
                                      .required("low", .integer(minimum: 0, maximum: 16)),
                                      .required("high", .integer(minimum: 0, maximum: 16)), .required("any", .integer())])
        assertInvalid("params.big", "must be an integer from 0 to 2^53") { _ = try p.int("big") }
        assertInvalid("params.huge", "must be an integer from 0 to 2^53") { _ = try p.int("huge") }
        assertInvalid("params.low", "must be an integer from 0 to 16") { _ = try p.int("low") }
        assertInvalid("params.high", "must be an integer from 0 to 16") { _ = try p.int("high") }
        assertInvalid("params.any", "must be an integer within ±2^53") { _ = try p.int("any") }
    }

    func testErrorsNameThePath() throws {
        let child = Member.optional("contentHeight", .number(minimum: 0))
        let p = try decoder(#"{"session":1,"viewport":{"width":-1,"height":1e400},"children":[{"contentHeight":1},{"contentHeight":2},{"contentHeight":"x"}],"axis":"diagonal","n":1.5}"#,
                            members: [.required("session", .string()),
                                      .required("viewport", .object([.required("width", .number(minimum: 0)), .required("height", .number())])),
                                      .required("children", .array(items: .object([child]))),
                                      .required("axis", .enumeration(of: Axis.self)), .required("n", .integer()),
                                      .required("missing", .string())])
        assertInvalid("params.session", "must be a string; got a number") { _ = try p.string("session") }
        assertInvalid("params.missing", "required") { _ = try p.string("missing") }
        let viewport = try p.object("viewport")
        assertInvalid("params.viewport.width", "must be a finite number ≥ 0") { _ = try viewport.double("width") }
        assertInvalid("params.viewport.height", "must be a finite number") { _ = try viewport.double("height") }
        let children = try p.array("children")
        XCTAssertEqual(children.count, 3)
        let third = try children.object(at: 2)
        assertInvalid("params.children[2].contentHeight", "must be a finite number ≥ 0; got a string") {
            _ = try third.optionalDouble("contentHeight")
        }
        assertInvalid("params.axis", "must be one of vertical, horizontal") { _ = try p.enumeration("axis", as: Axis.self) }
        assertInvalid("params.n", "must be an integer within ±2^53") { _ = try p.int("n") }
        assertInvalid("params.viewport", "must be an array; got an object") {
            _ = try self.decoder(#"{"viewport":{}}"#, members: [.required("viewport", .array(items: .number()))]).array("viewport")
        }
    }

    func testUnknownMembersRejected() throws {
        assertInvalid("params.colour", "unknown member; expected one of session, color") {
            _ = try self.decoder(#"{"session":"a","colour":1}"#, members: [.required("session", .string()), .optional("color", .string())])
        }
        assertInvalid("params.x", "unknown member; this object takes no members") {
            _ = try self.decoder(#"{"x":1}"#, members: [])
        }
        let p = try decoder(#"{"list":[{"a":1,"b":2}]}"#, members: [.required("list", .array(items: .object([.required("a", .number())])))])
        assertInvalid("params.list[0].b", "unknown member; expected one of a") {
            _ = try p.array("list").object(at: 0)
        }
    }

    /// `presentMembers` has a bit for each declared member given (`null`
    /// too), in declaration order, over all 16 slots a decoder holds: each
    /// member alone, every member, none, and the members of both halves of a
    /// slot pair.
    func testPresentMembersHasABitPerGivenMember() throws {
        let keys: [ParamKey] = ["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7",
                                "m8", "m9", "m10", "m11", "m12", "m13", "m14", "m15"]
        XCTAssertEqual(keys.count, ParamDecoder.maxMembers)
        let members = keys.map { Member.optional($0, .nullable(.number())) }
        func mask(_ given: [Int]) throws -> UInt32 {
            let json = "{" + given.map { #""m\#($0)":\#($0 == 7 ? "null" : "1")"# }.joined(separator: ",") + "}"
            return try decoder(json, members: members).presentMembers
        }
        for k in 0..<keys.count { XCTAssertEqual(try mask([k]), 1 << k, "member m\(k) alone") }
        XCTAssertEqual(try mask(Array(0..<keys.count)), 0xFFFF)
        XCTAssertEqual(try mask([]), 0)
        XCTAssertEqual(try mask([14, 1, 15, 0, 6]), 0b1100_0000_0100_0011)
        // Fewer members declared than slots: the others are never present.
        XCTAssertEqual(try decoder(#"{"b":1}"#, members: [.optional("a", .number()), .optional("b", .number())]).presentMembers, 0b10)
    }

    /// `enumeration(_:among:)` and `optionalEnumeration(_:among:)` match a
    /// case by its bytes; an escaped spelling of a case is that case, and
    /// any other value is refused as `enumeration(_:)` refuses it.
    func testEnumerationAmongNamesMatchesAsTheSchemaDoes() throws {
        let names = EnumerationCases<Axis>()
        let members: [Member] = [.required("axis", .enumeration(of: Axis.self)), .optional("other", .enumeration(of: Axis.self))]
        let p = try decoder(#"{"axis":"horizontal","other":"vertic\u0061l"}"#, members: members)
        XCTAssertEqual(try p.enumeration("axis", among: names), .horizontal)
        XCTAssertEqual(try p.optionalEnumeration("other", among: names), .vertical)
        XCTAssertNil(try decoder(#"{"axis":"vertical"}"#, members: members).optionalEnumeration("other", among: names))
        let wrong = try decoder(#"{"axis":"diagonal","other":"Vertical"}"#, members: members)
        assertInvalid("params.axis", "must be one of vertical, horizontal") { _ = try wrong.enumeration("axis", among: names) }
        assertInvalid("params.other", "must be one of vertical, horizontal") { _ = try wrong.optionalEnumeration("other", among: names) }
    }

    func testNegativeZeroNormalised() throws {
        let p = try decoder(#"{"h":-0}"#, members: [.required("h", .number(minimum: 0))])
        XCTAssertEqual(try p.double("h").sign, .plus)
    }

    /// A `oneOf` opens its value with the members of the case its
    /// discriminator names (or, absent, of the case where it is optional),
    /// and names the discriminator when no case takes it.
    func testOneOfPicksTheCaseItsDiscriminatorNames() throws {
        let shape = Schema.oneOf(discriminator: "kind", cases: [
            .object([.optional("kind", .enumeration(["box"])), .required("side", .number())]),
            .object([.required("kind", .enumeration(["disc"])), .required("radius", .number())]),
        ])
        let members: [Member] = [.required("shape", shape)]
        XCTAssertEqual(try decoder(#"{"shape":{"kind":"disc","radius":2}}"#, members: members).object("shape").double("radius"), 2)
        XCTAssertEqual(try decoder(#"{"shape":{"side":3}}"#, members: members).object("shape").double("side"), 3)
        assertInvalid("params.shape.kind", "must be one of box, disc") {
            _ = try self.decoder(#"{"shape":{"kind":"cone","side":3}}"#, members: members).object("shape")
        }
        assertInvalid("params.shape.radius", "unknown member; expected one of kind, side") {
            _ = try self.decoder(#"{"shape":{"kind":"box","radius":3}}"#, members: members).object("shape")
        }
    }

    /// An integer `constant` discriminates too, and a case may be a `oneOf`
    /// of its own (a snapshot: by `engine`, then a container's by `format`);
    /// a value no inner case takes is named at the inner discriminator.
    func testOneOfPicksByAnIntegerConstantAndNests() throws {
        let container = Schema.oneOf(discriminator: "format", cases: [
            .object([.required("format", .integer(constant: 2)), .optional("engine", .enumeration(["container"])),
                     .required("state", .number())]),
            .object([.required("format", .integer(constant: 1)), .optional("engine", .enumeration(["container"])),
                     .required("visible", .number())]),
        ])
        let grid = Schema.object([.required("format", .integer(constant: 1)), .required("engine", .enumeration(["grid"])),
                                       .required("tile", .number())])
        let members: [Member] = [.required("s", .oneOf(discriminator: "engine", cases: [container, grid]))]
        XCTAssertEqual(try decoder(#"{"s":{"format":2,"state":5}}"#, members: members).object("s").double("state"), 5)
        XCTAssertEqual(try decoder(#"{"s":{"format":1,"engine":"container","visible":6}}"#, members: members).object("s").double("visible"), 6)
        XCTAssertEqual(try decoder(#"{"s":{"format":1,"engine":"grid","tile":7}}"#, members: members).object("s").double("tile"), 7)
        assertInvalid("params.s.format", "must be one of 2, 1") {
            _ = try self.decoder(#"{"s":{"format":3,"state":5}}"#, members: members).object("s")
        }
        assertInvalid("params.s.format", "must be one of 2, 1") {
            _ = try self.decoder(#"{"s":{"format":"2","state":5}}"#, members: members).object("s")
        }
        assertInvalid("params.s.format", "required") {
            _ = try self.decoder(#"{"s":{"state":5}}"#, members: members).object("s")
        }
        assertInvalid("params.s.visible", "unknown member; expected one of format, engine, state") {
            _ = try self.decoder(#"{"s":{"format":2,"visible":5}}"#, members: members).object("s")
        }
    }
}
