import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// Page switches over random headers, bars, pages and offsets (docs/design.md#pager).
final class PagerPropertyTests: XCTestCase {
    private func randomContainer(_ rng: inout SeededGenerator) throws -> Container {
        var children: [ChildSpec] = [.fixed("header", height: Double(Int.random(in: 0...4800, using: &rng)) / 4)]
        for b in 0..<Int.random(in: 0...2, using: &rng) {
            children.append(.sticky("bar\(b)", height: Double(Int.random(in: 0...320, using: &rng)) / 4))
        }
        let pages = (0..<Int.random(in: 2...4, using: &rng)).map { k in
            PagerPage(id: "page\(k)", contentHeight: Double(Int.random(in: 0...24000, using: &rng)) / 4)
        }
        children.append(.pager("tabs", PagerChild(
            pages: pages, selected: Int.random(in: 0..<pages.count, using: &rng),
            offsetPolicy: PageOffsetPolicy.allCases.randomElement(using: &rng)!,
            fillViewport: Bool.random(using: &rng))))
        if Bool.random(using: &rng) { children.append(.fixed("footer", height: 120)) }
        let viewport = Viewport(width: 375, height: Double(Int.random(in: 1600...3600, using: &rng)) / 4)
        return try Container.create(viewport: viewport, children: children).0
    }

    func testSwitchesKeepTheHeaderAndTheRangesAndMatchAFreshSession() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededGenerator(seed: seed)
        for round in 0..<300 {
            var container = try randomContainer(&rng)
            for step in 0..<6 {
                let layout = container.layout
                let context = "seed \(seed), round \(round), step \(step)"
                container.must(.offset(Double.random(in: layout.minOffset...layout.maxOffset, using: &rng).rounded()))
                let i = container.childIndex(of: "tabs")!
                let pager = container.layout.pager(i)!
                let page = pager.pages.randomElement(using: &rng)!.id
                let before = container.layout
                let pinPoint = before.stack.pinPoint(i)
                container.select(page)
                let after = container.layout

                if before.offset < pinPoint {
                    XCTAssertEqual(after.offset, min(before.offset, after.maxOffset), "below P the offset stays: \(context)")
                }
                if pager.fillViewport {
                    XCTAssertEqual(after.child(0).visibleHeight, before.child(0).visibleHeight, "the header never moves: \(context)")
                    XCTAssertEqual(after.child(0).frame, before.child(0).frame, context)
                }
                let inner = after.child(i).contentOffset.y
                let range = after.stack.naturalHeight(i) - after.stack.frameHeight(i)
                XCTAssert(inner >= 0 && inner <= range, "inner offset \(inner) within [0, \(range)]: \(context)")

                let snapshot = container.snapshot()
                let fresh = try Container.create(viewport: snapshot.viewport, children: snapshot.children,
                                                 offset: container.offset).0.layout
                for c in 0..<after.childCount {
                    XCTAssertEqual(fresh.child(c), after.child(c), "child \(c): \(context)")
                }
                XCTAssertEqual(fresh.pages(ofPager: i), after.pages(ofPager: i), context)
            }
        }
    }
}
