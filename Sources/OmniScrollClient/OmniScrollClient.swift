import Foundation
import OmniScrollJSON

/// One request for `OmniScrollClient.batch` (or `call`): a method, its named
/// params and whether it is a notification.
public struct RPCCall: Sendable {
    public var method: String
    public var params: JSONObject?
    public var isNotification: Bool

    public init(_ method: String, _ params: JSONObject? = nil, notification: Bool = false) {
        self.method = method
        self.params = params
        self.isNotification = notification
    }

    /// A call of one of the document's methods.
    public init(_ method: OmniScrollMethod, _ params: JSONObject? = nil, notification: Bool = false) {
        self.init(method.rawValue, params, notification: notification)
    }

    /// The same call sent as a notification (no reply).
    public var asNotification: RPCCall { RPCCall(method, params, notification: true) }
    // Each method's call, with every param: Calls.swift, generated from the contract.
}

/// Finds the worker: `path`, else `$OMNISCROLL_BIN`, else `omniscroll` on `PATH`.
public func resolveOmniScrollBinary(_ path: String? = nil) throws -> String {
    if let path, !path.isEmpty { return path }
    let env = ProcessInfo.processInfo.environment
    if let p = env["OMNISCROLL_BIN"], !p.isEmpty { return p }
    for dir in (env["PATH"] ?? "").split(separator: ":") {
        let candidate = String(dir) + "/omniscroll"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw OmniScrollClientError.workerNotFound
}

/// An OmniScroll client: spawns the `omniscroll` worker and binds its
/// JSON-RPC 2.0 API. Concurrent calls pipeline (many requests in flight,
/// replies matched by id); every call has a timeout; a dead worker is
/// reported with the tail of its stderr. Call `close()` when done.
///
///     let client = try OmniScrollClient()
///     let layout = try await client.create(width: 375, height: 800,
///         children: [.scroll("web", contentHeight: 2000), .scroll("list", contentHeight: 3000)])
///     let moved = try await client.scroll(session: layout.session, offset: 600)
///     _ = await client.close()
public actor OmniScrollClient {
    let transport: Transport
    /// Seconds a call waits for its reply unless given its own timeout.
    public let defaultTimeout: Double
    public let closeTimeout: Double
    private var closeStatus: Int32??
    /// Opt-in (`setComponents`): every Layout a typed call returns is
    /// dispatched to it before the call returns.
    public private(set) var components: ComponentManager?

    /// `record`: a path; every request and its reply are written there as a
    /// conformance transcript (`omniscroll trace` draws it, `Transcript.replay`
    /// replays it byte for byte); a recovered call's reply is the one recorded.
    /// `recover` (default on): a worker that dies is replaced and every
    /// session restored, so calls answer as if it never died; a snapshot is
    /// taken every `snapshotEvery` calls of a session (1 to 4096, default 1024), and
    /// `onWorkerDidRestart` is called after each restart (clients/README.md, "Recovery").
    public init(executable: String? = nil, arguments: [String] = [], timeout: Double = 30,
                maxInFlight: Int = 4096, maxLineBytes: Int = 64 << 20, stderrTailBytes: Int = 16 << 10,
                closeTimeout: Double = 5, environment: [String: String]? = nil, record: String? = nil,
                recover: Bool = true, snapshotEvery: Int = 1024,
                onWorkerDidRestart: (@Sendable (WorkerRestart) -> Void)? = nil) throws {
        let path = try resolveOmniScrollBinary(executable)
        transport = try Transport(
            executable: path, arguments: arguments, environment: environment,
            options: .init(maxInFlight: max(1, maxInFlight), maxLineBytes: max(1024, maxLineBytes),
                           stderrTailBytes: stderrTailBytes, closeTimeout: closeTimeout,
                           snapshotEvery: recover ? snapshotEvery : nil, onWorkerDidRestart: onWorkerDidRestart),
            record: record)
        defaultTimeout = timeout
        self.closeTimeout = closeTimeout
    }

    public nonisolated var processIdentifier: Int32 { transport.process.processIdentifier }
    /// The current worker's process id (a new one after each recovery).
    public nonisolated var workerPid: Int32 { transport.process.processIdentifier }
    public nonisolated var stderrTail: String { transport.tail.text }
    /// Error replies with `id: null` that matched no request (bounded).
    public nonisolated var unmatchedErrors: [OmniScrollRPCError] { transport.unmatchedErrors }

    // MARK: core

    /// Sends one request and returns its raw result; throws `OmniScrollRPCError`
    /// for an error reply.
    public func request(_ method: String, _ params: JSONObject? = nil, timeout: Double? = nil) async throws -> JSONValue {
        let out = try await transport.send([.init(method: method, params: params.map { .object($0) }, notify: false)],
                                           asBatch: false, timeout: timeout ?? defaultTimeout)
        switch out[0] {
        case .result(let v)?: return v
        case .error(let e)?: throw e
        case nil: return .null
        }
    }

    public func call(_ c: RPCCall, timeout: Double? = nil) async throws -> JSONValue {
        if c.isNotification { try await notify(c.method, c.params); return .null }
        return try await request(c.method, c.params, timeout: timeout)
    }

    /// Sends a notification (never answered).
    public func notify(_ method: String, _ params: JSONObject? = nil) async throws {
        _ = try await transport.send([.init(method: method, params: params.map { .object($0) }, notify: true)],
                                     asBatch: false, timeout: defaultTimeout)
    }

    /// Sends the calls as one JSON-RPC batch. Per entry, in order: the result
    /// or the error reply; `nil` for notifications.
    public func batch(_ calls: [RPCCall], timeout: Double? = nil) async throws -> [Result<JSONValue, OmniScrollRPCError>?] {
        guard !calls.isEmpty else { throw OmniScrollClientError.invalidArgument("a batch needs at least one call") }
        let out = try await transport.send(
            calls.map { .init(method: $0.method, params: $0.params.map { .object($0) }, notify: $0.isNotification) },
            asBatch: true, timeout: timeout ?? defaultTimeout)
        return out.map { o in
            switch o {
            case .result(let v)?: return .success(v)
            case .error(let e)?: return .failure(e)
            case nil: return nil
            }
        }
    }

    /// `shutdown` + `exit`, then waits (bounded) and kills if needed. Returns
    /// the worker's exit status (nil if unknown). Safe to call twice.
    @discardableResult
    public func close() async -> Int32? {
        if let closeStatus { return closeStatus }
        if !transport.closed {
            if (try? await request(.shutdown, nil, timeout: closeTimeout)) != nil {
                try? await notify(.exit)
            }
        }
        transport.markClosed()
        transport.closeStdin()
        if !(await transport.waitForExit(timeout: closeTimeout)) {
            transport.killWorker()
            _ = await transport.waitForExit(timeout: closeTimeout)
        }
        _ = await transport.waitForReader(timeout: closeTimeout)
        transport.failRemaining(.closed)
        transport.recorder?.close()
        let status: Int32? = transport.process.isRunning ? nil : transport.process.terminationStatus
        closeStatus = .some(status)
        return status
    }

    /// Kills the worker at once.
    public nonisolated func kill() { transport.killWorker() }

    // MARK: typed API

    /// Dispatches every Layout a typed call returns to `manager` (nil: stop).
    public func setComponents(_ manager: ComponentManager?) { components = manager }

    private func layout(_ method: OmniScrollMethod, _ params: JSONObject, _ timeout: Double?) async throws -> Layout {
        let v = try await request(method, params, timeout: timeout)
        let layout = try Layout(json: v)
        components?.dispatch(layout)
        return layout
    }

    private func request(_ method: OmniScrollMethod, _ params: JSONObject? = nil, timeout: Double? = nil) async throws -> JSONValue {
        try await request(method.rawValue, params, timeout: timeout)
    }

    private func notify(_ method: OmniScrollMethod) async throws { try await notify(method.rawValue) }

    public func initialize(clientInfo: JSONValue? = nil, capabilities: JSONValue? = nil,
                           timeout: Double? = nil) async throws -> InitializeResult {
        var p = JSONObject()
        if let clientInfo { p["clientInfo"] = clientInfo }
        if let capabilities { p["capabilities"] = capabilities }
        return try InitializeResult(json: try await request(.initialize, p, timeout: timeout))
    }

    public func shutdown(timeout: Double? = nil) async throws {
        _ = try await request(.shutdown, nil, timeout: timeout)
    }

    public func exit() async throws { try await notify(.exit) }

    /// `rpc.discover`: the OpenRPC document.
    public func discover(timeout: Double? = nil) async throws -> JSONValue {
        try await request(.rpcDiscover, nil, timeout: timeout)
    }

    public func create(width: Double, height: Double, children: [ChildSpec]? = nil,
                       insets: (top: Double, bottom: Double)? = nil, offset: Double? = nil, id: String? = nil,
                       template: String? = nil, options: JSONObject? = nil,
                       components: [ComponentRegistration]? = nil, timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["viewport": ["width": .number(width), "height": .number(height)]]
        if let children { p["children"] = .array(children.map(\.json)) }
        if let insets { p["insets"] = ["top": .number(insets.top), "bottom": .number(insets.bottom)] }
        if let offset { p["offset"] = .number(offset) }
        if let id { p["id"] = .string(id) }
        if let template { p["template"] = .string(template) }
        if let options { p["options"] = .object(options) }
        if let components { p["components"] = .array(components.map(\.json)) }
        return try await layout(.sessionCreate, p, timeout)
    }

    public func scroll(session: String, offset: Double, phase: ScrollPhase? = nil, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionScroll, RPCCall.scroll(session: session, offset: offset, phase: phase).params!, timeout)
    }

    /// A size once known stays known: the worker takes a number (an empty child is 0), never null.
    public func setContentHeight(session: String, child: String, contentHeight: Double,
                                 timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionSetContentHeight,
                         ["session": .string(session), "child": .string(child), "contentHeight": .number(contentHeight)], timeout)
    }

    public func update(session: String, sizes: [(String, Double)]? = nil, viewport: (width: Double, height: Double)? = nil,
                       insets: (top: Double, bottom: Double)? = nil, offset: Double? = nil, phase: ScrollPhase? = nil,
                       timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["session": .string(session)]
        if let sizes {
            let members = sizes.map { JSONObject.Member(key: $0.0, value: .number($0.1)) }
            p["sizes"] = .object(JSONObject(members))
        }
        if let viewport { p["viewport"] = ["width": .number(viewport.width), "height": .number(viewport.height)] }
        if let insets { p["insets"] = ["top": .number(insets.top), "bottom": .number(insets.bottom)] }
        if let offset { p["offset"] = .number(offset) }
        if let phase { p["phase"] = .string(phase.rawValue) }
        return try await layout(.sessionUpdate, p, timeout)
    }

    public func setViewport(session: String, width: Double, height: Double, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionSetViewport,
                         ["session": .string(session), "width": .number(width), "height": .number(height)], timeout)
    }

    public func setInsets(session: String, top: Double? = nil, bottom: Double? = nil, timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["session": .string(session)]
        if let top { p["top"] = .number(top) }
        if let bottom { p["bottom"] = .number(bottom) }
        return try await layout(.sessionSetInsets, p, timeout)
    }

    public func insertChildren(session: String, children: [ChildSpec], index: Int? = nil,
                               timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["session": .string(session), "children": .array(children.map(\.json))]
        if let index { p["index"] = .number(Double(index)) }
        return try await layout(.sessionInsertChildren, p, timeout)
    }

    public func removeChildren(session: String, children: [String], timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionRemoveChildren,
                         ["session": .string(session), "children": .array(children.map { .string($0) })], timeout)
    }

    public func scrollToChild(session: String, child: String, position: ScrollPosition? = nil, animated: Bool? = nil,
                              timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["session": .string(session), "child": .string(child)]
        if let position { p["position"] = .string(position.rawValue) }
        if let animated { p["animated"] = .bool(animated) }
        return try await layout(.sessionScrollToChild, p, timeout)
    }

    /// A tab tap: selects `page` of pager `child` at once (its offset policy places it).
    public func selectPage(session: String, child: String, page: String, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionSelectPage, ["session": .string(session), "child": .string(child), "page": .string(page)], timeout)
    }

    /// A horizontal swipe: pager `child` at horizontal `offset` (page k rests at k · width).
    public func scrollPager(session: String, child: String, offset: Double, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionScrollPager, ["session": .string(session), "child": .string(child), "offset": .number(offset)], timeout)
    }

    /// A swipe of pager `child` released at `velocity` (points/s, toward later pages positive): it snaps to a
    /// page on `tick`, its clock from `time` (default: the first tick's).
    public func endPagerDragging(session: String, child: String, velocity: Double, time: Double? = nil,
                                 timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["session": .string(session), "child": .string(child), "velocity": .number(velocity)]
        if let time { p["time"] = .number(time) }
        return try await layout(.sessionEndPagerDragging, p, timeout)
    }

    public func beginDragging(session: String, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionBeginDragging, ["session": .string(session)], timeout)
    }

    /// The finger's travel since `beginDragging` (UIKit's pan translation: negative moves the offset up).
    public func drag(session: String, translation: Double, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionDrag, ["session": .string(session), "translation": .number(translation)], timeout)
    }

    /// With `velocity` (points/s, the offset growing positive) the engine runs the release as a motion
    /// (`Layout.motion`); `time` is the release on the client's clock (default: the first tick's).
    public func endDragging(session: String, decelerate: Bool? = nil, velocity: Double? = nil, time: Double? = nil,
                            timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["session": .string(session)]
        if let decelerate { p["decelerate"] = .bool(decelerate) }
        if let velocity { p["velocity"] = .number(velocity) }
        if let time { p["time"] = .number(time) }
        return try await layout(.sessionEndDragging, p, timeout)
    }

    /// The client's frame clock (seconds): the running motion's position then.
    public func tick(session: String, time: Double, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionTick, ["session": .string(session), "time": .number(time)], timeout)
    }

    /// One sample of one finger (`down`, `move`, `up`, `cancel`; viewport points, seconds): the
    /// engine applies the slop, locks the axis, drags, swipes, flings and taps (docs/pointer.md).
    public func pointer(session: String, phase: String, x: Double, y: Double, time: Double,
                        timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionPointer, ["session": .string(session), "phase": .string(phase), "x": .number(x),
                                           "y": .number(y), "time": .number(time)], timeout)
    }

    public func endScrolling(session: String, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionEndScrolling, ["session": .string(session)], timeout)
    }

    public func endRefreshing(session: String, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionEndRefreshing, ["session": .string(session)], timeout)
    }

    /// `page`: the pager page whose load ended; `nil`: the list at the end now.
    public func endLoadingMore(session: String, page: String? = nil, timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["session": .string(session)]
        if let page { p["page"] = .string(page) }
        return try await layout(.sessionEndLoadingMore, p, timeout)
    }

    public func get(session: String, timeout: Double? = nil) async throws -> Layout {
        try await layout(.sessionGet, ["session": .string(session)], timeout)
    }

    public func list(timeout: Double? = nil) async throws -> [SessionInfo] {
        let v = try await request(.sessionList, nil, timeout: timeout)
        guard let a = v["sessions"]?.arrayValue else {
            throw OmniScrollClientError.unexpectedResult(method: OmniScrollMethod.sessionList.rawValue,
                                                         reason: "sessions must be an array")
        }
        return try a.map(SessionInfo.init(json:))
    }

    @discardableResult
    public func destroy(session: String, timeout: Double? = nil) async throws -> String {
        let v = try await request(.sessionDestroy, ["session": .string(session)], timeout: timeout)
        guard let s = v["session"]?.stringValue else {
            throw OmniScrollClientError.unexpectedResult(method: OmniScrollMethod.sessionDestroy.rawValue,
                                                         reason: "expected {session}")
        }
        return s
    }

    /// An opaque snapshot: pass it back to `restore` unchanged.
    public func snapshot(session: String, timeout: Double? = nil) async throws -> JSONValue {
        try await request(.sessionSnapshot, ["session": .string(session)], timeout: timeout)
    }

    public func restore(snapshot: JSONValue, id: String? = nil, timeout: Double? = nil) async throws -> Layout {
        var p: JSONObject = ["snapshot": snapshot]
        if let id { p["id"] = .string(id) }
        return try await layout(.sessionRestore, p, timeout)
    }

    /// `session.defineTemplate`: names a template (`children`, and `options`,
    /// `insets`, `components` as `create` takes them) that `create(template:)`
    /// starts from; answers every template then known.
    public func defineTemplate(name: String, children: [ChildSpec], options: JSONObject? = nil,
                               insets: (top: Double, bottom: Double)? = nil, components: [ComponentRegistration]? = nil,
                               timeout: Double? = nil) async throws -> [TemplateInfo] {
        var template: JSONObject = ["children": .array(children.map(\.json))]
        if let options { template["options"] = .object(options) }
        if let insets { template["insets"] = ["top": .number(insets.top), "bottom": .number(insets.bottom)] }
        if let components { template["components"] = .array(components.map(\.json)) }
        return try await templateList(.sessionDefineTemplate, ["name": .string(name), "template": .object(template)], timeout)
    }

    /// `session.templates`: the built-in templates, then the defined ones.
    public func templates(timeout: Double? = nil) async throws -> [TemplateInfo] {
        try await templateList(.sessionTemplates, nil, timeout)
    }

    private func templateList(_ method: OmniScrollMethod, _ params: JSONObject?, _ timeout: Double?) async throws -> [TemplateInfo] {
        let v = try await request(method, params, timeout: timeout)
        guard let a = v["templates"]?.arrayValue else {
            throw OmniScrollClientError.unexpectedResult(method: method.rawValue, reason: "templates must be an array")
        }
        return try a.map(TemplateInfo.init(json:))
    }

    /// `physics.fling` (stateless): where a release at `position` with
    /// `velocity` comes to rest, when, and the samples asked for (give
    /// `sampleInterval` or `times`, not both).
    public func fling(position: Double, velocity: Double, preset: PhysicsFlingPreset? = nil,
                      bounds: (min: Double, max: Double)? = nil, viewport: Double? = nil, snap: FlingSnap? = nil,
                      dragStart: Double? = nil, sampleInterval: Double? = nil, times: [Double]? = nil,
                      timeout: Double? = nil) async throws -> FlingResult {
        var p: JSONObject = ["position": .number(position), "velocity": .number(velocity)]
        if let preset { p["preset"] = .string(preset.rawValue) }
        if let bounds { p["bounds"] = ["min": .number(bounds.min), "max": .number(bounds.max)] }
        if let viewport { p["viewport"] = .number(viewport) }
        if let snap { p["snap"] = snap.json }
        if let dragStart { p["dragStart"] = .number(dragStart) }
        if let sampleInterval { p["sampleInterval"] = .number(sampleInterval) }
        if let times { p["times"] = .array(times.map { .number($0) }) }
        return try FlingResult(json: try await request(.physicsFling, p, timeout: timeout))
    }
}
