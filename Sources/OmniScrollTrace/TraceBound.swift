import OmniScrollJSON

/// What a trace holds and writes per step, whatever the number of children
/// (docs/trace.md, "Bounds"): a step's Layout keeps at most `children`
/// children, and only when it has more than that does it drop those farther
/// than one viewport from the viewport (the snapshot's children with them);
/// a request or reply longer than `textBytes` UTF-8 bytes is kept cut there,
/// with the number of bytes left out. A step is then at most a few
/// `textBytes` plus `children` Layout entries, so a trace is at most steps ×
/// that, and a small transcript is held and drawn exactly as it ran.
public enum TraceBound {
    public static let children = 1024
    public static let textBytes = 131_072

    /// `text` cut to at most `textBytes` bytes at a character boundary, and how many bytes were left out.
    static func cut(_ text: String) -> (text: String, more: Int) {
        let utf8 = text.utf8
        guard utf8.count > textBytes else { return (text, 0) }
        var end = utf8.index(utf8.startIndex, offsetBy: textBytes)
        // Back off to the first byte of a character: a continuation byte is 0b10xxxxxx.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        let kept = String(decoding: utf8[..<end], as: UTF8.self)
        return (kept, utf8.count - kept.utf8.count)
    }

    /// `layout` and `snapshot` with at most `children` children: all of them
    /// when there are no more, else the first `children` of those whose frame
    /// is within one viewport height of the viewport; and how many were left out.
    static func trim(layout: JSONValue?, snapshot: JSONValue?) -> (layout: JSONValue?, snapshot: JSONValue?, omitted: Int) {
        guard var object = layout?.objectValue, let all = object["children"]?.arrayValue, all.count > children else {
            return (layout, snapshot, 0)
        }
        let offset = object["offset"]?.doubleValue ?? 0
        let height = snapshot?["viewport"]?["height"]?.doubleValue ?? 0
        let near = all.lazy.filter { child in
            guard let y = child["frame"]?["y"]?.doubleValue, let h = child["frame"]?["height"]?.doubleValue else { return false }
            return y + h >= offset - height && y <= offset + 2 * height
        }
        let kept = Array(near.prefix(children))
        object["children"] = .array(kept)
        return (.object(object), trimChildren(of: snapshot, to: Set(kept.compactMap { $0["id"]?.stringValue })),
                all.count - kept.count)
    }

    /// The snapshot with only the children named `ids` (the page looks up each drawn child's kind there).
    private static func trimChildren(of snapshot: JSONValue?, to ids: Set<String>) -> JSONValue? {
        guard var object = snapshot?.objectValue, let all = object["children"]?.arrayValue else { return snapshot }
        object["children"] = .array(all.filter { $0["id"]?.stringValue.map(ids.contains) ?? false })
        return .object(object)
    }
}
