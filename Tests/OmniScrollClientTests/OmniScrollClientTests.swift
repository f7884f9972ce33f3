import Foundation
import OmniScrollClient
import OmniScrollJSON
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The built worker: `OMNISCROLL_BIN`, else `omniscroll` next to the test
/// bundle in the build products directory (walking up from it).
func workerPath() throws -> String {
    if let p = ProcessInfo.processInfo.environment["OMNISCROLL_BIN"], !p.isEmpty { return p }
    var starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
    starts += Bundle.allBundles.map(\.bundleURL)
    for start in starts {
        var dir = start
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent("omniscroll").path
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDir), !isDir.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
            dir = dir.deletingLastPathComponent()
        }
    }
    throw XCTSkip("omniscroll not found next to the test bundle; set OMNISCROLL_BIN")
}

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

final class OmniScrollClientTests: XCTestCase {
    func makeClient(_ args: [String] = [], timeout: Double = 20, maxInFlight: Int = 4096,
                    recover: Bool = true) throws -> OmniScrollClient {
        try OmniScrollClient(executable: try workerPath(), arguments: args, timeout: timeout, maxInFlight: maxInFlight,
                             recover: recover)
    }

    func seed(_ c: OmniScrollClient) async throws -> Layout {
        try await c.create(viewport: (width: 375, height: 800),
                           children: [.scroll("web", contentHeight: 2000), .scroll("list", contentHeight: 3000)],
                           insets: (top: 0, bottom: 100))
    }

    // MARK: conformance

    func testConformanceTranscripts() throws {
        let dir = repoRoot.appendingPathComponent("protocol/conformance")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertFalse(files.isEmpty, "protocol/conformance/*.jsonl is empty: nothing to replay")
        let bin = try workerPath()
        for f in files {
            let m = try Transcript.replay(path: dir.appendingPathComponent(f).path, executable: bin)
            XCTAssertTrue(m.isEmpty, m.map(\.description).joined(separator: "\n"))
        }
    }

    func testOwnTranscriptIsDeterministicAndMismatchesAreCaught() throws {
        let bin = try workerPath()
        let sends = [
            #"{"jsonrpc":"2.0","id":"x","method":"initialize"}"#,
            #"{"jsonrpc":"2.0","method":"session.list"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"no.such.method"}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"#,
        ]
        let w = try RawWorker(executable: bin)
        var lines: [String] = []
        for s in sends {
            XCTAssertTrue(w.send(Array((s + "\n").utf8)))
            var exchange = JSONWriter()
            exchange.beginObject()
            exchange.key("send"); exchange.string(s)
            exchange.key("expect")
            if s.contains("\"id\"") {
                exchange.string(String(decoding: try w.readReply(timeout: 10), as: UTF8.self))
            } else {
                exchange.null()
            }
            exchange.endObject()
            lines.append(String(decoding: exchange.bytes, as: UTF8.self))
        }
        w.close()
        XCTAssertTrue(lines[0].contains(#"\"id\":\"x\""#), lines[0])
        XCTAssertTrue(lines[2].contains("-32601"), lines[2])
        XCTAssertTrue(lines[3].contains("-32700"), lines[3])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("omniscroll-swift-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Transcript.replay(path: path, executable: bin).count, 0)
        XCTAssertTrue(lines[0].contains(#"\"result\""#), lines[0])  // only in the expected reply
        lines[0] = lines[0].replacingOccurrences(of: #"\"result\""#, with: #"\"resulT\""#)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let m = try Transcript.replay(path: path, executable: bin)
        XCTAssertEqual(m.count, 1)
        XCTAssertEqual(m.first?.line, 1)
        // A null expect that is answered is caught too.
        try (#"{"send":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}","expect":null}"# + "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Transcript.replay(path: path, executable: bin).count, 1)
    }

    func testTranscriptLinesDecodeEscapesAndNull() throws {
        let path = NSTemporaryDirectory() + "omniscroll-transcript-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (#"{"args":["--max-batch","4"]}"# + "\n" + #"{"send":"a\u00e9\ud83d\ude00","expect":null}"# + "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let (args, exchanges) = try Transcript.loadWithArgs(path: path)
        XCTAssertEqual(args, ["--max-batch", "4"])
        XCTAssertEqual(exchanges.first?.send, [0x61, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80])
        XCTAssertNil(exchanges.first?.expect)
    }

    // MARK: typed API

    func testGoldenVectors() async throws {
        let c = try makeClient()
        let created = try await seed(c)
        XCTAssertEqual(created.contentHeight, 5000)
        XCTAssertEqual(created.maxOffset, 4300)
        XCTAssertEqual(created.children.map(\.id), ["web", "list"])
        XCTAssertEqual(created.child("web")?.frame.width, 375)
        XCTAssertEqual(created.child("web")?.frame.height, 800)
        for (y, top, web, list) in [(600.0, 600.0, 600.0, 0.0), (1500, 1200, 1200, 0), (3000, 2200, 1200, 1000),
                                    (4300, 3400, 1200, 2200)] {
            let l = try await c.scroll(session: created.session, offset: y)
            XCTAssertEqual(l.offset, y)
            XCTAssertEqual(l.contentView.top, top, "contentView.top at \(y)")
            XCTAssertEqual(l.child("web")?.contentOffset.y, web, "web at \(y)")
            XCTAssertEqual(l.child("list")?.contentOffset.y, list, "list at \(y)")
        }
        let status = await c.close()
        XCTAssertEqual(status, 0)
    }

    /// Seed 004's navigation bar: the collapsingNav template's tracks, then the bar collapsing and pinning.
    func testCollapsingNavTemplate() async throws {
        let c = try makeClient()
        var l = try await c.create(viewport: (width: 375, height: 667), id: "nav", template: "collapsingNav")
        XCTAssertEqual(l.tracks, ["titleSize": 36, "buttonSize": 20])
        XCTAssertEqual(l.child("navBar")?.collapse, 0)
        _ = try await c.setContentHeight(session: "nav", child: "list", contentHeight: 2400)
        l = try await c.scroll(session: "nav", offset: -113.5)
        XCTAssertEqual(l.tracks, ["titleSize": 28, "buttonSize": 16])
        l = try await c.scroll(session: "nav", offset: 22)
        XCTAssertEqual(l.child("navBar")?.collapse, 0.5)
        XCTAssertEqual(l.child("navBar")?.frame.height, 66)
        XCTAssertEqual(l.child("list")?.frame.y, 88)
        XCTAssertEqual(l.child("list")?.frame.height, 601)
        XCTAssertNil(l.child("list")?.collapse)
        l = try await c.scroll(session: "nav", offset: 300)
        XCTAssertEqual(l.child("navBar")?.collapse, 1)
        XCTAssertEqual(l.child("list")?.frame.y, 344)
        XCTAssertEqual(l.tracks, ["titleSize": 20, "buttonSize": 16])
        let status = await c.close()
        XCTAssertEqual(status, 0)
    }

    func testSessionMethods() async throws {
        let c = try makeClient()
        let s = try await seed(c).session
        var l = try await c.setContentHeight(session: s, child: "list", contentHeight: 1000)
        XCTAssertEqual(l.contentHeight, 3000)
        l = try await c.update(session: s, sizes: ["web": 500, "list": 300])
        XCTAssertEqual(l.contentHeight, 800)
        l = try await c.update(session: s, sizes: ["web": 2000, "list": 3000])
        l = try await c.setViewport(session: s, width: 320, height: 600)
        XCTAssertEqual(l.child("web")?.frame.width, 320)
        l = try await c.setInsets(session: s, top: 50, bottom: 0)
        XCTAssertEqual(l.minOffset, -50)
        l = try await c.insertChildren(session: s, children: [.fixed("header", height: 200)], index: 0)
        let v1 = try await c.get(session: s).layout?.children.map(\.id)
        XCTAssertEqual(v1, ["header", "web", "list"])
        l = try await c.removeChildren(session: s, children: ["header"])
        let v2 = try await c.get(session: s).layout?.children.map(\.id)
        XCTAssertEqual(v2, ["web", "list"])
        l = try await c.scrollToChild(session: s, child: "list")
        XCTAssertEqual(l.target?.offset, 2000)
        XCTAssertEqual(l.target?.pending, false)
        let v3 = try await c.beginDragging(session: s).phase
        XCTAssertEqual(v3, "dragging")
        let v4 = try await c.endDragging(session: s, decelerate: true).phase
        XCTAssertEqual(v4, "decelerating")
        let v5 = try await c.endScrolling(session: s).phase
        XCTAssertEqual(v5, "idle")
        _ = try await c.endRefreshing(session: s)
        _ = try await c.endLoadingMore(session: s)
        _ = try await c.scroll(session: s, offset: 1234)
        let snap = try await c.snapshot(session: s)
        let v6 = try await c.destroy(session: s)
        XCTAssertEqual(v6, s)
        let v7 = try await c.list().count
        XCTAssertEqual(v7, 0)
        let back = try await c.restore(snapshot: snap, id: "again").layout
        XCTAssertEqual(back?.session, "again")
        XCTAssertEqual(snap["engine"], "container")
        let listed = try await c.list().map(\.engine)
        XCTAssertEqual(listed, ["container"])
        XCTAssertEqual(back?.offset, 1234)
        let info = try await c.initialize(clientInfo: ["name": "xctest"])
        XCTAssertEqual(info.serverInfo.name, "omniscroll")
        XCTAssertFalse(info.serverInfo.version.isEmpty)
        let doc = try await c.discover()
        let names = (doc["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        let bound: Set<String> = ["session.create", "session.scroll", "session.setContentHeight", "session.update",
                                  "session.setViewport", "session.setInsets", "session.insertChildren",
                                  "session.removeChildren", "session.scrollToChild", "session.selectPage", "session.scrollPager",
                                  "session.endPagerDragging",
                                  "session.beginDragging", "session.drag", "session.endDragging", "session.tick",
                                  "session.pointer", "session.endScrolling", "session.endRefreshing",
                                  "session.endLoadingMore", "session.get", "session.list", "session.destroy",
                                  "session.snapshot", "session.restore", "session.defineTemplate", "session.templates"]
        XCTAssertEqual(names.filter { $0.hasPrefix("session.") && !bound.contains($0) }, [])
        await c.close()
    }

    /// Session s1 of protocol/conformance/sessions.jsonl (the seed pair at
    /// 3000, dragging up) as a worker writing format 1 snapshots recorded it.
    static let format1Snapshot = #"{"format":1,"session":"s1","delta":false,"viewport":{"width":375,"height":800},"insets":{"top":0,"bottom":100},"options":{"anchoring":true,"seedEvents":true,"refresh":null,"loadMore":null},"children":[{"id":"top","kind":"scroll","contentHeight":2000},{"id":"bottom","kind":"scroll","contentHeight":3000}],"offset":3000,"phase":"dragging","direction":"up","revision":2,"state":{"visible":["bottom"],"active":"bottom","leaving":"bottom","pinned":[],"refresh":"idle","loadMoreTriggeredAt":null,"loadingMore":false,"pendingTarget":null}}"#

    func testSnapshotsAreFormat2WithEachBehaviorsPart() async throws {
        let c = try makeClient()
        let s = try await seed(c).session
        _ = try await c.scroll(session: s, offset: 1234)
        let snap = try await c.snapshot(session: s)
        XCTAssertEqual(snap["format"], 2)
        XCTAssertEqual(snap["state"], try JSONParser.parse(#"{"motion":{"running":null,"dragStart":null},"refresh":"idle","target":{"pending":null},"pagers":[],"headerScroll":[],"loadMore":{"triggeredAt":null,"loading":false,"pages":[]},"feed":{"current":null},"pointer":null}"#))
        _ = await c.close()
    }

    func testAFormat1SnapshotRestoresAndAnswersAsTheLiveSession() async throws {
        let c = try makeClient()
        let live = try await c.create(viewport: (width: 375, height: 800),
                                      children: [.scroll("top", contentHeight: 2000), .scroll("bottom", contentHeight: 3000)],
                                      insets: (top: 0, bottom: 100)).session
        _ = try await c.scroll(session: live, offset: 3000, phase: .dragging)
        let restored = try await c.restore(snapshot: try JSONParser.parse(Self.format1Snapshot), id: "old").layout
        XCTAssertEqual(restored?.offset, 3000)
        for offset in [1500.0, 4300, -20] {
            let a = try await c.scroll(session: live, offset: offset).raw
            var b = try await c.scroll(session: "old", offset: offset).raw.objectValue ?? [:]
            b["session"] = .string(live)
            XCTAssertEqual(JSONValue.object(b), a, "offset \(offset)")
        }
        let oldState = try await c.snapshot(session: "old")["state"]
        let liveState = try await c.snapshot(session: live)["state"]
        XCTAssertEqual(oldState, liveState)
        _ = await c.close()
    }

    /// Issue 15's profile page: posts scrolled to 2000, likes, back to posts
    /// at 2000, the header never showing again.
    func testProfilePageKeepsEachTabsOffset() async throws {
        let c = try makeClient()
        let s = try await c.create(viewport: (width: 375, height: 800), template: "profileTabs").session
        _ = try await c.update(session: s, sizes: ["header": 300, "posts": 5000, "likes": 3000])
        let posts = try await c.scroll(session: s, offset: 2300)
        XCTAssertEqual(posts.children.first { $0.id == "tabs" }?.contentOffset.y, 2000)
        let likes = try await c.selectPage(session: s, child: "tabs", page: "likes")
        XCTAssertEqual(likes.offset, 300)
        XCTAssertEqual(likes.children.first { $0.id == "tabs" }?.selected, "likes")
        XCTAssertTrue(likes.eventTypes.contains("pageDidSelect"))
        let swipe = try await c.scrollPager(session: s, child: "tabs", offset: 187.5)
        let tabs = try XCTUnwrap(swipe.children.first { $0.id == "tabs" })
        XCTAssertEqual(tabs.pageProgress, 0.5)
        XCTAssertEqual(tabs.pages?.map(\.id), ["posts", "likes"])
        XCTAssertEqual(tabs.pages?.first?.contentOffset.y, 2000)
        let back = try await c.selectPage(session: s, child: "tabs", page: "posts")
        XCTAssertEqual(back.offset, 2300)
        XCTAssertEqual(back.children.first { $0.id == "tabs" }?.contentOffset.y, 2000)
        XCTAssertEqual(back.children.first { $0.id == "header" }?.visibleHeight, 0)
        await c.close()
    }

    func testAReleasedPagerSwipeSnapsOnTicksAndLandsItsPage() async throws {
        let c = try makeClient()
        let s = try await c.create(viewport: (width: 375, height: 800), template: "profileTabs").session
        _ = try await c.update(session: s, sizes: ["header": 300, "posts": 5000, "likes": 3000])
        _ = try await c.scroll(session: s, offset: 2300)
        _ = try await c.scrollPager(session: s, child: "tabs", offset: 120)
        let released = try await c.endPagerDragging(session: s, child: "tabs", velocity: 600, time: 0)
        XCTAssertEqual(released.children.first { $0.id == "tabs" }?.pageProgress, 0.32)
        let landed = try await c.tick(session: s, time: 1)
        let tabs = try XCTUnwrap(landed.children.first { $0.id == "tabs" })
        XCTAssertEqual(tabs.selected, "likes")
        XCTAssertEqual(tabs.pageProgress, 1)
        XCTAssertEqual(landed.offset, 300)
        XCTAssertTrue(landed.eventTypes.contains("pageDidSelect"))
        await c.close()
    }

    func testPendingScrollTargetResolves() async throws {
        let c = try makeClient()
        let s = try await c.create(viewport: (width: 375, height: 800), template: "shortContainer").session
        let pending = try await c.scrollToChild(session: s, child: "list")
        XCTAssertEqual(pending.target?.pending, true)
        XCTAssertNil(pending.target?.offset)
        let resolved = try await c.update(session: s, sizes: ["web": 2000, "list": 3000])
        XCTAssertTrue(resolved.eventTypes.contains("scrollTargetDidResolve"))
        XCTAssertEqual(resolved.offset, 2000)
        await c.close()
    }

    func testErrorsCarryCodeMessageData() async throws {
        let c = try makeClient()
        let s = try await seed(c).session
        do {
            _ = try await c.request("session.scroll", ["session": .string(s), "offset": "far"])
            XCTFail("expected an error")
        } catch let e as OmniScrollRPCError {
            XCTAssertEqual(e.code, OmniScrollRPCError.invalidParams)
            XCTAssertEqual(e.param, "params.offset")
            XCTAssertFalse((e.reason ?? "").isEmpty)
        }
        // A size once known stays known: setContentHeight takes a Double, and the worker refuses null.
        do {
            _ = try await c.request("session.setContentHeight", ["session": .string(s), "child": "list", "contentHeight": .null])
            XCTFail("expected an error")
        } catch let e as OmniScrollRPCError {
            XCTAssertEqual(e.code, OmniScrollRPCError.invalidParams)
            XCTAssertEqual(e.param, "params.contentHeight")
        }
        do {
            _ = try await c.request("session.noSuchMethod")
            XCTFail("expected an error")
        } catch let e as OmniScrollRPCError {
            XCTAssertEqual(e.code, OmniScrollRPCError.methodNotFound)
        }
        do {
            _ = try await c.scroll(session: "no-such-session", offset: 1)
            XCTFail("expected an error")
        } catch let e as OmniScrollRPCError {
            XCTAssertEqual(e.code, OmniScrollRPCError.sessionNotFound)
            XCTAssertEqual(e.param, "params.session")
        }
        do {
            _ = try await c.scroll(session: s, offset: .nan)
            XCTFail("expected an error")
        } catch let e as OmniScrollClientError {
            guard case .invalidArgument = e else { return XCTFail("\(e)") }
        }
        let l = try await c.scroll(session: s, offset: 10)
        XCTAssertEqual(l.offset, 10)
        await c.close()
    }

    func testPipeliningAndBatch() async throws {
        let c = try makeClient(maxInFlight: 64)
        let s = try await seed(c).session
        let offsets = (0..<400).map { Double(($0 * 37) % 4300) }
        let results = try await withThrowingTaskGroup(of: (Double, Layout).self) { group in
            for y in offsets { group.addTask { (y, try await c.scroll(session: s, offset: y)) } }
            var out: [(Double, Layout)] = []
            for try await r in group { out.append(r) }
            return out
        }
        XCTAssertEqual(results.count, offsets.count)
        for (y, l) in results { XCTAssertEqual(l.offset, y) }
        XCTAssertEqual(Set(results.map(\.1.revision)).count, offsets.count)  // each a distinct reply

        let out = try await c.batch([.scroll(session: s, offset: 600), .scroll(session: "nope", offset: 1),
                                     RPCCall.scroll(session: s, offset: 700).asNotification, .get(session: s),
                                     RPCCall("session.bogus")])
        XCTAssertEqual(out.count, 5)
        XCTAssertEqual(try Layout(json: try XCTUnwrap(out[0]).get()).offset, 600)
        guard case .failure = try XCTUnwrap(out[1]) else { return XCTFail("expected an error entry") }
        XCTAssertNil(out[2])
        XCTAssertEqual(try Layout(json: try XCTUnwrap(out[3]).get()).offset, 700)
        guard case .failure(let e) = try XCTUnwrap(out[4]) else { return XCTFail("expected an error entry") }
        XCTAssertEqual(e.code, -32601)
        await c.close()
    }

    func testTimeoutThenRecovery() async throws {
        let c = try makeClient()
        let s = try await seed(c).session
        kill(c.processIdentifier, SIGSTOP)
        do {
            _ = try await c.scroll(session: s, offset: 100, timeout: 0.3)
            XCTFail("expected a timeout")
        } catch let e as OmniScrollClientError {
            guard case .timeout = e else { return XCTFail("\(e)") }
        }
        kill(c.processIdentifier, SIGCONT)
        let l = try await c.scroll(session: s, offset: 200)
        XCTAssertEqual(l.offset, 200)
        await c.close()
    }

    func testKilledWorkerFailsPendingCalls() async throws {
        let c = try makeClient(recover: false)  // the death itself is under test
        _ = try await seed(c)
        kill(c.processIdentifier, SIGSTOP)
        async let pending = c.list(timeout: 60)
        try await Task.sleep(nanoseconds: 50_000_000)  // let the request go out (not a timing assertion)
        c.kill()
        do {
            _ = try await pending
            XCTFail("expected workerDied")
        } catch let e as OmniScrollClientError {
            guard case .workerDied(let status, let signaled, _, _, _) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(status, SIGKILL)
            XCTAssertTrue(signaled)
        }
        await c.close()
    }

    func testWorkerThatExitsReportsStderr() async throws {
        let c = try makeClient(["--no-such-flag-xyz"])
        do {
            _ = try await c.list()
            XCTFail("expected workerDied")
        } catch let e as OmniScrollClientError {
            guard case .workerDied(let status, _, let tail, _, _) = e else { return XCTFail("\(e)") }
            XCTAssertNotEqual(status, 0)
            XCTAssertFalse(tail.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
            XCTAssertTrue(e.description.contains("worker stderr"))
        }
        await c.close()
    }

    func testCloseIsCleanAndFinal() async throws {
        let c = try makeClient()
        _ = try await seed(c)
        let first = await c.close()
        let second = await c.close()
        XCTAssertEqual(first, 0)
        XCTAssertEqual(second, 0)
        do {
            _ = try await c.list()
            XCTFail("expected closed")
        } catch let e as OmniScrollClientError {
            XCTAssertEqual(e, .closed)
        }
    }

    /// The Swift example of clients/README.md, verbatim but for the worker path.
    func testReadmeExample() async throws {
        let client = try OmniScrollClient(executable: try workerPath())
        let created = try await client.create(viewport: (width: 375, height: 800),
            children: [.scroll("web", contentHeight: 2000), .scroll("list", contentHeight: 3000)],
            insets: (top: 0, bottom: 100))
        let layout = try await client.scroll(session: created.session, offset: 3000)
        print(layout.contentView.top, layout.children.map { ($0.id, $0.contentOffset.y) }, layout.eventTypes)
        XCTAssertEqual(layout.contentView.top, 2200)
        do {
            _ = try await client.scroll(session: "nope", offset: 0)
            XCTFail("expected an error")
        } catch let e as OmniScrollRPCError {
            print(e.code, e.param ?? "")   // -32001 params.session
            XCTAssertEqual(e.code, -32001)
        }
        await client.close()
    }

    func testLayoutKeepsUnknownMembers() throws {
        let v = try JSONParser.parse(#"""
        {"session":"s1","revision":3,"offset":600,"contentHeight":5000,"minOffset":0,"maxOffset":4300,
         "direction":"up","phase":"dragging","activeChild":"web","contentView":{"top":600,"height":1600},
         "children":[{"id":"web","frame":{"x":0,"y":600,"width":375,"height":800},"contentOffset":{"x":0,"y":600},
         "visibleHeight":800,"future":1}],"events":[{"type":"childWillHide","child":"web","offset":600}],
         "anchorShift":20,"clampShift":-30,"target":{"offset":2000,"pending":true},"newMember":{"a":1}}
        """#)
        let l = try Layout(json: v)
        XCTAssertEqual(l.extra["newMember"], ["a": 1])
        XCTAssertEqual(l.children[0].extra["future"], 1)
        XCTAssertEqual(l.events[0].offset, 600, "a member the contract declares for events")
        XCTAssertNil(l.events[0].extra["offset"])
        XCTAssertEqual(l.anchorShift, 20)
        XCTAssertEqual(l.clampShift, -30)
        XCTAssertNil(l.extra["clampShift"], "a documented member, not an unknown one")
        XCTAssertEqual(l.target?.pending, true)
    }
}
