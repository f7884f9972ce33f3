/// Every error code the worker sends, in one place. The OpenRPC document
/// (`protocol/openrpc.json`, `components/errors`) lists the same codes.
public enum RPCErrorCode {
    // JSON-RPC 2.0 standard codes.
    /// Invalid JSON was received (also: invalid UTF-8, too deep, truncated body). `id` is null.
    public static let parseError = -32700
    /// The JSON is not a valid Request object (or an oversized message / bad framing / empty or too long batch).
    public static let invalidRequest = -32600
    /// The method does not exist. `data: {"method": name}`.
    public static let methodNotFound = -32601
    /// Invalid method parameters. `data: {"param": json path, "reason": why}`.
    public static let invalidParams = -32602
    /// Internal error (a bug in the worker).
    public static let internalError = -32603

    // Application codes.
    /// The `session` named in the params does not exist.
    public static let sessionNotFound = -32001
    /// A child id named in the params does not exist in the session.
    public static let childNotFound = -32002
    /// `session.create` with an id that is already in use.
    public static let sessionAlreadyExists = -32003
    /// A resource limit (`--max-sessions`, `--max-children`, `--max-total-children`) would be exceeded.
    public static let limitExceeded = -32004
    /// The request was cancelled (LSP's code; requests run in order, so currently never sent).
    public static let requestCancelled = -32800
}
