import OmniScrollCore
import OmniScrollJSON

/// `session.removeChildren`: children removed by id.
struct RemoveChildrenMethod: MethodDeclaration {
    static let name: StaticString = "session.removeChildren"
    struct Params: ParamList {
        let session = SessionParams.session
        let children: Param<ParamArray> = .required("children", .array(items: .string()))
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let children: [String]

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        let array = try params.read(Self.params.children)
        var ids: [String] = []
        for i in 0..<array.count { ids.append(try array.string(at: i)) }
        children = ids
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.remove(children), to: session, &state, &result)
    }
}
