import OmniScrollCore
import OmniScrollJSON

/// `exit` (a notification only) stops the worker: exit code 0 after
/// `shutdown`, 1 otherwise (as in LSP). End of input also stops it, with 0.
struct ExitMethod: MethodDeclaration {
    static let name: StaticString = "exit"
    static let kind = MethodKind.notification
    static let params = NoParams()
    static let result = ResultSchema.none

    init(_ params: borrowing ParamDecoder) throws(RPCError) {}

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        state.exitCode = state.phase == .shuttingDown ? 0 : 1
        result.null()
    }
}
