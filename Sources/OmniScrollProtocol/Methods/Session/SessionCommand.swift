import OmniScrollCore
import OmniScrollJSON

/// A method whose only param is `session` and which applies one fixed
/// change (`beginDragging`, `endScrolling`…): its declaration is its name
/// and its change.
protocol SessionCommand: MethodDeclaration where Params == SessionOnlyParams {
    static var change: ContainerChange { get }
    var session: String { get }
    init(session: String)
}

extension SessionCommand {
    static var params: SessionOnlyParams { SessionOnlyParams() }
    static var result: ResultSchema { .component("Layout") }

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        self.init(session: try params.read(Self.params.session))
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(Self.change, to: session, &state, &result)
    }
}
