import OmniScrollCore
import OmniScrollJSON

/// One registered method: its declaration's data and its decode-and-apply.
/// A class: the dispatcher keeps the last one called, and holding it costs
/// one reference.
public final class Method: Sendable {
    /// The name as its literal's bytes, so a message's method is matched
    /// without building a `String`.
    public let name: StaticString
    public let params: [Member]
    public let result: ResultSchema
    public let kind: MethodKind
    /// Decodes the opened params into the declaration and applies it.
    let run: @Sendable (_ state: inout WorkerState, _ params: ParamDecoder, _ result: inout JSONWriter) throws(RPCError) -> Void

    init(name: StaticString, params: [Member], result: ResultSchema, kind: MethodKind,
         run: @escaping @Sendable (_ state: inout WorkerState, _ params: ParamDecoder, _ result: inout JSONWriter) throws(RPCError) -> Void) {
        self.name = name
        self.params = params
        self.result = result
        self.kind = kind
        self.run = run
    }
}

/// The method table: name → method.
///
/// To add a method: write its `MethodDeclaration` (a file in `Methods/`)
/// and add one `registry.register(…)` line to its group (`SessionMethods`, `GridMethods`).
public struct MethodRegistry: Sendable {
    public private(set) var methods: [String: Method] = [:]

    public init() {}

    /// The registry of the worker: every method it serves.
    public static func worker() -> MethodRegistry {
        var registry = MethodRegistry()
        LifecycleMethods.register(in: &registry)
        SessionMethods.register(in: &registry)
        GridMethods.register(in: &registry)
        PhysicsMethods.register(in: &registry)
        return registry
    }

    public var names: [String] { methods.keys.sorted() }

    public subscript(name: String) -> Method? { methods[name] }

    public mutating func register<M: MethodDeclaration>(_ method: M.Type) {
        let key = M.name.description
        precondition(methods[key] == nil, "method \(key) registered twice")
        precondition(!key.hasPrefix("$/"), "$/ methods are reserved for protocol notifications")
        let params = M.params.members
        precondition(params.count <= ParamDecoder.maxMembers, "\(key) declares more than \(ParamDecoder.maxMembers) params")
        for (slot, member) in params.enumerated() { member.declare(at: slot) }
        methods[key] = Method(name: M.name, params: params, result: M.result, kind: M.kind) {
            (state, params, result) throws(RPCError) in
            try M(params).apply(to: &state, result: &result)
        }
    }
}
