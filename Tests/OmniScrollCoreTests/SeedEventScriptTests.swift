import XCTest
@testable import OmniScrollCore

/// A scripted scroll through seed 000's five zones and back: each seed event
/// fires exactly once per transition, and never on a steady tick.
final class SeedEventScriptTests: XCTestCase {
    func testFiveZonesAndBack() throws {
        var (container, created) = try seedContainer()
        XCTAssertEqual(created.eventNames, [
            "childDidShow(top)", "topVCDidAppear(top)", "childDidBecomeActive(top)",
        ])
        let script: [(y: Double, expected: [String])] = [
            (600, ["directionDidChange(up)", "didScrollViewScroll(up)", "childWillHide(top)", "topVCWillDisappear(top)",
                   "phaseDidChange(dragging)"]),
            (700, []),
            (1500, ["childDidShow(bottom)", "bottomVCDidShow(bottom)"]),
            (1600, []),
            (3000, ["childWillHide(bottom)", "childDidResignActive(top)", "childDidBecomeActive(bottom)",
                    "didScrollToBottomContainer(bottom)", "childDidHide(top)", "topVCDidDisappear(top)"]),
            (3100, []),
            (4300, []),
            (4300, []),
            (3000, ["directionDidChange(down)", "didScrollViewScroll(down)"]),
            (2900, []),
            (1500, ["childDidShow(top)", "topVCDidAppear(top)", "childDidResignActive(bottom)", "childDidBecomeActive(top)"]),
            (1400, []),
            (600, ["childDidHide(bottom)"]),
            (500, []),
            (0, []),
        ]
        for step in script {
            let update = container.must(.offset(step.y), .phase(.dragging))
            XCTAssertEqual(update.eventNames, step.expected, "at y = \(step.y)")
        }
        let end = container.must(.phase(.idle))
        XCTAssertEqual(end.eventNames, ["phaseDidChange(idle)", "scrollViewDidEndScrolling"])
        XCTAssertEqual(container.direction, .none)
        XCTAssertEqual(container.must(.phase(.idle)).eventNames, [])
    }

    func testAFarJumpReportsTheNetChangeInScrollOrder() throws {
        var (container, _) = try seedContainer()
        let down = container.must(.offset(4300))
        XCTAssertEqual(down.eventNames, [
            "directionDidChange(up)", "didScrollViewScroll(up)", "childWillHide(bottom)",
            "childDidShow(bottom)", "bottomVCDidShow(bottom)", "childDidResignActive(top)",
            "childDidBecomeActive(bottom)", "didScrollToBottomContainer(bottom)",
            "childDidHide(top)", "topVCDidDisappear(top)",
        ])
        let back = container.must(.offset(0))
        XCTAssertEqual(back.eventNames, [
            "directionDidChange(down)", "didScrollViewScroll(down)",
            "childDidShow(top)", "topVCDidAppear(top)", "childDidResignActive(bottom)",
            "childDidBecomeActive(top)", "childDidHide(bottom)",
        ])
    }

    func testSeedNamesCanBeTurnedOff() throws {
        var (container, created) = try seedContainer(options: ContainerOptions(seedEvents: false))
        XCTAssertEqual(created.eventNames, ["childDidShow(top)", "childDidBecomeActive(top)"])
        let update = container.must(.offset(3000))
        XCTAssertFalse(update.eventNames.contains { $0.hasPrefix("top") || $0.hasPrefix("did") || $0.hasPrefix("bottom") })
    }

    func testReversalsFireOncePerChange() throws {
        var (container, _) = try seedContainer()
        var directionEvents = 0
        for y in [100.0, 200, 150, 120, 300, 301, 302, 250] {
            directionEvents += container.must(.offset(y)).events.filter { $0.type == .directionDidChange }.count
        }
        XCTAssertEqual(directionEvents, 4, "up, down, up, down")
    }
}
