import OmniScrollCore
import OmniScrollJSON

/// One JSON-RPC method as one type: its name, its params as data, the
/// decoded input (the type's own stored properties) and what it does.
///
/// The declaration drives everything else: the registry's entry, the
/// one-pass decoding of the params object into the declared slots, the
/// unknown-member check, every -32602 for a value that does not fit its
/// schema, and the contract test against `protocol/openrpc.json` (every
/// param, type, bound, enum and nested member compared). Modelled on
/// sourcekit-lsp's typed requests and swift-argument-parser's single
/// declaration.
///
///     struct ScrollMethod: MethodDeclaration {
///         static let name: StaticString = "session.scroll"
///         struct Params: ParamList {
///             let session = SessionParams.session
///             let offset: Param<Double> = .required("offset", Schema.offset)
///             let phase: Param<ScrollPhase?> = .optional("phase", SessionParams.scrollPhase)
///         }
///         static let params = Params()
///         static let result = ResultSchema.component("Layout")
///         let session: String, offset: Double, phase: ScrollPhase?
///         init(_ params: borrowing ParamDecoder) throws(RPCError) { offset = try params.read(Self.params.offset) … }
///         func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) { … }
///     }
///
/// A new method is its declaration file, one `registry.register(…)` line
/// and its entry in `protocol/openrpc.json`.
public protocol MethodDeclaration: SendableMetatype {
    /// The method name, as a literal so a message's method is matched by its bytes.
    static var name: StaticString { get }
    /// `.request` unless the method is a notification only (`exit`).
    static var kind: MethodKind { get }
    /// The params, each declared once (`ParamList`; `NoParams` for none):
    /// the registry lists them as the params object's members, in
    /// documentation order, and `init` reads each through this one instance
    /// (a stored `static let`: a param's member is matched by identity).
    /// No default: a `params` that is not a `ParamList` does not compile.
    associatedtype Params: ParamList
    static var params: Params { get }
    /// What the reply's `result` is.
    static var result: ResultSchema { get }

    /// Decodes the params (opened against `params`) into the input.
    init(_ params: borrowing ParamDecoder) throws(RPCError)

    /// Runs the method: changes `state` and writes exactly one JSON value,
    /// its result, into `result`. Throwing discards whatever was written.
    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError)
}

extension MethodDeclaration {
    public static var kind: MethodKind { .request }
}

/// How a method may be called.
public enum MethodKind: Sendable {
    /// Called with an `id`; as a notification it still runs, its result is dropped.
    case request
    /// Only as a notification (`exit`); a call with an `id` gets -32600.
    case notification
}
