import XCTest
import OmniScrollCore
import OmniScrollJSON
@testable import OmniScrollProtocol

/// `ParamDecoder.enumeration(_:among:)`: a value is matched by its bytes
/// against each case's JSON string; anything else (an escaped spelling, a
/// near miss, another type) takes the named path, which accepts the escaped
/// case and words the error as every enumeration does.
final class EnumerationCasesTests: XCTestCase {
    enum Phase: String, CaseIterable, Sendable { case down, move, up, cancel }

    private static let phases = EnumerationCases<Phase>()
    private static let members: [Member] = [.required("phase", .enumeration(of: Phase.self))]

    /// The phase `json` decodes to, or the error's reason.
    private func decode(_ json: String) -> Result<Phase, RPCError> {
        var bytes = Array(#"{"phase":\#(json)}"#.utf8)
        return bytes.withUnsafeMutableBytes { message in
            var parser = JSONParser()
            do throws(RPCError) {
                let params = try ParamDecoder(try? parser.parseElement(UnsafeRawBufferPointer(message)), members: Self.members)
                return .success(try params.enumeration("phase", among: Self.phases))
            } catch {
                return .failure(error)
            }
        }
    }

    func testEachCaseMatchesItsOwnBytes() {
        for phase in Phase.allCases {
            XCTAssertEqual(try decode("\"\(phase.rawValue)\"").get(), phase)
        }
    }

    func testAnEscapedSpellingIsTheSameCase() {
        XCTAssertEqual(try decode(#""mo\u0076e""#).get(), .move)
        XCTAssertEqual(try decode(#""\u0075p""#).get(), .up)
    }

    func testNearMissesAndOtherTypesAreRefusedWithTheCases() {
        for json in [#""mov""#, #""moves""#, #""Move""#, #""""#, "1", "null", #"["move"]"#] {
            guard case .failure(let error) = decode(json) else { return XCTFail("\(json) was accepted") }
            XCTAssertEqual(error.code, -32602, json)
            XCTAssertEqual(error.data?["param"], .string("params.phase"), json)
            XCTAssertTrue(error.data?["reason"]?.stringValue?.hasPrefix("must be one of down, move, up, cancel") == true,
                          "\(json): \(String(describing: error.data))")
        }
    }
}
