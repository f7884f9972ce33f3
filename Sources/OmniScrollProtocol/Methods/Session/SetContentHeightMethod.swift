import OmniScrollCore
import OmniScrollJSON

/// `session.setContentHeight`: one child's measured size (a scroll child's
/// content height, a fixed or sticky child's height).
struct SetContentHeightMethod: MethodDeclaration {
    static let name: StaticString = "session.setContentHeight"
    static let params: [Member] = [
        .session,
        .required("child", .string()),
        .required("contentHeight", SessionParams.length),
    ]
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let contentHeight: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.string("child")
        contentHeight = try params.double("contentHeight")
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.size(child: child, contentHeight), to: session, &state, &result)
    }
}
