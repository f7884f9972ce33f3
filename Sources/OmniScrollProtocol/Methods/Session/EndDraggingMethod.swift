import OmniScrollCore
import OmniScrollJSON

/// `session.endDragging`: the finger lifted; phase `decelerating` when the
/// view keeps moving, `idle` otherwise.
struct EndDraggingMethod: MethodDeclaration {
    static let name: StaticString = "session.endDragging"
    static let params: [Member] = [.session, .optional("decelerate", .boolean)]
    static let result = ResultSchema.component("Layout")

    let session: String
    let decelerate: Bool

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        session = try params.string("session")
        decelerate = try params.optionalBool("decelerate") ?? false
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.phase(decelerate ? .decelerating : .idle), to: session, &state, &result)
    }
}
