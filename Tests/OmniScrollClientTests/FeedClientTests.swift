import Foundation
import OmniScrollClient
import OmniScrollJSON
import XCTest

/// A Douyin-style feed from a template: the current child committed at rest,
/// a player and an analytics component receiving their events in order, and
/// templates from configuration.
final class FeedClientTests: XCTestCase {
    private static let templatesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("protocol/examples/templates.json").path

    func testTheFeedTemplatePlaysTheItemAtRestAndReportsInRegistrationOrder() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        let log = ComponentManagerTests.Log()
        var manager = ComponentManager()
        try manager.register("player", [.childDidBecomeCurrent: { log.append("player", $0) },
                                        .childDidResignCurrent: { log.append("player", $0) }])
        try manager.register("analytics", [.childDidShow: { log.append("analytics", $0) },
                                           .childDidBecomeCurrent: { log.append("analytics", $0) }])
        await c.setComponents(manager)
        let created = try await c.create(viewport: (width: 375, height: 800), id: "f", template: "feed")
        XCTAssertEqual(created.currentChild, "item0")
        XCTAssertEqual(log.take(), ["analytics childDidShow item0", "player childDidBecomeCurrent item0",
                                    "analytics childDidBecomeCurrent item0"])
        _ = try await c.beginDragging(session: "f")
        let dragged = try await c.scroll(session: "f", offset: 500)
        XCTAssertEqual(dragged.currentChild, "item0", "a swipe in progress never switches the playing item")
        XCTAssertEqual(log.take(), ["analytics childDidShow item1"])
        let rested = try await c.endDragging(session: "f", decelerate: false)
        XCTAssertEqual(rested.currentChild, "item1")
        XCTAssertEqual(log.take(), ["player childDidResignCurrent item0", "player childDidBecomeCurrent item1",
                                    "analytics childDidBecomeCurrent item1"])
        _ = await c.close()
    }

    func testAPagingFlickTurnsOneItemAndPlaysItWhenTheMotionEnds() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        let log = ComponentManagerTests.Log()
        var manager = ComponentManager()
        try manager.register("player", [.childDidBecomeCurrent: { log.append("player", $0) },
                                        .childDidResignCurrent: { log.append("player", $0) }])
        try manager.register("analytics", [.childDidShow: { log.append("analytics", $0) },
                                           .childDidBecomeCurrent: { log.append("analytics", $0) }])
        await c.setComponents(manager)
        _ = try await c.create(viewport: (width: 375, height: 800), id: "f", template: "feed")
        _ = log.take()
        _ = try await c.beginDragging(session: "f")
        _ = try await c.drag(session: "f", translation: -120)
        XCTAssertEqual(log.take(), ["analytics childDidShow item1"])
        var time = 0.0
        var layout = try await c.endDragging(session: "f", velocity: 2000, time: time)
        XCTAssertEqual(layout.motion?.target, 800, "a flick turns one item")
        while layout.phase != "idle" {
            XCTAssertEqual(log.take(), [], "nothing plays while the motion runs")
            XCTAssertEqual(layout.currentChild, "item0")
            time += 1.0 / 60
            layout = try await c.tick(session: "f", time: time)
        }
        XCTAssertEqual(layout.offset, 800)
        XCTAssertEqual(layout.currentChild, "item1")
        XCTAssertEqual(log.take(), ["player childDidResignCurrent item0", "player childDidBecomeCurrent item1",
                                    "analytics childDidBecomeCurrent item1"])
        _ = await c.close()
    }

    func testADefinedTemplateIsListedAndUsed() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        let listed = try await c.defineTemplate(name: "follow", template: [
            "children": [ChildSpec.page("a").json, ChildSpec.page("b").json], "options": ["feed": ["preload": ["ahead": 1]]],
        ])
        XCTAssertEqual(listed.map(\.name), ["shortContainer", "stickyTabs", "feed", "profileTabs", "collapsingNav", "follow"])
        let last = try await c.templates().last
        XCTAssertEqual(last?.builtIn, false)
        let created = try await c.create(viewport: (width: 375, height: 800), template: "follow")
        XCTAssertEqual(created.currentChild, "a")
        _ = await c.close()
    }

    func testTheTemplatesFileDefinesItsContainers() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), arguments: ["--templates", Self.templatesFile], timeout: 20)
        let defined = try await c.templates().filter { !$0.builtIn }.map(\.name)
        XCTAssertEqual(defined, ["recommend", "follow"])
        let created = try await c.create(viewport: (width: 375, height: 800), template: "recommend")
        XCTAssertEqual(created.currentChild, "rec0")
        _ = await c.close()
    }
}
