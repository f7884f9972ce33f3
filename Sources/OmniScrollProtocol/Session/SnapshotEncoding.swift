import OmniScrollCore
import OmniScrollJSON

/// `session.snapshot`'s JSON form of a session and its inverse for
/// `session.restore`: an envelope (`format`, `engine`, `session`, `delta`)
/// then the engine's own members. Members appear in a fixed order, so equal
/// sessions give equal bytes; `format` lets a later version refuse what it
/// cannot read. A snapshot without `engine` (written before engines had
/// names) is a container's.
enum SnapshotEncoding {
    static let format = 1
    /// `#/components/schemas/AnySnapshot`: a container's or a grid's, by `engine`.
    static let schema = ParamSchema.oneOf(discriminator: "engine", cases: [containerSchema, GridSnapshotEncoding.schema])
    /// `#/components/schemas/Snapshot`.
    static let containerSchema = ParamSchema.object([
        .required("format", .integer(constant: format)),
        .optional("engine", .enumeration([EngineKind.container.rawValue])),
        .required("session", SessionParams.id),
        .required("delta", .boolean),
        .optional("components", SessionComponents.schema),
        .required("viewport", SessionParams.viewport),
        .required("insets", SessionParams.insets),
        .required("options", SessionParams.options),
        .required("children", .array(items: SessionParams.childSpec)),
        .required("offset", SessionParams.offset),
        .required("phase", SessionParams.scrollPhase),
        .required("direction", .enumeration(of: ScrollDirection.self)),
        .required("revision", .integer(minimum: 0)),
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
            .optional("headerScroll", .array(items: SessionParams.length)),
        ])),
    ])

    static func write(_ session: Session, into w: inout JSONWriter) {
        w.beginObject()
        w.key("format"); w.number(format)
        w.key("engine"); w.string(session.engine.kind.rawValue)
        w.key("session"); w.string(session.id)
        w.key("delta"); w.bool(session.delta)
        if let components = session.header.components { w.key("components"); components.write(into: &w) }
        session.engine.writeSnapshot(into: &w)
        w.endObject()
    }

    /// A container's members of a snapshot.
    static func write(_ s: ContainerSnapshot, into w: inout JSONWriter) {
        w.key("viewport")
        w.beginObject(); w.key("width"); w.number(s.viewport.width); w.key("height"); w.number(s.viewport.height); w.endObject()
        w.key("insets")
        w.beginObject(); w.key("top"); w.number(s.insets.top); w.key("bottom"); w.number(s.insets.bottom); w.endObject()
        w.key("options")
        w.beginObject()
        for declaration in ContainerOptions.declarations {
            w.key(declaration.name)
            SessionParams.write(s.options[declaration.name], declaration.schema, into: &w)
        }
        w.endObject()
        w.key("children")
        w.beginArray()
        for child in s.children { writeChild(child, into: &w) }
        w.endArray()
        w.key("offset"); w.number(s.offset)
        w.key("phase"); w.string(s.phase.rawValue)
        w.key("direction"); w.string(s.direction.rawValue)
        w.key("revision"); w.number(s.revision)
        w.key("state")
        w.beginObject()
        let visibility = s.visibility ?? VisibilitySnapshot(visible: [], active: nil, leaving: nil)
        w.key("visible"); strings(visibility.visible, into: &w)
        w.key("active"); optionalString(visibility.active, into: &w)
        w.key("leaving"); optionalString(visibility.leaving, into: &w)
        w.key("pinned"); strings(s.pinned ?? [], into: &w)
        w.key("refresh"); w.string(s.refresh.rawValue)
        w.key("loadMoreTriggeredAt")
        if let at = s.loadMoreTriggeredAt { w.number(at) } else { w.null() }
        w.key("loadingMore"); w.bool(s.loadingMore)
        w.key("pendingTarget")
        if let target = s.pendingTarget {
            w.beginObject(); w.key("child"); w.string(target.child); w.key("position"); w.string(target.position.rawValue); w.endObject()
        } else { w.null() }
        if let scroll = s.headerScroll {
            w.key("headerScroll")
            w.beginArray()
            for e in scroll { w.number(e) }
            w.endArray()
        }
        w.endObject()
    }

    static func writeChild(_ child: ChildSpec, into w: inout JSONWriter) {
        w.beginObject()
        w.key("id"); w.string(child.id)
        w.key("kind"); w.string(child.kind.rawValue)
        w.key(child.kind.sizeMember)
        if let size = child.size { w.number(size) } else { w.null() }
        for (member, value) in zip(child.kind.payloadMembers, child.payloadValues) {
            w.key(member.name)
            switch value {
            case .number(let n): w.number(n)
            case .string(let s): w.string(s)
            case .bool(let b): w.bool(b)
            }
        }
        w.endObject()
    }

    private static func strings(_ values: [String], into w: inout JSONWriter) {
        w.beginArray()
        for value in values { w.string(value) }
        w.endArray()
    }

    private static func optionalString(_ value: String?, into w: inout JSONWriter) {
        if let value { w.string(value) } else { w.null() }
    }

    /// What a snapshot holds besides its envelope, by engine.
    enum EngineSnapshot {
        case container(ContainerSnapshot)
        case grid(TileGridSnapshot, revision: Int)

        /// The engine again; an invalid snapshot is -32602 at its path
        /// under `params.snapshot` (a grid's tiles over `limits.maxTiles` -32004).
        func restore(limits: Limits) throws(RPCError) -> SessionEngine {
            switch self {
            case .grid(var snapshot, let revision):
                // The bound on tiles per reply is the restoring worker's, not the snapshot's.
                snapshot.configuration.maxTiles = limits.maxTiles
                do throws(ContainerError) {
                    return .grid(GridEngine(grid: try TileGrid(restoring: snapshot), revision: revision))
                } catch {
                    throw GridParams.rpcError(error, under: "params.snapshot", limits: limits)
                }
            case .container(let snapshot):
                do throws(ContainerError) {
                    return .container(try Container(restoring: snapshot))
                } catch {
                    throw SessionParams.rpcError(error, path: SessionParams.render(error.field, under: "params.snapshot"))
                }
            }
        }
    }

    /// Reads a snapshot object (opened against `schema`); `(session id,
    /// delta, engine snapshot)`. A grid's bound on tiles per reply is set when it is restored.
    static func read(_ d: borrowing ParamDecoder) throws(RPCError) -> (String, Bool, EngineSnapshot) {
        let format = try d.int("format")
        guard format == Self.format else { throw d.invalid("format", "unsupported snapshot format \(format); this worker reads \(Self.format)") }
        let engine = try d.optionalEnumeration("engine", as: EngineKind.self) ?? .container
        let id = try d.string("session")
        switch engine {
        case .container:
            return (id, try d.bool("delta"), .container(try readContainer(d)))
        case .grid:
            let (snapshot, revision) = try GridSnapshotEncoding.read(d)
            return (id, try d.bool("delta"), .grid(snapshot, revision: revision))
        }
    }

    /// The session's components, when the snapshot has them (checked as `session.create` checks them).
    static func readComponents(_ d: borrowing ParamDecoder) throws(RPCError) -> SessionComponents? {
        try d.optionalArray("components").flatMap { (array) throws(RPCError) in
            try SessionComponents.decode(array)
        }
    }

    /// A container's members of a snapshot.
    private static func readContainer(_ d: borrowing ParamDecoder) throws(RPCError) -> ContainerSnapshot {
        let viewport = try SessionParams.viewport(d.object("viewport"))
        let insets = try SessionParams.insets(d.object("insets"))
        let (options, _) = try SessionParams.options(d.object("options"), base: ContainerOptions(), baseDelta: false)
        let children = try SessionParams.children(d.array("children"))
        var snapshot = ContainerSnapshot(
            viewport: viewport, insets: insets, options: options, children: children,
            offset: try d.double("offset"), phase: try d.enumeration("phase", as: ScrollPhase.self),
            direction: try d.enumeration("direction", as: ScrollDirection.self),
            revision: try d.int("revision"))
        let state = try d.object("state")
        snapshot.visibility = VisibilitySnapshot(
            visible: try strings(state.array("visible")), active: try state.optionalString("active"),
            leaving: try state.optionalString("leaving"))
        snapshot.pinned = try strings(state.array("pinned"))
        snapshot.refresh = try state.enumeration("refresh", as: RefreshState.self)
        snapshot.loadMoreTriggeredAt = try state.optionalDouble("loadMoreTriggeredAt")
        snapshot.loadingMore = try state.bool("loadingMore")
        if let target = try state.optionalObject("pendingTarget") {
            snapshot.pendingTarget = PendingScrollTarget(
                child: try target.string("child"), position: try target.enumeration("position", as: ScrollPosition.self))
        }
        if let scroll = try state.optionalArray("headerScroll") {
            var offsets: [Double] = []
            for i in 0..<scroll.count { offsets.append(try scroll.double(at: i)) }
            snapshot.headerScroll = offsets
        }
        return snapshot
    }

    private static func strings(_ array: ParamArray) throws(RPCError) -> [String] {
        var result: [String] = []
        for i in 0..<array.count { result.append(try array.string(at: i)) }
        return result
    }
}
