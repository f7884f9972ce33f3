import OmniScrollCore
import OmniScrollJSON
import OmniScrollOpenRPC

/// `rpc.discover`: the OpenRPC document (`protocol/openrpc.json`, embedded
/// in the binary) as one compact line.
struct DiscoverMethod: MethodDeclaration {
    static let name: StaticString = "rpc.discover"
    static let params = NoParams()
    static let result = ResultSchema.external("https://raw.githubusercontent.com/open-rpc/meta-schema/master/schema.json")

    /// The document re-encoded once, on the first call.
    static let document: [UInt8] = {
        let text = OpenRPCDocument.bytes
        var writer = JSONWriter(capacity: text.count)
        var parser = JSONParser()
        do {
            writer.value(try parser.parse(text).value)
        } catch {
            preconditionFailure("protocol/openrpc.json is not valid JSON: \(error)")
        }
        return writer.bytes
    }()

    init(_ params: borrowing ParamDecoder) throws(RPCError) {}

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        result.raw(Self.document)
    }
}
