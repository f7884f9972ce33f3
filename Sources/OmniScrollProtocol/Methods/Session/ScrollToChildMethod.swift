import OmniScrollCore
import OmniScrollJSON

/// `session.scrollToChild`: scrolls so a child sits at `position`; pending
/// while its size is unknown.
struct ScrollToChildMethod: MethodDeclaration {
    static let name: StaticString = "session.scrollToChild"
    static let params: [Member] = [
        .session,
        .required("child", .string()),
        .optional("position", .enumeration(of: ScrollPosition.self)),
        .optional("animated", .boolean),
    ]
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let position: ScrollPosition
    let animated: Bool

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.string("child")
        position = try params.optionalEnumeration("position") ?? .top
        animated = try params.optionalBool("animated") ?? false
        session = try params.string("session")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.scrollToChild(child, position: position, animated: animated), to: session, &state, &result)
    }
}
