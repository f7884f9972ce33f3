import OmniScrollJSON

/// What a client of a delta session (`options.delta`) knows after merging
/// every Layout reply the way docs/protocol.md ("Delta replies") says: the
/// members of the last reply, each child as last listed (children matched by
/// id), and each track's last value. `InvariantChecker` compares it with
/// `session.get` after every call.
struct DeltaView {
    private var members = JSONObject()
    private var children: [String: JSONValue] = [:]
    private var tracks: [String: JSONValue] = [:]

    /// The methods whose Layout lists every child and track even in a delta session.
    static let fullReplies: Set<String> = ["session.create", "session.restore", "session.get"]

    /// The view a full Layout gives.
    init(_ layout: JSONObject) {
        merge(layout)
    }

    /// Members only the reply of one call carries: they describe that call, not the session.
    static let perCall: Set<String> = ["events", "motion", "anchorShift", "clampShift", "target", "children", "tracks"]

    /// Whether a member describes the call alone: one of `perCall`, or a
    /// `pointer` released by the call's `up` or `cancel` (the finger is gone,
    /// so `session.get` has none; docs/protocol.md, "Delta replies").
    static func describesCall(_ key: String, _ value: JSONValue) -> Bool {
        perCall.contains(key) || (key == "pointer" && value["state"]?.stringValue == "released")
    }

    /// Merges one Layout reply of the session.
    mutating func merge(_ layout: JSONObject) {
        members = JSONObject(layout.members.filter { !Self.describesCall($0.key, $0.value) })
        for child in layout["children"]?.arrayValue ?? [] {
            if let id = child["id"]?.stringValue { children[id] = child }
        }
        for track in layout["tracks"]?.objectValue?.members ?? [] { tracks[track.key] = track.value }
    }

    /// Where the merged view disagrees with `get` (a full Layout of the session), if anywhere.
    func disagreement(with get: JSONObject) -> String? {
        for member in get.members where !Self.perCall.contains(member.key) {
            if members[member.key] != member.value {
                return "\(member.key): merged replies say \(members[member.key]?.compactText ?? "nothing"), session.get \(member.value.compactText)"
            }
        }
        for member in members.members where !get.contains(key: member.key) {
            return "\(member.key): merged replies say \(member.value.compactText), session.get has no \(member.key)"
        }
        for child in get["children"]?.arrayValue ?? [] {
            guard let id = child["id"]?.stringValue else { continue }
            if children[id] != child {
                return "children \(id): merged replies say \(children[id]?.compactText ?? "nothing"), session.get \(child.compactText)"
            }
        }
        for track in get["tracks"]?.objectValue?.members ?? [] where tracks[track.key] != track.value {
            return "tracks.\(track.key): merged replies say \(tracks[track.key]?.compactText ?? "nothing"), session.get \(track.value.compactText)"
        }
        return nil
    }
}
