import OmniScrollCore

/// One client session: a container and how its replies are written.
public struct Session: Sendable {
    public let id: String
    public var container: Container
    /// Layout replies list only the children whose layout changed.
    public let delta: Bool
    /// The order sessions were created in, for `session.list`.
    let sequence: Int
}
