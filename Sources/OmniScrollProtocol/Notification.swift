import OmniScrollJSON

/// A JSON-RPC notification (no `id`; never answered).
public struct Notification: Sendable, Equatable {
    public var method: String
    public var params: JSONValue?

    public init(method: String, params: JSONValue? = nil) {
        self.method = method
        self.params = params
    }
}
