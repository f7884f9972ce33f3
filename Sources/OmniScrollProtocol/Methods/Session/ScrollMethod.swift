import OmniScrollCore
import OmniScrollJSON

/// `session.scroll`: moves the container to `offset`, optionally setting
/// the phase in the same call. The hot path: one per frame while scrolling.
struct ScrollMethod: MethodDeclaration {
    static let name: StaticString = "session.scroll"
    struct Params: ParamList {
        let session = SessionParams.session
        let offset: Param<Double> = .required("offset", Schema.offset)
        let phase: Param<ScrollPhase?> = .optional("phase", SessionParams.scrollPhase)
    }
    static let params = Params()
    static let result = ResultSchema.component("Layout")

    let session: String
    let offset: Double
    let phase: ScrollPhase?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        offset = try params.read(Self.params.offset)
        phase = try params.read(Self.params.phase, among: SessionParams.phaseNames)
        session = try params.read(Self.params.session)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        if let phase {
            try SessionChange.apply(.offset(offset), phase: phase, to: session, &state, &result)
        } else {
            try SessionChange.apply(.offset(offset), to: session, &state, &result)
        }
    }
}
