import OmniScrollCore
import OmniScrollJSON

/// One client session, as read from the store: how its replies are written
/// and its engine.
public struct Session: Sendable {
    public let header: SessionHeader
    public let engine: SessionEngine

    public var id: String { header.id }
    public var delta: Bool { header.delta }
}

/// What a session's replies say about it besides its engine's state. Kept
/// apart from the engine so a reply can be written while the engine is
/// changed in place.
public struct SessionHeader: Sendable {
    public let id: String
    /// Replies list only what changed: a container's changed children, a grid's added tiles.
    public let delta: Bool
    /// The order sessions were created in, for `session.list`.
    let sequence: Int
    /// `id` as a JSON string, encoded once: every Layout reply repeats it.
    let encodedID: [UInt8]
    /// The components it registered; `nil` when none, and then its events
    /// carry no `components` member.
    public let components: SessionComponents?
    /// Its children's entries as its last Layout reply wrote them.
    let entryCache = ChildEntryCache()
    /// The text of its last Layout reply's `contentHeight`, `minOffset` and
    /// `maxOffset`, kept with them (`LayoutEncoding`).
    let extentsText = NumberKeyedTexts(count: 1)

    init(id: String, delta: Bool, sequence: Int, components: SessionComponents?) {
        self.id = id
        self.delta = delta
        self.sequence = sequence
        self.components = components
        encodedID = JSONWriter.encodedString(id)
    }
}
