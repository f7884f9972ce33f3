import OmniScrollCore
import OmniScrollJSON

/// `session.scrollPager`: a horizontal swipe; the pages in view at `offset`
/// are laid out, the selection and the vertical offset stay put (docs/design.md#pager).
struct ScrollPagerMethod: MethodDeclaration {
    static let name: StaticString = "session.scrollPager"
    struct Params: ParamList {
        let session = SessionParams.session
        let child: Param<String> = .required("child", SessionParams.id)
        let offset: Param<Double> = .required("offset", Schema.offset)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let offset: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.read(Self.params.child)
        offset = try params.read(Self.params.offset)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.scrollPager(child, offset: offset), to: session, &state, &result)
    }
}
