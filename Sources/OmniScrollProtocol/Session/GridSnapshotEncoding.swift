import OmniScrollCore
import OmniScrollJSON

/// A grid's members of a snapshot (after the envelope `SnapshotEncoding`
/// writes) and their inverse: the configuration, the state and the logical
/// origin (`anchor`), in a fixed order. `--max-tiles` is the restoring
/// worker's, not part of the snapshot.
enum GridSnapshotEncoding {
    /// A grid's snapshot format: its members have not changed since grids
    /// came, so it stays 1 while containers moved to 2.
    static let format = 1
    /// `#/components/schemas/GridSnapshot`.
    static let schema = ParamSchema.object([
        .required("format", .integer(constant: format)),
        .required("engine", .enumeration([EngineKind.grid.rawValue])),
        .required("session", SessionParams.id),
        .required("delta", .boolean),
        .required("viewport", SessionParams.viewport),
        .required("tile", GridParams.size),
        .required("overscan", .integer(minimum: 0)),
        .required("contentSize", GridParams.size),
        .required("recenter", GridParams.recenter),
        .required("threshold", .nullable(SessionParams.length)),
        .required("offset", .object([.required("x", .number()), .required("y", .number())])),
        .required("phase", SessionParams.scrollPhase),
        .required("anchor", .object([
            .required("col", .integer()), .required("row", .integer()),
            .required("x", .number(minimum: 0)), .required("y", .number(minimum: 0)),
        ])),
        .required("revision", .integer(minimum: 0)),
    ])

    /// A grid's members of a snapshot (opened against `schema`) and its
    /// revision; the configuration's `maxTiles` is the default until the
    /// restoring worker sets its own (`SnapshotEncoding.EngineSnapshot.restore`).
    static func read(_ d: borrowing ParamDecoder) throws(RPCError) -> (TileGridSnapshot, revision: Int) {
        // Read for its check alone: a grid has one format (issue 26: 2, null
        // or a missing format restored).
        _ = try d.int("format")
        let configuration = TileGridConfiguration(
            tile: try GridParams.size(d.object("tile")), overscan: try d.int("overscan"),
            contentSize: try GridParams.size(d.object("contentSize")),
            recenter: try d.enumeration("recenter"), threshold: try d.optionalDouble("threshold"))
        let offset = try d.object("offset")
        let anchor = try d.object("anchor")
        let snapshot = TileGridSnapshot(
            viewport: try SessionParams.viewport(d.object("viewport")), configuration: configuration,
            offset: Point(x: try offset.double("x"), y: try offset.double("y")),
            phase: try d.enumeration("phase"),
            anchor: TileAnchor(col: Int64(try anchor.int("col")), row: Int64(try anchor.int("row")),
                               x: try anchor.double("x"), y: try anchor.double("y")))
        return (snapshot, try d.int("revision"))
    }

    static func write(_ s: TileGridSnapshot, revision: Int, into w: inout JSONWriter) {
        let c = s.configuration
        w.key("viewport")
        w.beginObject(); w.key("width"); w.number(s.viewport.width); w.key("height"); w.number(s.viewport.height); w.endObject()
        w.key("tile")
        w.beginObject(); w.key("width"); w.number(c.tile.width); w.key("height"); w.number(c.tile.height); w.endObject()
        w.key("overscan"); w.number(c.overscan)
        w.key("contentSize")
        w.beginObject(); w.key("width"); w.number(c.contentSize.width); w.key("height"); w.number(c.contentSize.height); w.endObject()
        w.key("recenter"); w.string(c.recenter.rawValue)
        w.key("threshold")
        if let threshold = c.threshold { w.number(threshold) } else { w.null() }
        w.key("offset")
        w.beginObject(); w.key("x"); w.number(s.offset.x); w.key("y"); w.number(s.offset.y); w.endObject()
        w.key("phase"); w.string(s.phase.rawValue)
        w.key("anchor")
        w.beginObject()
        w.key("col"); w.number(Int(s.anchor.col)); w.key("row"); w.number(Int(s.anchor.row))
        w.key("x"); w.number(s.anchor.x); w.key("y"); w.number(s.anchor.y)
        w.endObject()
        w.key("revision"); w.number(revision)
    }
}
