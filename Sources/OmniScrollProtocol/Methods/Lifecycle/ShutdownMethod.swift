import OmniScrollCore
import OmniScrollJSON

/// `shutdown`: answers null; afterwards every request except `exit` gets
/// -32600 "server is shutting down".
struct ShutdownMethod: MethodDeclaration {
    static let name: StaticString = "shutdown"
    static let params = NoParams()
    static let result = ResultSchema.null

    init(_ params: borrowing ParamDecoder) throws(RPCError) {}

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        state.phase = .shuttingDown
        state.logger.info("shutdown received")
        result.null()
    }
}
