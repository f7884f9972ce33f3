import OmniScrollCore
import OmniScrollJSON

/// `session.scrollPager`: a horizontal swipe; the pages in view at `offset`
/// are laid out, the selection and the vertical offset stay put (docs/design.md#pager).
struct ScrollPagerMethod: MethodDeclaration {
    static let name: StaticString = "session.scrollPager"
    static let params: [Member] = [
        .session,
        .required("child", SessionParams.id),
        .required("offset", SessionParams.offset),
    ]
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let offset: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.string("child")
        offset = try params.double("offset")
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.scrollPager(child, offset: offset), to: session, &state, &result)
    }
}
