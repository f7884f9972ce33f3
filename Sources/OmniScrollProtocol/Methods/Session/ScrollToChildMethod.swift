import OmniScrollCore
import OmniScrollJSON

/// `session.scrollToChild`: scrolls so a child sits at `position`; pending
/// while its size is unknown.
struct ScrollToChildMethod: MethodDeclaration {
    static let name: StaticString = "session.scrollToChild"
    struct Params: ParamList {
        let session = SessionParams.session
        let child: Param<String> = .required("child", .string())
        let position: Param<ScrollPosition?> = .optional("position", .enumeration(of: ScrollPosition.self))
        let animated: Param<Bool?> = .optional("animated", .boolean)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let child: String
    let position: ScrollPosition
    let animated: Bool

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        child = try params.read(Self.params.child)
        position = try params.read(Self.params.position) ?? .top
        animated = try params.read(Self.params.animated) ?? false
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.scrollToChild(child, position: position, animated: animated), to: session, &state, &result)
    }
}
