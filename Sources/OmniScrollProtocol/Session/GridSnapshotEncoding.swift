import OmniScrollCore
import OmniScrollJSON

/// A grid's members of a snapshot (after the envelope `SnapshotEncoding`
/// writes) and their inverse: the configuration, the state and the logical
/// origin (`anchor`), in a fixed order. `--max-tiles` is the restoring
/// worker's, not part of the snapshot.
enum GridSnapshotEncoding {
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
