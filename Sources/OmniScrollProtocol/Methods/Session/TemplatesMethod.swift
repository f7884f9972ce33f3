import OmniScrollCore
import OmniScrollJSON

/// `session.templates`: every template `session.create` takes by name, the
/// built-ins first, then the defined ones in the order they were first defined.
struct TemplatesMethod: MethodDeclaration {
    static let name: StaticString = "session.templates"
    static let params = NoParams()
    static let result = ResultSchema.component("TemplateList")

    init(_ params: borrowing ParamDecoder) throws(RPCError) {}

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        state.templates.write(into: &result)
    }
}
