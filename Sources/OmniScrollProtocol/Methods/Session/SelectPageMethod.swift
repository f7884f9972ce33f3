import OmniScrollCore
import OmniScrollJSON

/// `session.selectPage`: a tab tap; the pager switches to `page` at once,
/// placing it by its offset policy (docs/design.md#pager).
struct SelectPageMethod: MethodDeclaration {
    static let name: StaticString = "session.selectPage"
    struct Params: ParamList {
        let session = SessionParams.session
        let child: Param<String> = .required("child", SessionParams.id)
        let page: Param<String> = .required("page", SessionParams.id)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let page: String

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.read(Self.params.child)
        page = try params.read(Self.params.page)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.selectPage(page, in: child), to: session, &state, &result)
    }
}
