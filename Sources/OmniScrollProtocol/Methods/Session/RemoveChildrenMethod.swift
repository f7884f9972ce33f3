import OmniScrollCore
import OmniScrollJSON

/// `session.removeChildren`: children removed by id.
struct RemoveChildrenMethod: MethodDeclaration {
    static let name: StaticString = "session.removeChildren"
    static let params: [Member] = [.session, .required("children", .array(items: .string()))]
    static let result = ResultSchema.component("Layout")

    let session: String
    let children: [String]

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        let array = try params.array("children")
        var ids: [String] = []
        for i in 0..<array.count { ids.append(try array.string(at: i)) }
        children = ids
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.remove(children), to: session, &state, &result)
    }
}
