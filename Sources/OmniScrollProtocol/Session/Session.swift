import OmniScrollCore
import OmniScrollJSON

/// One client session: a container and how its replies are written.
public struct Session: Sendable {
    public let id: String
    public var container: Container
    /// Layout replies list only the children whose layout changed.
    public let delta: Bool
    /// The order sessions were created in, for `session.list`.
    let sequence: Int
    /// `id` as a JSON string, encoded once: every Layout reply repeats it.
    let encodedID: [UInt8]

    init(id: String, container: Container, delta: Bool, sequence: Int) {
        self.id = id
        self.container = container
        self.delta = delta
        self.sequence = sequence
        encodedID = JSONWriter.encodedString(id)
    }
}
