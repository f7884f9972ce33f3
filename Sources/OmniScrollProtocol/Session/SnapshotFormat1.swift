import OmniScrollCore

/// Container snapshots of format 1, still restored: their `state` held the
/// behaviors' state as flat members, and the members the layout determines
/// (`visible`, `active`, `leaving`, `pinned`), which a restore checks against
/// the layout. Format 1 is frozen, so its schema and its mapping onto the
/// behaviors' parts are written out here once and never grow.
enum SnapshotFormat1 {
    static let format = 1
    /// `#/components/schemas/SnapshotFormat1`.
    static let schema = Schema.object(SnapshotEncoding.envelope(format: format) + [
        .required("state", .object([
            .required("visible", .array(items: .string())),
            .required("active", .nullable(.string())),
            .required("leaving", .nullable(.string())),
            .required("pinned", .array(items: .string())),
            .required("refresh", .enumeration(of: RefreshState.self)),
            .required("loadMoreTriggeredAt", .nullable(.number())),
            .required("loadingMore", .boolean),
            .required("pendingTarget", .nullable(.object([
                .required("child", .string()),
                .required("position", .enumeration(of: ScrollPosition.self)),
            ]))),
        ])),
    ])

    /// Where each format 1 member went: `(member, part, member of the part)`,
    /// `nil` when the member is the whole part.
    private static let moves: [(legacy: String, part: String, member: String?)] = [
        ("refresh", "refresh", nil),
        ("loadMoreTriggeredAt", "loadMore", "triggeredAt"),
        ("loadingMore", "loadMore", "loading"),
        ("pendingTarget", "target", "pending"),
    ]

    /// Reads a format 1 `state` (opened against `schema`) into the behaviors' parts and the stored derived state.
    static func readState(_ state: borrowing ParamDecoder, into snapshot: inout ContainerSnapshot) throws(RPCError) {
        snapshot.derived = DerivedState(
            visible: try strings(state.array("visible")), active: try state.optionalString("active"),
            leaving: try state.optionalString("leaving"), pinned: try strings(state.array("pinned")))
        var target: PendingScrollTarget?
        if let pending = try state.optionalObject("pendingTarget") {
            target = PendingScrollTarget(
                child: try pending.string("child"), position: try pending.enumeration("position", as: ScrollPosition.self))
        }
        let values: [String: OptionValue] = [
            "refresh": .string(try state.enumeration("refresh", as: RefreshState.self).rawValue),
            "loadMoreTriggeredAt": OptionValue(try state.optionalDouble("loadMoreTriggeredAt"), OptionValue.number),
            "loadingMore": .bool(try state.bool("loadingMore")),
            "pendingTarget": OptionValue(target) { .object(["child": .string($0.child), "position": .string($0.position.rawValue)]) },
        ]
        var parts: [String: [String: OptionValue]] = [:]
        for move in moves {
            if let member = move.member {
                parts[move.part, default: [:]][member] = values[move.legacy]
            } else {
                snapshot.state[move.part] = values[move.legacy]
            }
        }
        // Format 1 predates pagers: no page kept load-more state of its own,
        // and every pager starts afresh (a restore lists every pager).
        parts["loadMore"]?["pages"] = .array([])
        snapshot.state["pagers"] = .array(snapshot.children.filter { $0.payload.kind == .pager }.map { child in
            .object(["child": .string(child.id), "horizontalOffset": .null, "remembered": .array([]), "motion": .null])
        })
        for (name, members) in parts { snapshot.state[name] = .object(members) }
        // Format 1 predates drags by translation: a drag in progress began, as
        // far as the engine can know, where the snapshot left it.
        if snapshot.phase == .dragging {
            snapshot.state["motion"] = .object(["running": .null, "dragStart": .number(snapshot.offset)])
        }
    }

    /// An engine error's field in format 1's terms: a member of a part is
    /// named by the member it came from (`state.loadMore.loading` →
    /// `state.loadingMore`).
    static func legacyField(_ field: FieldPath) -> FieldPath {
        for move in moves {
            let moved = move.member.map { FieldPath("state").member(move.part).member($0) } ?? FieldPath("state").member(move.part)
            if let legacy = field.replacingPrefix(moved, with: FieldPath("state").member(move.legacy)) { return legacy }
        }
        return field
    }

    private static func strings(_ array: ParamArray) throws(RPCError) -> [String] {
        var result: [String] = []
        for i in 0..<array.count { result.append(try array.string(at: i)) }
        return result
    }
}
