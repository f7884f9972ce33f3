import OmniScrollCore
import OmniScrollJSON

/// `session.drag`: the finger's travel since `beginDragging` (UIKit's pan
/// translation: negative moves the offset up); the engine moves the offset to
/// `dragStart − translation`, rubber-banded past the bounds (docs/design.md#physics-and-motion).
struct DragMethod: MethodDeclaration {
    static let name: StaticString = "session.drag"
    struct Params: ParamList {
        let session = SessionParams.session
        let translation: Param<Double> = .required("translation", Schema.offset)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let translation: Double

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        translation = try params.read(Self.params.translation)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try SessionChange.apply(.drag(translation: translation), to: session, &state, &result)
    }
}
