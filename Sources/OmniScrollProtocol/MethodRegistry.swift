import OmniScrollJSON

/// How a method may be called.
public enum MethodKind: Sendable {
    /// Called with an `id`; as a notification it still runs, its result is dropped.
    case request
    /// Only as a notification (`exit`); a call with an `id` gets -32600.
    case notification
}

/// A method handler: reads its params through `params` (already checked for
/// unknown members against the registration's `params` list), changes
/// `state`, and writes exactly one JSON value — its result — into `result`.
/// Throwing discards whatever was written and answers with the error.
///
/// Writing into the output buffer directly lets hot methods (layout results)
/// skip building a `JSONValue` tree; methods that prefer values register
/// with `register(_:params:returning:)`.
public typealias MethodHandler = @Sendable (
    _ state: inout WorkerState, _ params: ParamDecoder, _ result: inout JSONWriter
) throws(RPCError) -> Void

/// One registered method.
public struct Method: Sendable {
    /// The name as its literal's bytes, so a message's method is matched
    /// without building a `String`.
    public let name: StaticString
    /// The exact top-level param names the method accepts (the OpenRPC
    /// document's `params[].name` must equal this list).
    public let params: [ParamKey]
    public let kind: MethodKind
    public let handler: MethodHandler
}

/// A group of methods registered together (`LifecycleMethods`, and the
/// session layer's `SessionMethods`).
public protocol MethodGroup {
    static func register(in registry: inout MethodRegistry)
}

/// The method table: name → handler.
///
/// To add a group of methods: write `enum SessionMethods: MethodGroup` with
/// a `register(in:)` that calls `registry.register(...)` for each method, and
/// add `SessionMethods.self` to `MethodRegistry.workerGroups`.
public struct MethodRegistry: Sendable {
    /// The groups the worker serves, in registration order.
    public static let workerGroups: [any MethodGroup.Type] = [LifecycleMethods.self, SessionMethods.self]

    /// The limits the worker runs with (groups may use them, e.g. `initialize` reports them).
    public let limits: Limits
    public private(set) var methods: [String: Method] = [:]

    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// The registry of the worker: every group in `workerGroups`.
    public static func worker(limits: Limits = .default) -> MethodRegistry {
        var registry = MethodRegistry(limits: limits)
        for group in workerGroups { group.register(in: &registry) }
        return registry
    }

    public var names: [String] { methods.keys.sorted() }

    public subscript(name: String) -> Method? { methods[name] }

    /// Registers a handler that writes its result itself.
    public mutating func register(
        _ name: StaticString, params: [ParamKey], kind: MethodKind = .request, handler: @escaping MethodHandler
    ) {
        let key = name.description
        precondition(methods[key] == nil, "method \(name) registered twice")
        precondition(!key.hasPrefix("$/"), "$/ methods are reserved for protocol notifications")
        methods[key] = Method(name: name, params: params, kind: kind, handler: handler)
    }

    /// Registers a handler that returns its result as a `JSONValue`.
    public mutating func register(
        _ name: StaticString, params: [ParamKey], kind: MethodKind = .request,
        returning body: @escaping @Sendable (_ state: inout WorkerState, _ params: ParamDecoder) throws(RPCError) -> JSONValue
    ) {
        register(name, params: params, kind: kind) { (state, params, result) throws(RPCError) in
            result.value(try body(&state, params))
        }
    }
}
