import OmniScrollJSON

/// A JSON-RPC request (a call that expects a response).
public struct Request: Sendable, Equatable {
    public var id: RequestID
    public var method: String
    /// Named params; an absent `params` member is the empty object.
    public var params: JSONValue?

    public init(id: RequestID, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }
}
