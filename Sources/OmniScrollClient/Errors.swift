import OmniScrollJSON

/// A JSON-RPC error reply from the worker. For -32602 (invalid params),
/// `data` is `{"param": ..., "reason": ...}`. The error codes are statics
/// (`OmniScrollRPCError.sessionNotFound`), generated in Generated.swift.
public struct OmniScrollRPCError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    init(json: JSONValue) {
        code = json["code"]?.intValue ?? OmniScrollRPCError.internalError
        message = json["message"]?.stringValue ?? ""
        data = json["data"]
    }

    /// The JSON path of the rejected value, e.g. `params.offset`.
    public var param: String? { data?["param"]?.stringValue }
    /// For -32602: why it was rejected.
    public var reason: String? { data?["reason"]?.stringValue }

    public var description: String {
        var s = "\(message) (\(code))"
        if let data {
            var w = JSONWriter(capacity: 64)
            w.value(data)
            s += ": " + String(decoding: w.bytes, as: UTF8.self)
        }
        return s
    }
}

/// Failures of the client itself (as opposed to error replies).
public enum OmniScrollClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No worker binary: pass a path, set `OMNISCROLL_BIN`, or put `omniscroll` on `PATH`.
    case workerNotFound
    /// The worker could not be started.
    case spawnFailed(String)
    /// The worker exited or crashed. `status` is the exit code, or the signal
    /// number when `signaled`; `stderrTail` is the end of its stderr. When
    /// recovery gave up (the worker died a second time on the same call),
    /// `transcript` is the path of a conformance transcript that reproduces
    /// the crash from a fresh worker (clients/README.md, "Recovery").
    case workerDied(status: Int32?, signaled: Bool, stderrTail: String, detail: String, transcript: String? = nil)
    /// No reply within the call's timeout (seconds). The worker keeps running.
    case timeout(method: String, seconds: Double)
    /// The worker wrote something that is not a JSON-RPC reply, or a reply
    /// larger than the client's bound. The client closes the worker.
    case protocolViolation(String)
    /// A reply's result did not have the documented shape.
    case unexpectedResult(method: String, reason: String)
    /// A parameter cannot be sent (a non-finite number, an empty batch…).
    case invalidArgument(String)
    /// The client was closed.
    case closed

    public var description: String {
        switch self {
        case .workerNotFound:
            return "omniscroll worker not found: pass its path, set OMNISCROLL_BIN, or put omniscroll on PATH"
        case .spawnFailed(let s): return "could not start the omniscroll worker: \(s)"
        case .workerDied(let status, let signaled, let tail, let detail, _):
            var s = "omniscroll worker is not running ("
                + (status.map { signaled ? "signal \($0)" : "exit status \($0)" } ?? "status unknown") + ")"
            if !detail.isEmpty { s += ": \(detail)" }
            if !tail.isEmpty { s += "\n--- worker stderr (tail) ---\n" + tail }
            return s
        case .timeout(let m, let t): return "\(m): no reply within \(t)s"
        case .protocolViolation(let s): return "protocol violation: \(s)"
        case .unexpectedResult(let m, let r): return "\(m): unexpected result: \(r)"
        case .invalidArgument(let s): return "invalid argument: \(s)"
        case .closed: return "client is closed"
        }
    }
}
