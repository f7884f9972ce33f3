import OmniScrollCore
import OmniScrollJSON

/// `session.selectPage`: a tab tap; the pager switches to `page` at once,
/// placing it by its offset policy (docs/design.md#pager).
struct SelectPageMethod: MethodDeclaration {
    static let name: StaticString = "session.selectPage"
    static let params: [Member] = [
        .session,
        .required("child", SessionParams.id),
        .required("page", SessionParams.id),
    ]
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let page: String

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.string("child")
        page = try params.string("page")
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.selectPage(page, in: child), to: session, &state, &result)
    }
}
