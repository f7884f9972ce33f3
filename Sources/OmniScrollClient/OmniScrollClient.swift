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
///     let layout = try await client.create(viewport: (width: 375, height: 800),
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
        if c.isNotification { try await notify(c.method, c.params, timeout: timeout); return .null }
        return try await request(c.method, c.params, timeout: timeout)
    }

    /// Sends a notification (never answered).
    public func notify(_ method: String, _ params: JSONObject? = nil, timeout: Double? = nil) async throws {
        _ = try await transport.send([.init(method: method, params: params.map { .object($0) }, notify: true)],
                                     asBatch: false, timeout: timeout ?? defaultTimeout)
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
                try? await notify(OmniScrollMethod.exit.rawValue)
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

    // MARK: typed API (each method's: Methods.swift, generated from the contract)

    /// Dispatches every Layout a typed call returns to `manager` (nil: stop).
    public func setComponents(_ manager: ComponentManager?) { components = manager }

    /// A generated method's call: sends it, decodes the reply, and hands the
    /// Layout it carries (also a session.get's or session.restore's) to the
    /// component manager before returning it.
    func typed<R>(_ c: RPCCall, timeout: Double?, _ decode: (JSONValue) throws -> R) async throws -> R {
        let result = try decode(try await call(c, timeout: timeout))
        if let components {
            if let layout = result as? Layout ?? (result as? AnyLayout)?.layout { components.dispatch(layout) }
        }
        return result
    }

    private func request(_ method: OmniScrollMethod, _ params: JSONObject? = nil, timeout: Double? = nil) async throws -> JSONValue {
        try await request(method.rawValue, params, timeout: timeout)
    }
}
