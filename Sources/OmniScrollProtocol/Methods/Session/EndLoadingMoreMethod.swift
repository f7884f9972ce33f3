import OmniScrollCore
import OmniScrollJSON

/// `session.endLoadingMore`: the client finished loading more: load-more may
/// trigger again. `page`: the pager page whose load ended (each page keeps
/// its own state); without it, the list at the end now.
struct EndLoadingMoreMethod: MethodDeclaration {
    static let name: StaticString = "session.endLoadingMore"
    struct Params: ParamList {
        let session = SessionParams.session
        let page: Param<String?> = .optional("page", SessionParams.id)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let page: String?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        page = try params.read(Self.params.page)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(page.map { .endLoadingMore(page: $0) } ?? .endLoadingMore, to: session, &state, &result)
    }
}
