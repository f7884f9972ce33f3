import OmniScrollCore
import OmniScrollJSON

/// `initialize`: optional; `clientInfo` and `capabilities` are checked and
/// ignored. The result names the server, the protocol version and its
/// capabilities (framings, batches, limits). It changes no state.
struct InitializeMethod: MethodDeclaration {
    static let name: StaticString = "initialize"
    struct Params: ParamList {
        let clientInfo: Param<ParamDecoder?> = .optional("clientInfo", .object([.optional("name", .string()), .optional("version", .string())]))
        let capabilities: Param<JSONElement?> = .optional("capabilities", .anyObject)
    }
    static let params = Params()
    static let result = ResultSchema.component("InitializeResult")

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        if let info = try params.read(Self.params.clientInfo) {
            _ = try info.optionalString("name")
            _ = try info.optionalString("version")
        }
        _ = try params.read(Self.params.capabilities)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        result.value(Self.result(limits: state.limits))
    }

    static func result(limits: Limits) -> JSONValue {
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
