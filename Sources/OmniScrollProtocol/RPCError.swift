import OmniScrollJSON

/// A JSON-RPC error object, used as a value: handlers `throw` it (typed
/// throws) and the dispatcher writes it as the response's `error` member.
///
/// Conventions: `message` starts with the standard short text ("Invalid
/// params") followed by the detail; `data` carries the same detail in a
/// machine-readable form (`{"param": ..., "reason": ...}` for invalid params).
public struct RPCError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "RPCError(\(code), \(message))" }

    /// -32700. `data: {"reason": ..., "offset": byte offset}`.
    public static func parseError(_ reason: String, offset: Int? = nil) -> RPCError {
        var data: JSONObject = ["reason": .string(reason)]
        if let offset { data["offset"] = .number(Double(offset)) }
        let detail = offset.map { "\(reason) at byte \($0)" } ?? reason
        return RPCError(code: RPCErrorCode.parseError, message: "Parse error: \(detail)", data: .object(data))
    }

    /// -32600. `data: {"reason": ...}`.
    public static func invalidRequest(_ reason: String) -> RPCError {
        RPCError(code: RPCErrorCode.invalidRequest, message: "Invalid Request: \(reason)",
                 data: ["reason": .string(reason)])
    }

    /// -32601. `data: {"method": name}`.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: RPCErrorCode.methodNotFound, message: "Method not found: \(method)",
                 data: ["method": .string(method)])
    }

    /// -32602. `path` is a JSON path from the request (`params.children[2].contentHeight`).
    public static func invalidParams(path: String, reason: String) -> RPCError {
        RPCError(code: RPCErrorCode.invalidParams, message: "Invalid params: \(path): \(reason)",
                 data: ["param": .string(path), "reason": .string(reason)])
    }

    /// -32603.
    public static func internalError(_ reason: String) -> RPCError {
        RPCError(code: RPCErrorCode.internalError, message: "Internal error: \(reason)",
                 data: ["reason": .string(reason)])
    }

    /// -32001. `data: {"param": path, "reason": ...}`.
    public static func sessionNotFound(_ session: String, path: String = "params.session") -> RPCError {
        applicationError(RPCErrorCode.sessionNotFound, "Session not found", path: path,
                         reason: "no session with id \(quoted(session))")
    }

    /// -32002. `data: {"param": path, "reason": ...}`.
    public static func childNotFound(_ child: String, path: String) -> RPCError {
        applicationError(RPCErrorCode.childNotFound, "Child not found", path: path,
                         reason: "no child with id \(quoted(child))")
    }

    /// -32003. `data: {"param": path, "reason": ...}`.
    public static func sessionAlreadyExists(_ session: String, path: String = "params.session") -> RPCError {
        applicationError(RPCErrorCode.sessionAlreadyExists, "Session already exists", path: path,
                         reason: "a session with id \(quoted(session)) already exists")
    }

    /// -32004. `limit` names the flag (`--max-sessions`); `data: {"param", "reason", "limit", "value"}`.
    public static func limitExceeded(limit: String, value: Int, path: String) -> RPCError {
        var e = applicationError(RPCErrorCode.limitExceeded, "Limit exceeded", path: path,
                                 reason: "exceeds \(limit) (\(value))")
        e.data?.objectAppend("limit", .string(limit))
        e.data?.objectAppend("value", .number(Double(value)))
        return e
    }

    /// -32800.
    public static let requestCancelled = RPCError(code: RPCErrorCode.requestCancelled, message: "Request cancelled")

    private static func applicationError(_ code: Int, _ title: String, path: String, reason: String) -> RPCError {
        RPCError(code: code, message: "\(title): \(path): \(reason)",
                 data: ["param": .string(path), "reason": .string(reason)])
    }

    private static func quoted(_ s: String) -> String {
        var w = JSONWriter(capacity: s.utf8.count + 2)
        w.string(s)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Writes the error object (`{"code":…,"message":…,"data":…}`).
    public func write(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("code" as StaticString)
        writer.number(code)
        writer.key("message" as StaticString)
        writer.string(message)
        if let data {
            writer.key("data" as StaticString)
            writer.value(data)
        }
        writer.endObject()
    }
}

extension JSONValue {
    fileprivate mutating func objectAppend(_ key: String, _ value: JSONValue) {
        if case .object(var o) = self {
            o.append(key, value)
            self = .object(o)
        }
    }
}
