import OmniScrollCore
import OmniScrollJSON

/// `session.setViewport`: the scroll view's new size.
struct SetViewportMethod: MethodDeclaration {
    static let name: StaticString = "session.setViewport"
    struct Params: ParamList {
        let session = SessionParams.session
        let viewport = ObjectMembers(SessionParams.viewport)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let viewport: Viewport

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        viewport = try SessionParams.viewport(params)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.viewport(viewport), to: session, &state, &result, path: SessionParams.flattenedPath(of:))
    }
}
