/// The worker's version, reported by `--version` and `initialize`. The one place it is defined.
public enum OmniScrollVersion {
    public static let current = "0.1.0"
    /// The version of the wire protocol (`initialize` → `protocolVersion`).
    public static let protocolVersion = "1.0"
}
