import OmniScrollCore
import OmniScrollJSON

/// `session.setContentHeight`: one child's measured size (a scroll child's
/// content height, a fixed or sticky child's height).
struct SetContentHeightMethod: MethodDeclaration {
    static let name: StaticString = "session.setContentHeight"
    struct Params: ParamList {
        let session = SessionParams.session
        let child: Param<String> = .required("child", .string())
        let contentHeight: Param<Double> = .required("contentHeight", Schema.length)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let contentHeight: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.read(Self.params.child)
        contentHeight = try params.read(Self.params.contentHeight)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.size(child: child, contentHeight), to: session, &state, &result)
    }
}
