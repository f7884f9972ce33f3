import OmniScrollCore
import OmniScrollJSON

/// Writes GridLayout results, members in the documented order:
///
///     {"session","revision","offset","viewport","phase","tiles","added","removed"}
///
/// then `recentered` when the offset was moved back to the centre. A full
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
        w.endObject()
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
