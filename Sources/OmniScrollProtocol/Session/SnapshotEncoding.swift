import OmniScrollCore
import OmniScrollJSON

/// `session.snapshot`'s JSON form of a session and its inverse for
/// `session.restore`: an envelope (`format`, `engine`, `session`, `delta`)
/// then the engine's own members. Members appear in a fixed order, so equal
/// sessions give equal bytes; `format` versions an engine's members, so a
/// later version reads older ones and refuses what it cannot read. A
/// snapshot without `engine` (written before engines had names) is a
/// container's.
///
/// A container's snapshot is format 2: `state` holds each behavior's part
/// under its name, written, read and checked from the behaviors'
/// declarations (`ContainerSnapshot.stateParts`), nothing here per behavior.
/// Format 1 (`SnapshotFormat1`) is still read. A grid's members never
/// changed, so its snapshot stays format 1 (`GridSnapshotEncoding.format`).
enum SnapshotEncoding {
    /// The container snapshot format `session.snapshot` writes.
    static let format = 2
    /// `#/components/schemas/AnySnapshot`: a container's or a grid's, by `engine`.
    static let schema = Schema.oneOf(discriminator: "engine", cases: [containerSchema, GridSnapshotEncoding.schema])
    /// `#/components/schemas/ContainerSnapshot`: the current format or format 1, by `format`.
    static let containerSchema = Schema.oneOf(discriminator: "format", cases: [currentSchema, SnapshotFormat1.schema])
    /// `#/components/schemas/Snapshot`.
    static let currentSchema = Schema.object(envelope(format: format) + [.required("state", stateSchema)])
    /// Each behavior's part, required, in registration order.
    static let stateSchema = Schema.object(ContainerSnapshot.stateParts.map { part in
        .required(ParamKey(stringLiteral: part.name), part.schema)
    })

    /// The members of a container's snapshot before `state`, which every format shares.
    static func envelope(format: Int) -> [Member] { [
        .required("format", .integer(constant: format)),
        .optional("engine", .enumeration([EngineKind.container.rawValue])),
        .required("session", SessionParams.id),
        .required("delta", .boolean),
        .optional("components", SessionComponents.schema),
        .required("viewport", SessionParams.viewport),
        .required("insets", SessionParams.insets),
        .required("options", SessionParams.options),
        .required("children", .array(items: SessionParams.childSpec)),
        .required("offset", Schema.offset),
        .required("phase", SessionParams.scrollPhase),
        .required("direction", .enumeration(of: ScrollDirection.self)),
        .required("revision", .integer(minimum: 0)),
    ] }

    static func write(_ session: Session, into w: inout JSONWriter) {
        w.beginObject()
        w.key("format"); w.number(session.engine.snapshotFormat)
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
            s.options[declaration.name].write(as: declaration.schema, into: &w)
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
        for part in ContainerSnapshot.stateParts {
            w.key(part.name)
            (s.state[part.name.description] ?? part.initial).write(as: part.schema, into: &w)
        }
        w.endObject()
    }

    static func writeChild(_ child: ChildSpec, into w: inout JSONWriter) {
        w.beginObject()
        w.key("id"); w.string(child.id)
        w.key("kind"); w.string(child.kind.rawValue)
        if let pager = child.pager {
            PagerParams.write(pager, into: &w)
        } else {
            if !child.kind.isViewportTall {
                w.key(child.kind.sizeMember)
                if let size = child.size { w.number(size) } else { w.null() }
            }
            for (member, value) in zip(child.kind.payloadMembers, child.payloadValues) {
                w.key(member.name)
                value.write(as: member.shape, into: &w)
            }
        }
        w.endObject()
    }

    /// What a snapshot holds besides its envelope, by engine.
    enum EngineSnapshot {
        /// `format` names its fields in errors.
        case container(ContainerSnapshot, format: Int)
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
            case .container(let snapshot, let format):
                do throws(ContainerError) {
                    return .container(try Container(restoring: snapshot))
                } catch {
                    let field = format == SnapshotFormat1.format ? SnapshotFormat1.legacyField(error.field) : error.field
                    throw SessionParams.rpcError(error, path: SessionParams.render(field, under: "params.snapshot"))
                }
            }
        }
    }

    /// Reads a snapshot object (opened against `schema`); `(session id,
    /// delta, engine snapshot)`. A grid's bound on tiles per reply is set when it is restored.
    static func read(_ d: borrowing ParamDecoder) throws(RPCError) -> (String, Bool, EngineSnapshot) {
        let engine = try d.optionalEnumeration("engine", as: EngineKind.self) ?? .container
        let id = try d.string("session")
        switch engine {
        case .container:
            return (id, try d.bool("delta"), .container(try readContainer(d), format: try d.int("format")))
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
        if try d.int("format") == SnapshotFormat1.format {
            try SnapshotFormat1.readState(state, into: &snapshot)
        } else {
            for part in ContainerSnapshot.stateParts {
                snapshot.state[part.name.description] = try OptionValue.read(
                    part.schema, ParamKey(stringLiteral: part.name), in: state)
            }
        }
        return snapshot
    }
}
