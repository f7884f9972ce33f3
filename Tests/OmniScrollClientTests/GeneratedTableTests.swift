import Foundation
import OmniScrollClient
import OmniScrollJSON
import XCTest

/// Generated.swift against protocol/openrpc.json, and a typed call for every
/// method of it, each answered by the worker.
final class GeneratedTableTests: XCTestCase {
    func document() throws -> JSONValue {
        try JSONParser.parse(String(contentsOf: repoRoot.appendingPathComponent("protocol/openrpc.json"), encoding: .utf8))
    }

    func testMethodTableMatchesTheDocument() throws {
        let methods = try XCTUnwrap(document()["methods"]?.arrayValue)
        XCTAssertEqual(OmniScrollMethod.allCases.map(\.rawValue), methods.map { $0["name"]?.stringValue ?? "" })
        for m in methods {
            let method = try XCTUnwrap(OmniScrollMethod(rawValue: m["name"]?.stringValue ?? ""))
            let params = m["params"]?.arrayValue ?? []
            XCTAssertEqual(method.params.map(\.name), params.map { $0["name"]?.stringValue ?? "" }, method.rawValue)
            XCTAssertEqual(method.params.map(\.required), params.map { $0["required"]?.boolValue ?? false }, method.rawValue)
            XCTAssertEqual(method.result == nil, m["result"] == nil, method.rawValue)
        }
    }

    func testErrorCodesMatchTheDocument() throws {
        let errors = try XCTUnwrap(document()["components"]?["errors"]?.objectValue)
        var documented: [String: Int] = [:]
        for e in errors.members { documented[e.key] = e.value["code"]?.intValue }
        XCTAssertEqual(OmniScrollRPCError.codesByName, documented)
        XCTAssertEqual(OmniScrollRPCError.sessionNotFound, documented["SessionNotFound"])
        XCTAssertEqual(OmniScrollRPCError.invalidParams, documented["InvalidParams"])
    }

    func testEnumsTheClientUsesMatchTheDocument() throws {
        let schemas = try XCTUnwrap(document()["components"]?["schemas"])
        func values(_ v: JSONValue?) -> [String] { v?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        XCTAssertEqual(ScrollPhase.allCases.map(\.rawValue), values(schemas["ScrollPhase"]))
        XCTAssertEqual(ChildKind.allCases.map(\.rawValue), values(schemas["ChildSpec"]?["properties"]?["kind"]))
        XCTAssertEqual(EventType.allCases.map(\.rawValue), values(schemas["Event"]?["properties"]?["type"]))
        XCTAssertEqual(ScrollDirection.allCases.map(\.rawValue), values(schemas["Layout"]?["properties"]?["direction"]))
        let scrollToChild = try XCTUnwrap(document()["methods"]?.arrayValue?.first { $0["name"] == "session.scrollToChild" })
        let position = scrollToChild["params"]?.arrayValue?.first { $0["name"] == "position" }?["schema"]
        XCTAssertEqual(ScrollPosition.allCases.map(\.rawValue), values(position))
    }

    /// Calls `method` through its typed API. The switch has no default: a
    /// method added to openrpc.json (a new case once the table is
    /// regenerated) does not compile here until the client has its call.
    func callTyped(_ method: OmniScrollMethod, _ c: OmniScrollClient, session s: String,
                   snapshot: JSONValue) async throws {
        switch method {
        case .initialize: _ = try await c.initialize(clientInfo: ["name": "typed"])
        case .shutdown: try await c.shutdown()
        case .exit: try await c.exit()
        case .rpcDiscover: _ = try await c.discover()
        case .sessionCreate:
            _ = try await c.create(viewport: (width: 375, height: 800), children: [.scroll("x", contentHeight: 10)],
                                   insets: (top: 0, bottom: 0), offset: 0, id: "typed", template: nil, options: [:],
                                   components: [ComponentRegistration(name: "player", events: [.childDidShow])])
        case .sessionScroll: _ = try await c.scroll(session: s, offset: 600, phase: .dragging)
        case .sessionSetContentHeight: _ = try await c.setContentHeight(session: s, child: "web", contentHeight: 2000)
        case .sessionUpdate:
            _ = try await c.update(session: s, sizes: ["list": 3000], viewport: (width: 375, height: 800),
                                   insets: (top: 0, bottom: 100), offset: 700, phase: .idle)
        case .sessionSetViewport: _ = try await c.setViewport(session: s, width: 375, height: 800)
        case .sessionSetInsets: _ = try await c.setInsets(session: s, top: 0, bottom: 100)
        case .sessionInsertChildren: _ = try await c.insertChildren(session: s, children: [.fixed("extra", height: 10)], index: 0)
        case .sessionRemoveChildren: _ = try await c.removeChildren(session: s, children: ["extra"])
        case .sessionScrollToChild: _ = try await c.scrollToChild(session: s, child: "list", position: .center, animated: false)
        case .sessionSelectPage: _ = try await c.selectPage(session: s, child: "tabs", page: "likes")
        case .sessionScrollPager: _ = try await c.scrollPager(session: s, child: "tabs", offset: 100)
        case .sessionEndPagerDragging: _ = try await c.endPagerDragging(session: s, child: "tabs", velocity: 600, time: 0.25)
        case .sessionBeginDragging: _ = try await c.beginDragging(session: s)
        case .sessionDrag: _ = try await c.drag(session: s, translation: -10)
        case .sessionEndDragging: _ = try await c.endDragging(session: s, decelerate: false, velocity: 1000, time: 0.5)
        case .sessionTick: _ = try await c.tick(session: s, time: 0.5)
        case .sessionPointer: _ = try await c.pointer(session: s, phase: .down, x: 10, y: 20, time: 0.5)
        case .sessionEndScrolling: _ = try await c.endScrolling(session: s)
        case .sessionEndRefreshing: _ = try await c.endRefreshing(session: s)
        case .sessionEndLoadingMore: _ = try await c.endLoadingMore(session: s, page: "posts")
        case .sessionGet: _ = try await c.get(session: s)
        case .sessionList: _ = try await c.list()
        case .sessionDestroy: try await c.destroy(session: s)
        case .sessionSnapshot: _ = try await c.snapshot(session: s)
        case .sessionRestore: _ = try await c.restore(snapshot: snapshot, id: "restored")
        case .sessionDefineTemplate:
            _ = try await c.defineTemplate(name: "typed", template: [
                "children": [ChildSpec.page("p").json], "options": ["feed": ["preload": ["ahead": 1]]],
                "insets": ["top": 0, "bottom": 0], "components": [["name": "player", "events": ["childDidBecomeCurrent"]]],
            ])
        case .sessionTemplates: _ = try await c.templates()
        case .gridCreate:
            _ = try await c.gridCreate(viewport: (width: 375, height: 800), tile: (width: 100, height: 100), overscan: 1,
                                       contentSize: (width: 10_000, height: 10_000), recenter: .idle, id: "typed-grid", options: ["delta": false])
        case .gridScroll: _ = try await c.gridScroll(session: "typed-grid", x: 4900, y: 4800, phase: .dragging)
        case .gridUpdate: _ = try await c.gridUpdate(session: "typed-grid", viewport: (width: 800, height: 375), phase: .idle)
        case .gridPointer: _ = try await c.gridPointer(session: "typed-grid", phase: .down, x: 10, y: 20, time: 0.5)
        case .gridTick:
            // The finger above is down and nothing flings: the worker names the param.
            do {
                _ = try await c.gridTick(session: "typed-grid", time: 0.6)
                XCTFail("grid.tick without a fling")
            } catch {
                XCTAssertTrue("\(error)".contains("no motion in progress"), "\(error)")
            }
        case .physicsFling:
            _ = try await c.fling(position: 0, velocity: 1000, preset: .ios, bounds: (min: 0, max: 300), viewport: 800,
                                  snap: FlingSnap(.interval(100), mode: .paging(minFlingVelocity: 50)), dragStart: 0,
                                  sampleInterval: 1.0 / 60)
        }
    }

    func testEveryMethodHasATypedCallTheWorkerAccepts() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        let s = try await c.create(viewport: (width: 375, height: 800),
                                   children: [.scroll("web", contentHeight: 2000), .scroll("list", contentHeight: 3000),
                                              .pager("tabs", pages: [("posts", 1000), ("likes", nil)])],
                                   insets: (top: 0, bottom: 100)).session
        let snapshot = try await c.snapshot(session: s)
        let last: [OmniScrollMethod] = [.sessionDestroy, .shutdown, .exit]
        for method in OmniScrollMethod.allCases.filter({ !last.contains($0) }) + last {
            do {
                try await callTyped(method, c, session: s, snapshot: snapshot)
            } catch {
                XCTFail("\(method.rawValue): \(error)")
            }
        }
        let status = await c.close()
        XCTAssertEqual(status, 0)
    }
}
