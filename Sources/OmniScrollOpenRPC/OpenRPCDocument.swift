/// The OpenRPC document (`protocol/openrpc.json`, the contract), embedded in
/// the binary by SwiftPM (`.embedInCode`): the file is the only copy. It lives
/// in a target of its own so that editing the document recompiles this file
/// alone. `openrpc.json` here is a symbolic link to `protocol/openrpc.json`
/// (SwiftPM takes resources from inside the target's folder only).
public enum OpenRPCDocument {
    /// `protocol/openrpc.json` byte for byte.
    public static var bytes: [UInt8] { PackageResources.openrpc_json }
}
