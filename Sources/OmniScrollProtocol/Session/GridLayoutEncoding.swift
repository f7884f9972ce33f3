import OmniScrollCore
import OmniScrollJSON

/// Writes GridLayout results, members in the documented order:
///
///     {"session","revision","offset","viewport","phase","tiles","added","removed"}
///
/// then `recentered` when the offset was moved back to the centre, `events`
/// with a tap, `motion` in the reply that started a fling, and `pointer`
/// while a finger is down and in the reply to its `up` (docs/pointer.md). A full
/// reply lists every tile in view; a delta session's reply lists in `tiles`
/// only the tiles added, so a tick costs O(1) plus O(1) per tile added or
/// removed (the client moves the tiles it keeps by `recentered`).
enum GridLayoutEncoding {
    /// The reply to a call that changed the grid.
    static func write(_ update: TileGridUpdate, of engine: GridEngine, in session: SessionHeader, into w: inout JSONWriter) {
        writeHeader(of: engine, in: session, into: &w)
        w.key("tiles")
        w.beginArray()
        if session.delta {
            for coordinate in update.added { writeTile(update.layout.tile(coordinate), into: &w) }
        } else {
            for tile in update.layout.tiles { writeTile(tile, into: &w) }
        }
        w.endArray()
        w.key("added"); writeCoordinates(update.added, into: &w)
        w.key("removed"); writeCoordinates(update.removed, into: &w)
        if let shift = update.recentered {
            w.key("recentered")
            w.beginObject(); w.key("dx"); w.number(shift.dx); w.key("dy"); w.number(shift.dy); w.endObject()
        }
        if let tap = update.tap {
            w.key("events")
            w.beginArray()
            w.beginObject()
            w.key("type"); w.string("tap")
            w.key("col"); w.number(Int(tap.tile.col)); w.key("row"); w.number(Int(tap.tile.row))
            w.key("x"); w.number(tap.x); w.key("y"); w.number(tap.y)
            w.endObject()
            w.endArray()
        }
        if let motion = update.motion { writeMotion(motion, into: &w) }
        if let axis = update.pointer {
            writePointer(axis, into: &w)
        } else if let release = update.release {
            w.key("pointer")
            w.beginObject()
            w.key("state"); w.string("released")
            w.key("axis"); w.string(release.axis.rawValue)
            w.key("velocity")
            w.beginObject(); w.key("x"); w.number(release.velocity.x); w.key("y"); w.number(release.velocity.y); w.endObject()
            w.endObject()
        }
        w.endObject()
    }

    /// `motion {target {x, y}, duration}`: where the fling comes to rest and when, in seconds after the release.
    private static func writeMotion(_ motion: GridMotion, into w: inout JSONWriter) {
        w.key("motion")
        w.beginObject()
        w.key("target")
        w.beginObject(); w.key("x"); w.number(motion.target.x); w.key("y"); w.number(motion.target.y); w.endObject()
        w.key("duration"); w.number(motion.duration)
        w.endObject()
    }

    private static func writePointer(_ axis: PointerAxis, into w: inout JSONWriter) {
        w.key("pointer")
        w.beginObject(); w.key("state"); w.string(axis.rawValue); w.endObject()
    }

    /// The reply to a call that only reads (`session.get`, `session.restore`):
    /// every tile in view, nothing added or removed.
    static func writeCurrent(_ engine: GridEngine, in session: SessionHeader, into w: inout JSONWriter) {
        writeHeader(of: engine, in: session, into: &w)
        w.key("tiles")
        w.beginArray()
        for tile in engine.grid.layout.tiles { writeTile(tile, into: &w) }
        w.endArray()
        w.key("added"); w.beginArray(); w.endArray()
        w.key("removed"); w.beginArray(); w.endArray()
        if let motion = engine.grid.motion { writeMotion(motion, into: &w) }
        if let gesture = engine.grid.gesture { writePointer(gesture.axis, into: &w) }
        w.endObject()
    }

    /// Opens the object and writes the members before `tiles`.
    private static func writeHeader(of engine: GridEngine, in session: SessionHeader, into w: inout JSONWriter) {
        let grid = engine.grid
        w.beginObject()
        w.key("session"); w.raw(session.encodedID)
        w.key("revision"); w.number(engine.revision)
        w.key("offset")
        w.beginObject(); w.key("x"); w.number(grid.offset.x); w.key("y"); w.number(grid.offset.y); w.endObject()
        w.key("viewport")
        w.beginObject(); w.key("width"); w.number(grid.viewport.width); w.key("height"); w.number(grid.viewport.height); w.endObject()
        w.key("phase"); w.string(grid.phase.rawValue)
    }

    @inline(__always)
    private static func writeTile(_ tile: GridTile, into w: inout JSONWriter) {
        w.beginObject()
        w.key("col"); w.number(Int(tile.col))
        w.key("row"); w.number(Int(tile.row))
        w.key("frame")
        w.beginObject()
        w.key("x"); w.number(tile.frame.x)
        w.key("y"); w.number(tile.frame.y)
        w.key("width"); w.number(tile.frame.width)
        w.key("height"); w.number(tile.frame.height)
        w.endObject()
        w.endObject()
    }

    private static func writeCoordinates(_ tiles: TileRectDifference, into w: inout JSONWriter) {
        w.beginArray()
        for tile in tiles {
            w.beginObject(); w.key("col"); w.number(Int(tile.col)); w.key("row"); w.number(Int(tile.row)); w.endObject()
        }
        w.endArray()
    }
}
