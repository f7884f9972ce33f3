import OmniScrollJSON

/// Turns one message (a JSON text: a request, a notification or a batch) into
/// at most one reply, exactly per JSON-RPC 2.0, and runs the handlers.
///
/// Validation order for one request object (the first failure answers):
/// 1. not an object → -32600, id null;
/// 2. a key repeated in the request object → -32600 (id null when `id` itself is repeated);
/// 3. `id` not a string, integer (|n| ≤ 2^53−1) or null → -32600, id null;
/// 4. `jsonrpc` not exactly "2.0", `method` not a string, `params` not
///    structured, or an unknown member → -32600;
/// — from here on, messages without `id` are notifications and never answered —
/// 5. `$/…` request → -32601 (`$/…` notifications are ignored);
/// 6. after `shutdown`, any request but `exit` → -32600 "server is shutting down";
/// 7. unknown method → -32601 with `data.method`;
/// 8. a notification-only method called with an id (`exit`) → -32600;
/// 9. positional params → -32602 `params: must be an object (named params); got an array`;
/// 10. a key repeated anywhere inside params → -32602 naming its path, reason "duplicate key";
/// 11. unknown params member → -32602; then the method's declared checks.
///
/// Batches: an empty batch or one longer than `--max-batch` gets a single
/// -32600; otherwise entries run in order and the replies form one array
/// (nothing is written when every entry was a notification). An `exit`
/// notification inside a batch stops the batch after that entry.
public struct Dispatcher {
    public var state: WorkerState
    public let registry: MethodRegistry
    private var parser: JSONParser
    /// The last method looked up: pipelined clients repeat methods, and a
    /// string comparison is cheaper than hashing the name.
    private var lastMethod: Method?
    /// `--check-invariants`: the promises checked after every successful
    /// request, a broken one answered as -32603 (docs/protocol.md,
    /// "Checking the promises"); nil, and no cost but one test, otherwise.
    public var invariants: InvariantChecker?

    public init(registry: MethodRegistry, state: WorkerState, checkingInvariants: Bool = false) {
        self.registry = registry
        self.state = state
        self.parser = JSONParser(maxDepth: state.limits.maxDepth)
        invariants = checkingInvariants ? InvariantChecker() : nil
    }

    /// Handles one message and writes its reply, if any, as one JSON value
    /// into `out`. Returns whether a reply was written.
    @discardableResult
    public mutating func handle(_ body: UnsafeRawBufferPointer, into out: inout JSONWriter) -> Bool {
        defer { parser.tape.trim() }
        let root: JSONElement
        do {
            root = try parser.parseElement(body)
        } catch {
            Response.writeError(.parseError(error.reason, offset: error.offset), id: .null, into: &out)
            return true
        }
        let duplicates = parser.tape.hasDuplicateKeys
        switch root.kind {
        case .object:
            return handleEntry(root, duplicates: duplicates, into: &out)
        case .array:
            if root.count == 0 {
                Response.writeError(.invalidRequest("empty batch"), id: .null, into: &out)
                return true
            }
            if root.count > state.limits.maxBatch {
                Response.writeError(
                    .invalidRequest("batch has \(root.count) entries; at most \(state.limits.maxBatch) allowed (--max-batch)"),
                    id: .null, into: &out)
                return true
            }
            let mark = out.count
            let needsComma = out.needsComma
            out.beginArray()
            var wrote = false
            for entry in root.elements {
                if handleEntry(entry, duplicates: duplicates, into: &out) {
                    wrote = true
                }
                if state.exitCode != nil { break }
            }
            if wrote {
                out.endArray()
            } else {
                out.truncate(to: mark, needsComma: needsComma)
            }
            return wrote
        default:
            Response.writeError(
                .invalidRequest("a message must be a request object or a batch array; got \(root.typeDescription)"),
                id: .null, into: &out)
            return true
        }
    }

    /// Convenience for tests and tools: handles `message` and returns the reply bytes.
    public mutating func handle(_ message: String) -> String? {
        var out = JSONWriter()
        var bytes = Array(message.utf8)
        let wrote = bytes.withUnsafeMutableBytes { handle(UnsafeRawBufferPointer($0), into: &out) }
        return wrote ? String(decoding: out.bytes, as: UTF8.self) : nil
    }

    private mutating func handleEntry(_ request: JSONElement, duplicates: Bool, into out: inout JSONWriter) -> Bool {
        guard request.kind == .object else {
            reply(.invalidRequest("a request must be an object; got \(request.typeDescription)"), id: Response.nullID, &out)
            return true
        }
        // One pass over the members. The id is echoed as the bytes it was
        // received as, straight from the message (no `RequestID` or `String`
        // is built per request); keys and "2.0" are compared as bytes.
        var idValue: JSONElement?
        var version: JSONElement?
        var methodValue: JSONElement?
        var params: JSONElement?
        var unknownKey: JSONElement?
        for member in request.members {
            switch EnvelopeKey(member.key) {
            case .jsonrpc?: if version == nil { version = member.value }
            case .method?: if methodValue == nil { methodValue = member.value }
            case .params?: if params == nil { params = member.value }
            case .id?: if idValue == nil { idValue = member.value }
            case nil: if unknownKey == nil { unknownKey = member.key }
            }
        }
        var id: UnsafeRawBufferPointer?
        var idError: String?
        if let idValue {
            if RequestID.isValid(idValue) {
                id = idValue.rawBytes
            } else {
                idError = "id must be a string, an integer (|n| ≤ 2^53−1) or null; got \(idValue.typeDescription)"
            }
        }
        if duplicates, let key = request.duplicateKey {
            reply(.invalidRequest("duplicate key \"\(key)\" in the request object"), id: key == "id" ? Response.nullID : id ?? Response.nullID, &out)
            return true
        }
        if let idError {
            reply(.invalidRequest(idError), id: Response.nullID, &out)
            return true
        }
        if let unknownKey {
            reply(.invalidRequest("unknown member \"\(unknownKey.stringValue ?? "")\" in the request object; expected jsonrpc, id, method, params"),
                  id: id ?? Response.nullID, &out)
            return true
        }
        guard let version, version.isString("2.0") else {
            reply(.invalidRequest(version == nil ? "missing \"jsonrpc\": \"2.0\"" : "\"jsonrpc\" must be exactly \"2.0\""),
                  id: id ?? Response.nullID, &out)
            return true
        }
        guard let methodValue, methodValue.kind == .string else {
            let got = methodValue.map { "; got \($0.typeDescription)" } ?? ""
            reply(.invalidRequest("\"method\" must be a string\(got)"), id: id ?? Response.nullID, &out)
            return true
        }
        if let params, params.kind != .object, params.kind != .array {
            reply(.invalidRequest("\"params\" must be an object or an array; got \(params.typeDescription)"), id: id ?? Response.nullID, &out)
            return true
        }

        // A well-formed request or notification from here on.
        guard let id else {
            runNotification(methodValue.stringValue!, params: params, duplicates: duplicates, &out)
            return false
        }
        let registered: Method
        do throws(RPCError) {
            registered = try lookup(methodValue)
        } catch {
            reply(error, id: id, &out)
            return true
        }
        let mark = out.count
        let needsComma = out.needsComma
        do throws(RPCError) {
            let decoder = try decoder(for: registered, params: params, duplicates: duplicates)
            Response.writeHead(rawID: id, member: "result", into: &out)
            let resultStart = out.count
            let nonFinite = out.nonFiniteNumbers
            let handOvers = out.handOvers
            try registered.run(&state, decoder, &out)
            if _slowPath(out.nonFiniteNumbers != nonFinite) {
                // A reply that has begun to stream (1 024 or more children)
                // cannot be taken back, nor the member found in what is
                // gone: it is finished as written and the bug logged
                // (docs/protocol.md, "Errors").
                guard out.handOvers != handOvers else { throw Self.nonFiniteError(in: out, from: resultStart) }
                state.logger.error("a streamed reply held a non-finite number, written as null (a bug)")
            }
            if invariants != nil { try checkInvariants(after: registered, params: params, resultFrom: resultStart, out) }
            out.endObject()
        } catch {
            out.truncate(to: mark, needsComma: needsComma)
            reply(error, id: id, &out)
        }
        return true
    }

    private mutating func lookup(_ name: JSONElement) throws(RPCError) -> Method {
        if let last = lastMethod, state.phase == .running, name.isString(last.name) { return last }
        let method = name.stringValue!
        if Self.isProtocolMethod(method) { throw RPCError.methodNotFound(method) }
        if state.phase == .shuttingDown && method != "exit" {
            throw RPCError.invalidRequest("server is shutting down")
        }
        guard let registered = registry[method] else { throw RPCError.methodNotFound(method) }
        if registered.kind == .notification {
            throw RPCError.invalidRequest("\"\(method)\" is a notification; send it without an id")
        }
        lastMethod = registered
        return registered
    }

    private func decoder(for method: Method, params: JSONElement?, duplicates: Bool) throws(RPCError) -> ParamDecoder {
        if let params, params.kind != .object {
            throw RPCError.invalidParams(path: "params", reason: "must be an object (named params); got \(params.typeDescription)")
        }
        if duplicates, let params, let path = Self.duplicatePath(in: params, path: "params") {
            throw RPCError.invalidParams(path: path, reason: "duplicate key")
        }
        return try ParamDecoder(params, members: method.params, maxChildren: state.limits.maxChildren)
    }

    private mutating func runNotification(_ method: String, params: JSONElement?, duplicates: Bool, _ out: inout JSONWriter) {
        if Self.isProtocolMethod(method) { return }  // $/cancelRequest and friends: nothing to do
        guard let registered = registry[method] else {
            state.logger.debug("ignoring notification for unknown method \(method)")
            return
        }
        if state.phase == .shuttingDown && method != "exit" { return }
        // Its result is dropped, so none of it may stream out (`JSONWriter.sink`).
        let sink = out.sink
        out.sink = nil
        defer { out.sink = sink }
        let mark = out.count
        let needsComma = out.needsComma
        do throws(RPCError) {
            let decoder = try decoder(for: registered, params: params, duplicates: duplicates)
            try registered.run(&state, decoder, &out)
        } catch {
            state.logger.debug("notification \(method) failed: \(error.message)")
        }
        out.truncate(to: mark, needsComma: needsComma)
    }

    /// Runs the invariant checker on the call just made; the broken promise, if any, as -32603.
    private mutating func checkInvariants(after method: Method, params: JSONElement?, resultFrom start: Int,
                                          _ out: JSONWriter) throws(RPCError) {
        let text = out.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[start...]), as: UTF8.self) }
        let result = (try? JSONParser.parse(text, maxDepth: 256)) ?? .null
        let given = params.flatMap { try? JSONParser.parse(String(decoding: $0.rawBytes, as: UTF8.self), maxDepth: 256) }
        if let violation = invariants?.check(method: method.name.description, params: given, result: result,
                                              state: state, registry: registry) {
            throw violation.rpcError
        }
    }

    /// A result that held a non-finite number (written as `null`) is never
    /// sent: -32603 naming the member (docs/protocol.md, "Errors").
    static func nonFiniteError(in out: JSONWriter, from start: Int) -> RPCError {
        let member = out.withUnsafeBytes { bytes -> String in
            // The member name is the last quoted text before the `:` that precedes the number.
            var end = out.lastNonFiniteAt
            while end > start, bytes[end - 1] != UInt8(ascii: "\"") { end -= 1 }
            var begin = end - 1
            while begin > start, bytes[begin - 1] != UInt8(ascii: "\"") { begin -= 1 }
            return begin < end - 1 && end > start ? String(decoding: bytes[begin..<(end - 1)], as: UTF8.self) : ""
        }
        let reason = "a non-finite number in the result member \"\(member)\"; the reply was not sent"
        return RPCError(code: RPCErrorCode.internalError, message: "Internal error: \(reason)",
                        data: ["reason": .string(reason), "member": .string(member)])
    }

    /// `$/…` methods are LSP protocol notifications.
    @inline(__always)
    static func isProtocolMethod(_ method: String) -> Bool {
        var utf8 = method.utf8.makeIterator()
        return utf8.next() == UInt8(ascii: "$") && utf8.next() == UInt8(ascii: "/")
    }

    @inline(__always)
    private func reply(_ error: RPCError, id: UnsafeRawBufferPointer, _ out: inout JSONWriter) {
        Response.writeError(error, rawID: id, into: &out)
    }

    /// The path of the first repeated key inside `value` (`params.viewport.width`), if any.
    static func duplicatePath(in value: JSONElement, path: String) -> String? {
        switch value.kind {
        case .object:
            if let key = value.duplicateKey { return "\(path).\(key)" }
            for member in value.members {
                if let p = duplicatePath(in: member.value, path: "\(path).\(member.key.stringValue!)") { return p }
            }
            return nil
        case .array:
            for (i, element) in value.elements.enumerated() {
                if let p = duplicatePath(in: element, path: "\(path)[\(i)]") { return p }
            }
            return nil
        default:
            return nil
        }
    }
}

/// The members of a request object, recognised by their bytes.
private enum EnvelopeKey {
    case jsonrpc, id, method, params

    /// The key's length as received picks the one name to compare: one
    /// comparison a member instead of up to four (issue 28). A key spelled
    /// with escapes, or an unknown one, is compared with each name.
    @inline(__always)
    init?(_ key: JSONElement) {
        switch key.rawBytes.count {
        case 4 where key.isString("id"): self = .id
        case 8 where key.isString("method"): self = .method
        case 8 where key.isString("params"): self = .params
        case 9 where key.isString("jsonrpc"): self = .jsonrpc
        default: self.init(comparingEach: key)
        }
    }

    private init?(comparingEach key: JSONElement) {
        if key.isString("id") {
            self = .id
        } else if key.isString("method") {
            self = .method
        } else if key.isString("params") {
            self = .params
        } else if key.isString("jsonrpc") {
            self = .jsonrpc
        } else {
            return nil
        }
    }
}
