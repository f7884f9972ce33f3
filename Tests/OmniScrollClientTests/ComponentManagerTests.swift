import Foundation
import OmniScrollClient
import OmniScrollJSON
import XCTest

/// The component manager: registration order, handlers by event type, the
/// `components` param built from them, and a real worker's replies.
final class ComponentManagerTests: XCTestCase {
    /// What the handlers saw: (component, event type, child), in call order.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func append(_ name: String, _ event: Event) {
            lock.lock(); defer { lock.unlock() }
            entries.append("\(name) \(event.type) \(event.child ?? "-")")
        }
        func take() -> [String] {
            lock.lock(); defer { lock.unlock() }
            defer { entries = [] }
            return entries
        }
    }

    private func feedManager(_ log: Log) throws -> ComponentManager {
        var m = ComponentManager()
        let record = { (name: String) -> ComponentManager.Handler in { log.append(name, $0) } }
        try m.register("player", [.childDidBecomeActive: record("player"), .childDidResignActive: record("player")])
        try m.register("preloader", [.childDidShow: record("preloader")])
        try m.register("analytics", [.childDidShow: record("analytics"), .childDidHide: record("analytics")])
        try m.register("idle", [:])
        return m
    }

    private func layout(_ events: [JSONValue]) throws -> Layout {
        let json: JSONValue = [
            "session": "s", "revision": 1, "offset": 0, "contentHeight": 0, "minOffset": 0, "maxOffset": 0,
            "direction": "none", "phase": "idle", "activeChild": nil, "contentView": ["top": 0, "height": 0],
            "children": [], "events": .array(events),
        ]
        return try Layout(json: json)
    }

    func testTheRegistrationsListWhatEachComponentHandlesInRegistrationOrder() throws {
        XCTAssertEqual(try feedManager(Log()).registrations, [
            ComponentRegistration(name: "player", events: [.childDidBecomeActive, .childDidResignActive]),
            ComponentRegistration(name: "preloader", events: [.childDidShow]),
            ComponentRegistration(name: "analytics", events: [.childDidShow, .childDidHide]),
            ComponentRegistration(name: "idle", events: []),
        ])
    }

    func testWithoutAComponentsMemberEveryHandlerIsCalledInRegistrationOrder() throws {
        let log = Log()
        try feedManager(log).dispatch(layout([
            ["type": "childDidShow", "child": "a"], ["type": "phaseDidChange", "phase": "idle"], ["type": "childDidHide", "child": "b"],
        ]))
        XCTAssertEqual(log.take(), ["preloader childDidShow a", "analytics childDidShow a", "analytics childDidHide b"])
    }

    func testTheWorkersNamesDecideWhoIsCalled() throws {
        let log = Log()
        try feedManager(log).dispatch(layout([["type": "childDidShow", "child": "a", "components": ["analytics"]]]))
        XCTAssertEqual(log.take(), ["analytics childDidShow a"])
    }

    func testADuplicateNameIsRefused() throws {
        var m = ComponentManager()
        try m.register("a", [:])
        XCTAssertThrowsError(try m.register("a", [:]))
    }

    func testARealWorkersRepliesReachTheHandlersInOrder() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        let log = Log()
        let manager = try feedManager(log)
        await c.setComponents(manager)
        let feed = (0..<20).map { ChildSpec.fixed("item\($0)", height: 800) }
        let s = try await c.create(viewport: (width: 375, height: 800), children: feed, components: manager.registrations)
        XCTAssertEqual(log.take(), ["preloader childDidShow item0", "analytics childDidShow item0", "player childDidBecomeActive item0"])
        _ = try await c.scroll(session: s.session, offset: 800)
        XCTAssertEqual(log.take(), ["preloader childDidShow item1", "analytics childDidShow item1", "player childDidResignActive item0",
                                    "player childDidBecomeActive item1", "analytics childDidHide item0"])
        _ = await c.close()
    }
}
