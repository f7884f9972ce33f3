import OmniScrollJSON

/// A tile's logical place (JSON numbers: exact up to ±2^53).
public struct TileCoordinate: Sendable, Equatable, Hashable {
    public var col: Int64, row: Int64
    init(json: JSONValue) throws {
        let o = try object(json, "tile")
        col = try integer(o, "col", "tile"); row = try integer(o, "row", "tile")
    }
}

/// A tile in view and its frame in the scroll view's content coordinates.
public struct GridTile: Sendable, Equatable {
    public var col: Int64, row: Int64
    public var frame: Rect
    init(json: JSONValue) throws {
        let o = try object(json, "tile")
        col = try integer(o, "col", "tile"); row = try integer(o, "row", "tile")
        frame = try Rect(json: o["frame"])
    }
}

/// A grid session's reply (`grid.create`, `grid.scroll`, `grid.update`, and
/// `session.get` of a grid). `tiles` are the tiles in view plus overscan (in
/// a delta session only the tiles added); `added` and `removed` are since
/// the previous reply; `recentered` (dx, dy) is what a recenter added to the
/// offset and to every kept frame.
public struct GridLayout: Sendable, Equatable {
    public var session: String
    public var revision: Int
    public var offset: Point
    public var viewport: (width: Double, height: Double)
    public var phase: String
    public var tiles: [GridTile]
    public var added: [TileCoordinate]
    public var removed: [TileCoordinate]
    public var recentered: (dx: Double, dy: Double)?
    public var extra: JSONObject
    /// The reply exactly as decoded.
    public var raw: JSONValue

    public init(json: JSONValue) throws {
        let o = try object(json, "GridLayout")
        guard let s = o["session"]?.stringValue else {
            throw OmniScrollClientError.unexpectedResult(method: "GridLayout", reason: "session must be a string")
        }
        session = s
        revision = Int(try integer(o, "revision", "GridLayout"))
        offset = try Point(json: o["offset"])
        let v = try object(o["viewport"], "GridLayout.viewport")
        viewport = (try num(v, "width", "viewport"), try num(v, "height", "viewport"))
        phase = o["phase"]?.stringValue ?? ScrollPhase.idle.rawValue
        guard let ts = o["tiles"]?.arrayValue, let a = o["added"]?.arrayValue, let r = o["removed"]?.arrayValue else {
            throw OmniScrollClientError.unexpectedResult(method: "GridLayout", reason: "tiles, added and removed must be arrays")
        }
        tiles = try ts.map(GridTile.init(json:))
        added = try a.map(TileCoordinate.init(json:))
        removed = try r.map(TileCoordinate.init(json:))
        if let shift = o["recentered"]?.objectValue {
            recentered = (try num(shift, "dx", "recentered"), try num(shift, "dy", "recentered"))
        } else {
            recentered = nil
        }
        extra = extras(o, ["session", "revision", "offset", "viewport", "phase", "tiles", "added", "removed", "recentered"])
        raw = json
    }

    public static func == (a: GridLayout, b: GridLayout) -> Bool { a.raw == b.raw }
}
