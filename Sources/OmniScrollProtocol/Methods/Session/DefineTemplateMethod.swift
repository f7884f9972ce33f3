import OmniScrollCore
import OmniScrollJSON

/// `session.defineTemplate`: names a template (children, options, insets,
/// components) that later `session.create` calls may start from. The
/// template is checked whole, as a create would check it, before it is
/// defined; a fault is -32602 at its path under `params.template` and
/// defines nothing. Answers with the templates then known (`session.templates`).
struct DefineTemplateMethod: MethodDeclaration {
    static let name: StaticString = "session.defineTemplate"
    struct Params: ParamList {
        let name: Param<String> = .required("name", SessionParams.id)
        let template: Param<ParamDecoder> = .required("template", SessionTemplate.schema)
    }
    static let params = Params()
    static let result = ResultSchema.component("TemplateList")

    let name: String
    let template: SessionTemplate

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        name = try params.read(Self.params.name)
        template = try SessionTemplate(params.read(Self.params.template))
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        try state.templates.define(name, template, path: "params.name")
        state.templates.write(into: &result)
    }
}
