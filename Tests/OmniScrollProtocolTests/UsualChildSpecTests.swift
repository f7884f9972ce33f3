import XCTest
import OmniScrollCore
import OmniScrollJSON
import OmniScrollTestSupport
@testable import OmniScrollProtocol

/// The child spec fast path (`UsualChildSpec`): whatever the object, it
/// answers what the general decoder (`SessionParams.child`) answers, or
/// nothing and leaves the object (and any error) to it; and it answers for
/// the shapes a create's children usually have.
final class UsualChildSpecTests: XCTestCase {
    /// The fast path's answer and the general decoder's for `json` (its error's data as text).
    private func outcomes(_ json: String) throws -> (fast: ChildSpec?, general: Result<ChildSpec, RPCError>) {
        var parser = JSONParser()
        let bytes = Array(json.utf8)
        return try bytes.withUnsafeBytes { buffer in
            let element = try parser.parseElement(buffer)
            let fast = UsualChildSpec.read(element)
            let general: Result<ChildSpec, RPCError>
            do throws(RPCError) {
                guard element.kind == .object else { throw RPCError.invalidParams(path: "params", reason: "not an object") }
                general = .success(try SessionParams.child(ParamDecoder(element, path: "params.children", index: 0,
                                                                        members: SessionParams.childSpec.members)))
            } catch {
                general = .failure(error)
            }
            return (fast, general)
        }
    }

    func testTheUsualShapesTakeTheFastPath() throws {
        let usual: [(String, ChildSpec)] = [
            (#"{"id":"p0","kind":"page"}"#, .page("p0")),
            (#"{"id":"web","kind":"scroll","contentHeight":2000}"#, ChildSpec(id: "web", size: 2000, payload: .scroll)),
            (#"{"id":"list","kind":"scroll","contentHeight":null}"#, ChildSpec(id: "list", size: nil, payload: .scroll)),
            (#"{"id":"a-long-child-id-of-many-bytes","kind":"fixed","height":44.5}"#,
             ChildSpec(id: "a-long-child-id-of-many-bytes", size: 44.5, payload: .fixed)),
        ]
        for (json, spec) in usual {
            let (fast, general) = try outcomes(json)
            XCTAssertEqual(fast, spec, json)
            XCTAssertEqual(try general.get(), spec, json)
        }
    }

    func testOtherShapesAreLeftToTheGeneralDecoder() throws {
        for json in [#"{"kind":"page","id":"p0"}"#, #"{"id":"p0","kind":"pager","pages":[]}"#,
                     #"{"id":"\u0070","kind":"page"}"#, #"{"id":"é","kind":"page"}"#, #"{"id":"","kind":"page"}"#,
                     #"{"id":"h","kind":"collapsing","maxHeight":200,"minHeight":50}"#, #"{"id":"t","kind":"sticky"}"#,
                     #"{"id":"s","kind":"scroll","contentHeight":-0.5}"#, #"{"id":"s","kind":"scroll","height":1}"#,
                     #"{"id":"p0","kind":"page","x":1}"#, #"{"id":"p0","kind":"Page"}"#, #"["p0"]"#] {
            XCTAssertNil(try outcomes(json).fast, json)
        }
    }

    /// A pager without `pages` is -32602 at its `pages`, on either path: the
    /// fast path leaves every pager to the general decoder, which refuses it.
    func testAPagerWithoutPagesIsRefused() throws {
        for json in [#"{"id":"p","kind":"pager"}"#, #"{"kind":"pager","id":"p"}"#] {
            let (fast, general) = try outcomes(json)
            XCTAssertNil(fast, json)
            guard case .failure(let error) = general else { return XCTFail("\(json): read as \(general)") }
            XCTAssertEqual(error.code, RPCErrorCode.invalidParams, json)
            XCTAssertEqual(error.data?["param"], .string("params.children[0].pages"), json)
            XCTAssertEqual(error.data?["reason"], .string("required for a pager child"), json)
        }
    }

    /// Random objects near the usual shapes: keys reordered, repeated, escaped
    /// or unknown, ids of every length and of non-ASCII characters, every kind
    /// and size member, sizes out of bounds or of other types.
    func testTheFastPathAnswersAsTheGeneralDecoder() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        let ids = ["\"p0\"", "\"\"", "\"é\"", "\"a\\\"b\"", "\"\\u0041\"", "7", "null",
                   "\"" + String(repeating: "x", count: 256) + "\"", "\"" + String(repeating: "x", count: 257) + "\"",
                   "\"" + String(repeating: "y", count: 15) + "\"", "\"" + String(repeating: "y", count: 16) + "\""]
        let kinds = ChildKind.allCases.map { "\"\($0.rawValue)\"" } + ["\"Page\"", "\"pag\\u0065\"", "1"]
        let sizeKeys = ["contentHeight", "height", "maxHeight", "width", "c\\u006FntentHeight"]
        let sizes = ["0", "-0", "2000", "12.25", "-1", "1e12", "1.5e12", "null", "\"10\"", "true"]
        var fastAnswers = 0
        for _ in 0..<3000 {
            var members = ["\"id\":" + ids.randomElement(using: &random)!, "\"kind\":" + kinds.randomElement(using: &random)!]
            if Bool.random(using: &random) {
                members.append("\"\(sizeKeys.randomElement(using: &random)!)\":\(sizes.randomElement(using: &random)!)")
            }
            if Int.random(in: 0..<8, using: &random) == 0 { members.append(members.randomElement(using: &random)!) }
            if Int.random(in: 0..<8, using: &random) == 0 { members.append("\"pages\":[]") }
            if Int.random(in: 0..<6, using: &random) == 0 { members.shuffle(using: &random) }
            let json = "{" + members.joined(separator: ",") + "}"
            let (fast, general) = try outcomes(json)
            if json.contains("\"kind\":\"pager\""), !json.contains("\"pages\""), case .success = general {
                XCTFail("\(json): a pager without pages was read (seed \(seed))")
            }
            guard let fast else { continue }
            fastAnswers += 1
            XCTAssertEqual(fast, try? general.get(), "\(json) (seed \(seed))")
        }
        XCTAssertGreaterThan(fastAnswers, 100, "seed \(seed)")
    }
}
