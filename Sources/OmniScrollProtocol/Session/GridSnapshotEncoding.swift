import OmniScrollCore
import OmniScrollJSON

/// A grid's members of a snapshot (after the envelope `SnapshotEncoding`
/// writes) and their inverse: the configuration, the state and the logical
/// origin (`anchor`), in a fixed order. `--max-tiles` is the restoring
/// worker's, not part of the snapshot. `physics` is written only when
/// given and `state {pointer, motion}` only while a finger is down or a
/// fling runs, so a grid without them writes what it always did.
enum GridSnapshotEncoding {
    /// A grid's snapshot format: its members have only gained optional ones
    /// since grids came, so it stays 1 while containers moved to 2.
    static let format = 1
    /// A finger's sample: its point and its time in whole microseconds.
    private static let sample = Schema.object([
        .required("x", Schema.offset), .required("y", Schema.offset), .required("time", .integer()),
    ])
    private static let point = Schema.object([.required("x", Schema.offset), .required("y", Schema.offset)])
    /// `pointer`: the finger down on the grid (docs/pointer.md, "Snapshots").
    private static let pointer = Schema.object([
        .required("axis", .enumeration([PointerAxis.pending.rawValue, PointerAxis.pan.rawValue])),
        .required("down", sample),
        .required("start", .nullable(sample)),
        .required("caught", .boolean),
        .required("origin", point),
        .required("path", Schema.length),
        .required("samples", .array(items: sample)),
    ])
    /// `motion`: the running fling's inputs, from which `GridMotion` rebuilds it exactly.
    private static let motion = Schema.object([
        .required("start", point),
        .required("velocity", point),
        .required("shift", point),
        .required("releaseTime", SessionParams.time),
        .required("lastTime", SessionParams.time),
    ])
    /// `#/components/schemas/GridSnapshot`.
    static let schema = Schema.object([
        .required("format", .integer(constant: format)),
        .required("engine", .enumeration([EngineKind.grid.rawValue])),
        .required("session", SessionParams.id),
        .required("delta", .boolean),
        .required("viewport", SessionParams.viewport),
        .required("tile", GridParams.size),
        .required("overscan", .integer(minimum: 0)),
        .required("contentSize", GridParams.size),
        .required("recenter", GridParams.recenter),
        .required("threshold", .nullable(Schema.length)),
        .required("offset", .object([.required("x", .number()), .required("y", .number())])),
        .required("phase", SessionParams.scrollPhase),
        .required("anchor", .object([
            .required("col", .integer()), .required("row", .integer()),
            .required("x", .number(minimum: 0)), .required("y", .number(minimum: 0)),
        ])),
        .required("revision", .integer(minimum: 0)),
        .optional("physics", GridParams.physics),
        .optional("state", .object([.required("pointer", .nullable(pointer)), .required("motion", .nullable(motion))])),
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
            recenter: try d.enumeration("recenter"), threshold: try d.optionalDouble("threshold"),
            physics: try d.optionalObject("physics").map { (o) throws(RPCError) in try o.enumeration("preset") })
        let offset = try d.object("offset")
        let anchor = try d.object("anchor")
        let snapshot = TileGridSnapshot(
            viewport: try SessionParams.viewport(d.object("viewport")), configuration: configuration,
            offset: Point(x: try offset.double("x"), y: try offset.double("y")),
            phase: try d.enumeration("phase"),
            anchor: TileAnchor(col: Int64(try anchor.int("col")), row: Int64(try anchor.int("row")),
                               x: try anchor.double("x"), y: try anchor.double("y")),
            gesture: try d.optionalObject("state")?.optionalObject("pointer").map { (o) throws(RPCError) in try gesture(o) },
            motion: try d.optionalObject("state")?.optionalObject("motion").map { (o) throws(RPCError) in
                try GridMotion(preset: configuration.preset, start: point(o.object("start")),
                               velocity: point(o.object("velocity")), shift: point(o.object("shift")),
                               releaseTime: o.double("releaseTime"), lastTime: o.double("lastTime"))
            })
        return (snapshot, try d.int("revision"))
    }

    private static func point(_ o: borrowing ParamDecoder) throws(RPCError) -> Point {
        Point(x: try o.double("x"), y: try o.double("y"))
    }

    private static func sample(_ o: borrowing ParamDecoder) throws(RPCError) -> PointerSample {
        PointerSample(x: try o.double("x"), y: try o.double("y"), time: Int64(try o.int("time")))
    }

    /// The finger as stored; `TileGridValidation.finger` checks what no calls could reach.
    private static func gesture(_ o: borrowing ParamDecoder) throws(RPCError) -> PointerGesture {
        let samples = try o.array("samples")
        var history: [PointerSample] = []
        for k in 0..<samples.count { history.append(try sample(samples.object(at: k))) }
        return PointerGesture(
            axis: try o.enumeration("axis"), down: try sample(o.object("down")),
            start: try o.optionalObject("start").map { (s) throws(RPCError) in try sample(s) },
            caught: try o.bool("caught"), pager: nil, origin: try point(o.object("origin")),
            path: try o.double("path"), history: PointerHistory(history))
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
        if let preset = c.physics {
            w.key("physics"); w.beginObject(); w.key("preset"); w.string(preset.rawValue); w.endObject()
        }
        guard s.gesture != nil || s.motion != nil else { return }
        w.key("state")
        w.beginObject()
        w.key("pointer")
        if let g = s.gesture {
            w.beginObject()
            w.key("axis"); w.string(g.axis.rawValue)
            w.key("down"); write(g.down, into: &w)
            w.key("start")
            if let start = g.start { write(start, into: &w) } else { w.null() }
            w.key("caught"); w.bool(g.caught)
            w.key("origin"); write(g.origin, into: &w)
            w.key("path"); w.number(g.path)
            w.key("samples")
            w.beginArray()
            for sample in g.history.samples { write(sample, into: &w) }
            w.endArray()
            w.endObject()
        } else {
            w.null()
        }
        w.key("motion")
        if let m = s.motion {
            w.beginObject()
            w.key("start"); write(m.start, into: &w)
            w.key("velocity"); write(m.velocity, into: &w)
            w.key("shift"); write(m.shift, into: &w)
            w.key("releaseTime"); w.number(m.releaseTime)
            w.key("lastTime"); w.number(m.lastTime)
            w.endObject()
        } else {
            w.null()
        }
        w.endObject()
    }

    private static func write(_ p: Point, into w: inout JSONWriter) {
        w.beginObject(); w.key("x"); w.number(p.x); w.key("y"); w.number(p.y); w.endObject()
    }

    private static func write(_ s: PointerSample, into w: inout JSONWriter) {
        w.beginObject(); w.key("x"); w.number(s.x); w.key("y"); w.number(s.y); w.key("time"); w.number(Int(s.time)); w.endObject()
    }
}
