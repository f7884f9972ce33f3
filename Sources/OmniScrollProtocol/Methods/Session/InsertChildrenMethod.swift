import OmniScrollCore
import OmniScrollJSON

/// `session.insertChildren`: children inserted before `index` (default: at the end).
struct InsertChildrenMethod: MethodDeclaration {
    static let name: StaticString = "session.insertChildren"
    struct Params: ParamList {
        let session = SessionParams.session
        let children: Param<ParamArray> = .required("children", .array(items: SessionParams.childSpec))
        let index: Param<Int?> = .optional("index", .integer(minimum: 0))
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let children: [ChildSpec]
    let index: Int?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.read(Self.params.session)
        children = try SessionParams.children(params.read(Self.params.children))
        index = try params.read(Self.params.index)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let existing = try state.sessions.session(session).engine.container().childCount
        try state.sessions.checkRoom(forChildren: children.count, existing: existing, path: "params.children")
        let index = index ?? existing
        guard index <= existing else {
            throw RPCError.invalidParams(path: "params.index", reason: "must be an integer in 0...\(existing)")
        }
        try SessionChange.apply(.insert(children, at: index), to: session, &state, &result)
    }
}
