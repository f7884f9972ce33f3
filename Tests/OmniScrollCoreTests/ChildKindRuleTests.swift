import XCTest
@testable import OmniScrollCore

/// The kind tables agree with the kind files, payloads survive the stack, and
/// what the rules replaced (the seed pair, the pin line) still follows the children.
final class ChildKindRuleTests: XCTestCase {
    func testEveryKindsRuleAndPayloadNameThatKind() {
        for kind in ChildKind.allCases {
            XCTAssertEqual(kind.rule.kind, kind, "\(kind)")
            let values = kind.payloadMembers.map { member -> OptionValue in
                switch member.shape {
                case .number: .number(12.5)
                case .enumeration(let cases): .string(cases.last!)
                default: .bool(true)
                }
            }
            let payload = kind.payload(values)
            XCTAssertEqual(payload.kind, kind, "\(kind)")
            XCTAssertEqual(ChildSpec(id: "c", size: 1, payload: payload).payloadValues, values, "\(kind)")
        }
    }

    func testASpecReadBackFromTheStackIsTheDeclaredOne() throws {
        let specs: [ChildSpec] = [.fixed("header", height: nil), .sticky("bar", height: 44, pinOffset: 20),
                                  .scroll("list", contentHeight: 3000)]
        var stack = ChildStack(specs, viewportHeight: 800)
        XCTAssertEqual((0..<stack.count).map(stack.spec), specs)
        stack.insert([.sticky("second", height: 30, pinOffset: 7)], at: 2)
        stack.remove(at: [0])
        XCTAssertEqual((0..<stack.count).map(stack.spec),
                       [specs[1], .sticky("second", height: 30, pinOffset: 7), specs[2]])
        XCTAssertEqual(stack.pins.childIndices, [0, 1])
        XCTAssertEqual(stack.pins.pinTops, [20, 20 + 44 + 7])
    }

    /// The lifecycle behavior keeps the seed pair; an insert ahead of the
    /// first scroll child must move the seed's names to the new pair.
    func testTheSeedPairFollowsAnInsertAheadOfTheScrollChildren() throws {
        var (container, _) = try seedContainer()
        container.must(.offset(1500))
        container.must(.insert([.scroll("new", contentHeight: 100)], at: 0))
        let back = container.must(.offset(0))
        XCTAssertTrue(back.eventNames.contains("topVCDidAppear(new)"), "\(back.eventNames)")
        XCTAssertEqual(SeedPair(of: container.layout.stack), SeedPair(top: 0, bottom: 1))
    }

    /// A bar scrolled to the top aligns with its own pin line, a child below
    /// bars with the pinned stack's bottom (the one pin-line lookup).
    func testScrollTargetsAlignWithTheirPinLine() throws {
        var (container, _) = try Container.create(
            viewport: Viewport(width: 375, height: 800),
            children: [.fixed("hero", height: 400), .sticky("tabs", height: 40, pinOffset: 10),
                       .scroll("feed", contentHeight: 4000)])
        container.must(.scrollToChild("tabs", position: .top, animated: false))
        XCTAssertEqual(container.layout.offset, 400 - 10)
        container.must(.scrollToChild("feed", position: .top, animated: false))
        XCTAssertEqual(container.layout.offset, 440 - 50)
    }
}
