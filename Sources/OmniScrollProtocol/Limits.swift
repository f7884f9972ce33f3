import OmniScrollCore

/// Every resource bound of the worker, with its command-line flag and default.
///
/// The protocol layer enforces `maxMessageBytes`, `maxDepth` and `maxBatch`;
/// the session layer enforces `maxSessions`, `maxChildren`,
/// `maxTotalChildren` and `maxTiles`.
public struct Limits: Sendable, Equatable {
    /// `--max-message-bytes`: the largest message (line or Content-Length body). Default 16 MiB.
    /// Longer messages are skipped without being buffered whole and answered with -32600.
    public var maxMessageBytes = 16 * 1024 * 1024
    /// `--max-depth`: the deepest nesting of arrays/objects in a message. Default 64.
    public var maxDepth = 64
    /// `--max-batch`: the most entries in one batch; longer batches get one -32600. Default 10 000.
    public var maxBatch = 10_000
    /// `--max-sessions`: the most live sessions. Default 100 000.
    public var maxSessions = 100_000
    /// `--max-children`: the most children in one session. Default 1 000 000.
    public var maxChildren = 1_000_000
    /// `--max-total-children`: the most children over all sessions. Default 10 000 000.
    public var maxTotalChildren = 10_000_000
    /// `--max-tiles`: the most tiles one grid reply may hold, checked against
    /// `TileGridLimits.tilesPerReplyBound` when a grid is created, restored or
    /// resized. Default `TileGridLimits.defaultMaxTiles` (100 000). Tiles count
    /// toward no other limit.
    public var maxTiles = TileGridLimits.defaultMaxTiles

    public init() {}

    public static let `default` = Limits()

    /// The flags, in documentation order: name, key path, accepted range, help text.
    public static let flags: [(flag: String, keyPath: WritableKeyPath<Limits, Int> & Sendable, range: ClosedRange<Int>, help: String)] = [
        ("--max-message-bytes", \.maxMessageBytes, 64...(1 << 31), "largest message in bytes"),
        ("--max-depth", \.maxDepth, 2...4096, "deepest nesting of arrays/objects"),
        ("--max-batch", \.maxBatch, 1...10_000_000, "most entries in one batch"),
        ("--max-sessions", \.maxSessions, 1...Int(Int32.max), "most live sessions"),
        ("--max-children", \.maxChildren, 1...Int(Int32.max), "most children in one session"),
        ("--max-total-children", \.maxTotalChildren, 1...Int(Int32.max), "most children over all sessions"),
        ("--max-tiles", \.maxTiles, 1...Int(Int32.max), "most tiles in one grid reply"),
    ]
}
