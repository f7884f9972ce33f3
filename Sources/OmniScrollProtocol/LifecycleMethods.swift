import OmniScrollJSON
import OmniScrollOpenRPC

/// `initialize`, `shutdown`, `exit` and `rpc.discover`.
///
/// - `initialize` is optional; params `clientInfo` and `capabilities` are
///   accepted and ignored. The result names the server, the protocol version
///   and its capabilities (framings, batches, limits).
/// - `shutdown` answers null; afterwards every request except `exit` gets
///   -32600 "server is shutting down".
/// - `exit` (notification) stops the worker: exit code 0 after `shutdown`, 1
///   otherwise (as in LSP). End of input also stops it, with 0.
/// - `rpc.discover` returns the OpenRPC document (`protocol/openrpc.json`).
///
/// Protocol notifications (`$/cancelRequest` and any other `$/…`) are
/// accepted and ignored by the dispatcher; a `$/…` request gets -32601.
public enum LifecycleMethods: MethodGroup {
    public static func register(in registry: inout MethodRegistry) {
        let initializeResult = initializeResultBytes(limits: registry.limits)
        registry.register("initialize", params: ["clientInfo", "capabilities"]) { (_, params, result) throws(RPCError) in
            if let info = try params.optionalObject("clientInfo", members: ["name", "version"]) {
                _ = try info.optionalString("name")
                _ = try info.optionalString("version")
            }
            if let caps = params.optionalValue("capabilities"), caps.kind != .object {
                throw params.invalid("capabilities", "must be an object; got \(caps.typeDescription)")
            }
            result.raw(initializeResult)
        }
        registry.register("shutdown", params: []) { (state, _, result) throws(RPCError) in
            state.phase = .shuttingDown
            state.logger.info("shutdown received")
            result.null()
        }
        registry.register("exit", params: [], kind: .notification) { (state, _, result) throws(RPCError) in
            state.exitCode = state.phase == .shuttingDown ? 0 : 1
            result.null()
        }
        let document = discoverResultBytes()
        registry.register("rpc.discover", params: []) { (_, _, result) throws(RPCError) in
            result.raw(document)
        }
    }

    /// `protocol/openrpc.json` re-encoded as one compact line (what `rpc.discover` writes).
    static func discoverResultBytes() -> [UInt8] {
        let text = OpenRPCDocument.bytes
        var writer = JSONWriter(capacity: text.count)
        var parser = JSONParser()
        do {
            writer.value(try parser.parse(text).value)
        } catch {
            preconditionFailure("protocol/openrpc.json is not valid JSON: \(error)")
        }
        return writer.bytes
    }

    static func initializeResult(limits: Limits) -> JSONValue {
        var limitsObject = JSONObject()
        for flag in Limits.flags {
            limitsObject.append(camelCase(flag.flag), .number(Double(limits[keyPath: flag.keyPath])))
        }
        return [
            "serverInfo": ["name": "omniscroll", "version": .string(OmniScrollVersion.current)],
            "protocolVersion": .string(OmniScrollVersion.protocolVersion),
            "capabilities": [
                "framing": ["line", "content-length"],
                "batch": true,
                "limits": .object(limitsObject),
            ],
        ]
    }

    static func initializeResultBytes(limits: Limits) -> [UInt8] {
        var w = JSONWriter(capacity: 512)
        w.value(initializeResult(limits: limits))
        return w.bytes
    }

    /// `--max-message-bytes` → `maxMessageBytes`.
    static func camelCase(_ flag: String) -> String {
        var out = ""
        var upper = false
        for c in flag.dropFirst(2) {
            if c == "-" { upper = true; continue }
            out.append(upper ? Character(c.uppercased()) : c)
            upper = false
        }
        return out
    }
}
