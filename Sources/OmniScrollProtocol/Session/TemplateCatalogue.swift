import OmniScrollJSON

/// The templates a worker knows by name: the built-ins, then those defined by
/// `--templates FILE` and `session.defineTemplate`, in the order they were
/// first defined. A defined name may be defined again (the new template
/// replaces the old; sessions made from it keep what they were made of);
/// a built-in's may not.
///
/// Bounded: at most `maxDefined` defined templates, each holding at most
/// `--max-children` children (checked as `session.create` checks them), so
/// definitions cannot grow the worker without end.
public struct TemplateCatalogue: Sendable {
    /// The most templates `--templates` and `session.defineTemplate` define
    /// together: a client has a handful of containers (seed 003's
    /// recommend and follow feeds); the bound keeps memory bounded.
    public static let maxDefined = 64

    /// The defined templates by name, and their names in definition order.
    private var defined: [String: SessionTemplate] = [:]
    private var definedNames: [String] = []

    public init() {}

    /// The templates of a `--templates` file: a JSON object whose members
    /// are templates by name. An invalid file defines nothing; the error
    /// names the member at fault (`feedA.children[2].kind`).
    public init(file bytes: [UInt8], limits: Limits) throws(RPCError) {
        var parser = JSONParser()
        let decoded = bytes.withUnsafeBytes { (raw) in Result { () throws(RPCError) -> TemplateCatalogue in
            let root: JSONElement
            do throws(JSONParseError) { root = try parser.parseElement(raw) } catch {
                throw RPCError.parseError("\(error.reason) at byte \(error.offset)")
            }
            guard root.kind == .object else { throw RPCError.invalidParams(path: "(file)", reason: "must be an object of templates by name") }
            // Checked as `session.defineTemplate` checks its params: a
            // repeated key, and a name no create could give (issue 26).
            if let key = root.duplicateKey { throw RPCError.invalidParams(path: key, reason: "duplicate key") }
            var catalogue = TemplateCatalogue()
            for member in root.members {
                let name = member.key.stringValue ?? ""
                let length = name.unicodeScalars.count
                guard length >= 1, length <= SessionParams.maxIDLength else {
                    throw RPCError.invalidParams(path: length == 0 ? "(file)" : name, reason: length == 0
                        ? "a template name must not be empty" : "a template name must be at most \(SessionParams.maxIDLength) characters")
                }
                guard member.value.kind == .object else { throw RPCError.invalidParams(path: name, reason: "must be an object") }
                if let path = Dispatcher.duplicatePath(in: member.value, path: name) {
                    throw RPCError.invalidParams(path: path, reason: "duplicate key")
                }
                let template = try SessionTemplate(ParamDecoder(
                    member.value, path: name, members: SessionTemplate.members, maxChildren: limits.maxChildren))
                try catalogue.define(name, template, path: name)
            }
            return catalogue
        } }
        self = try decoded.get()
    }

    /// The template `name`: a built-in or a defined one; -32602 at `path` when there is none.
    func template(named name: String, path: String) throws(RPCError) -> SessionTemplate {
        if let template = try SessionTemplate.builtIn(name) ?? defined[name] { return template }
        throw RPCError.invalidParams(path: path, reason: """
            no template '\(name)'; known: \((SessionTemplate.builtInNames + definedNames).joined(separator: ", "))
            """)
    }

    /// Defines (or redefines) `name`; a built-in's name is -32602 and a
    /// definition past `maxDefined` -32004, both at `path`, changing nothing.
    mutating func define(_ name: String, _ template: SessionTemplate, path: String) throws(RPCError) {
        guard !SessionTemplate.builtInNames.contains(name) else {
            throw RPCError.invalidParams(path: path, reason: "'\(name)' is a built-in template")
        }
        if defined[name] == nil {
            guard definedNames.count < Self.maxDefined else {
                throw RPCError.limitExceeded(limit: "defined templates", value: Self.maxDefined, path: path)
            }
            definedNames.append(name)
        }
        defined[name] = template
    }

    /// `session.templates`' result: `{templates: [{name, builtIn}]}`, built-ins first.
    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("templates")
        w.beginArray()
        for (names, builtIn) in [(SessionTemplate.builtInNames, true), (definedNames, false)] {
            for name in names {
                w.beginObject()
                w.key("name"); w.string(name)
                w.key("builtIn"); w.bool(builtIn)
                w.endObject()
            }
        }
        w.endArray()
        w.endObject()
    }
}
