import OmniScrollCore
import OmniScrollJSON

/// The `session.*` methods: create a container, feed it sizes, offsets and
/// phases, read its layout and events back. Every method that changes a
/// session answers with a Layout (see `LayoutEncoding`); a failed call
/// changes nothing.
public enum SessionMethods: MethodGroup {
    public static func register(in registry: inout MethodRegistry) {
        registerLifecycle(in: &registry)
        registerChanges(in: &registry)
        registerCommands(in: &registry)
    }

    /// Creating, reading, listing, destroying, snapshotting and restoring sessions.
    private static func registerLifecycle(in registry: inout MethodRegistry) {
        registry.register("session.create", params: ["viewport", "children", "insets", "offset", "id", "template", "options"]) {
            (state, params, result) throws(RPCError) in
            let template = try params.optionalEnum("template", as: SessionTemplate.self)
            let viewport = try SessionParams.viewport(params.requiredObject("viewport", members: ["width", "height"]))
            var children = template?.children ?? []
            if let array = try params.optionalArray("children") {
                children = try SessionParams.children(array, limits: state.limits)
            } else if template == nil {
                throw params.invalid("children", "required (or give a template)")
            }
            let insets = try params.optionalObject("insets", members: ["top", "bottom"]).map { (o) throws(RPCError) in try SessionParams.insets(o) } ?? .zero
            let offset = try params.optionalDouble("offset")
            var options = template?.options ?? ContainerOptions()
            var delta = false
            if let object = try params.optionalObject("options", members: SessionParams.optionMembers) {
                (options, delta) = try SessionParams.options(object, base: options, baseDelta: false)
            }
            try state.sessions.checkRoom(forChildren: children.count, existing: 0, path: "params.children")
            let created: (Container, ContainerUpdate)
            do throws(ContainerError) {
                created = try Container.create(viewport: viewport, insets: insets, children: children, offset: offset, options: options)
            } catch {
                throw SessionParams.rpcError(error, path: SessionParams.path(of: error))
            }
            // After the container is made, so a refused create uses up no generated id.
            let id = try state.sessions.newID(requested: params.optionalString("id"), path: "params.id")
            state.sessions.insert(id: id, container: created.0, delta: delta)
            LayoutEncoding.write(created.1, of: try state.sessions.session(id), into: &result)
        }
        registry.register("session.get", params: ["session"]) { (state, params, result) throws(RPCError) in
            LayoutEncoding.writeCurrent(try state.sessions.session(params.requiredString("session")), into: &result)
        }
        registry.register("session.list", params: []) { (state, _, result) throws(RPCError) in
            result.beginObject()
            result.key("sessions")
            result.beginArray()
            for session in state.sessions.all {
                result.beginObject()
                result.key("id"); result.string(session.id)
                result.key("children"); result.number(session.container.childCount)
                result.key("revision"); result.number(session.container.revision)
                result.endObject()
            }
            result.endArray()
            result.endObject()
        }
        registry.register("session.destroy", params: ["session"]) { (state, params, result) throws(RPCError) in
            let id = try params.requiredString("session")
            try state.sessions.remove(id)
            result.beginObject()
            result.key("session"); result.string(id)
            result.endObject()
        }
        registry.register("session.snapshot", params: ["session"]) { (state, params, result) throws(RPCError) in
            SnapshotEncoding.write(try state.sessions.session(params.requiredString("session")), into: &result)
        }
        registry.register("session.restore", params: ["snapshot", "id"]) { (state, params, result) throws(RPCError) in
            let object = try params.requiredObject("snapshot", members: SnapshotEncoding.members)
            let (snapshotID, delta, snapshot) = try SnapshotEncoding.read(object, limits: state.limits)
            let container: Container
            do throws(ContainerError) {
                container = try Container(restoring: snapshot)
            } catch {
                throw SessionParams.rpcError(error, path: "params.snapshot.\(error.field)")
            }
            try state.sessions.checkRoom(forChildren: container.childCount, existing: 0, path: "params.snapshot.children")
            let requested = try params.optionalString("id") ?? snapshotID
            let id = try state.sessions.newID(requested: requested, path: params.contains("id") ? "params.id" : "params.snapshot.session")
            state.sessions.insert(id: id, container: container, delta: delta)
            LayoutEncoding.writeCurrent(try state.sessions.session(id), into: &result)
        }
    }

    /// Offsets, sizes, viewport, insets and structure.
    private static func registerChanges(in registry: inout MethodRegistry) {
        registry.register("session.scroll", params: ["session", "offset", "phase"]) { (state, params, result) throws(RPCError) in
            let offset = ContainerChange.offset(try params.requiredDouble("offset"))
            if let phase = try params.optionalEnum("phase", as: ScrollPhase.self) {
                try apply([offset, .phase(phase)], params, &state, &result)
            } else {
                try apply(offset, params, &state, &result)
            }
        }
        registry.register("session.setContentHeight", params: ["session", "child", "contentHeight"]) { (state, params, result) throws(RPCError) in
            let change = ContainerChange.size(child: try params.requiredString("child"),
                                              try params.requiredFiniteNonNegative("contentHeight"))
            try apply(change, params, &state, &result)
        }
        registry.register("session.update", params: ["session", "sizes", "viewport", "insets", "offset", "phase"]) {
            (state, params, result) throws(RPCError) in
            var changes: [ContainerChange] = []
            var sizePaths: [String] = []
            if let value = params.optionalValue("sizes") {
                guard value.kind == .object else {
                    throw params.invalid("sizes", "must be an object of child id → height; got \(value.typeDescription)")
                }
                for member in value.members {
                    let child = member.key.stringValue!
                    let path = "params.sizes.\(child)"
                    guard let size = member.value.doubleValue, size.isFinite, size >= 0 else {
                        throw RPCError.invalidParams(path: path, reason: "must be a finite number ≥ 0")
                    }
                    changes.append(.size(child: child, size))
                    sizePaths.append(path)
                }
            }
            if let viewport = try params.optionalObject("viewport", members: ["width", "height"]) {
                changes.append(.viewport(try SessionParams.viewport(viewport)))
            }
            if let insets = try params.optionalObject("insets", members: ["top", "bottom"]) {
                let id = try params.requiredString("session")
                let current = try state.sessions.session(id).container.insets
                changes.append(.insets(try SessionParams.insets(insets, base: current)))
            }
            if let offset = try params.optionalDouble("offset") { changes.append(.offset(offset)) }
            if let phase = try params.optionalEnum("phase", as: ScrollPhase.self) { changes.append(.phase(phase)) }
            try apply(changes, params, &state, &result) { error in
                error.change < sizePaths.count ? sizePaths[error.change] : SessionParams.path(of: error)
            }
        }
        registry.register("session.setViewport", params: ["session", "width", "height"]) { (state, params, result) throws(RPCError) in
            try apply(.viewport(try SessionParams.viewport(params)), params, &state, &result) { error in
                "params.\(error.field.dropFirst("viewport.".count))"
            }
        }
        registry.register("session.setInsets", params: ["session", "top", "bottom"]) { (state, params, result) throws(RPCError) in
            let current = try state.sessions.session(params.requiredString("session")).container.insets
            try apply(.insets(try SessionParams.insets(params, base: current)), params, &state, &result) { error in
                "params.\(error.field.dropFirst("insets.".count))"
            }
        }
        registry.register("session.insertChildren", params: ["session", "children", "index"]) { (state, params, result) throws(RPCError) in
            let id = try params.requiredString("session")
            let children = try SessionParams.children(params.requiredArray("children"), limits: state.limits)
            let existing = try state.sessions.session(id).container.childCount
            try state.sessions.checkRoom(forChildren: children.count, existing: existing, path: "params.children")
            let index = try params.optionalInt("index", in: 0...existing) ?? existing
            try apply(.insert(children, at: index), params, &state, &result)
        }
        registry.register("session.removeChildren", params: ["session", "children"]) { (state, params, result) throws(RPCError) in
            let array = try params.requiredArray("children")
            var ids: [String] = []
            for i in 0..<array.count { ids.append(try array.string(at: i)) }
            try apply(.remove(ids), params, &state, &result)
        }
    }

    /// Phases and behavior commands.
    private static func registerCommands(in registry: inout MethodRegistry) {
        registry.register("session.scrollToChild", params: ["session", "child", "position", "animated"]) {
            (state, params, result) throws(RPCError) in
            let change = ContainerChange.scrollToChild(
                try params.requiredString("child"),
                position: try params.optionalEnum("position", as: ScrollPosition.self) ?? .top,
                animated: try params.optionalBool("animated") ?? false)
            try apply(change, params, &state, &result)
        }
        registry.register("session.beginDragging", params: ["session"]) { (state, params, result) throws(RPCError) in
            try apply(.phase(.dragging), params, &state, &result)
        }
        registry.register("session.endDragging", params: ["session", "decelerate"]) { (state, params, result) throws(RPCError) in
            let decelerate = try params.optionalBool("decelerate") ?? false
            try apply(.phase(decelerate ? .decelerating : .idle), params, &state, &result)
        }
        registry.register("session.endScrolling", params: ["session"]) { (state, params, result) throws(RPCError) in
            try apply(.phase(.idle), params, &state, &result)
        }
        registry.register("session.endRefreshing", params: ["session"]) { (state, params, result) throws(RPCError) in
            try apply(.endRefreshing, params, &state, &result)
        }
        registry.register("session.endLoadingMore", params: ["session"]) { (state, params, result) throws(RPCError) in
            try apply(.endLoadingMore, params, &state, &result)
        }
    }

    /// Applies `changes` to the session named by `params.session` in place and
    /// writes the Layout; an engine error becomes the protocol error at the
    /// param `path` names.
    private static func apply(
        _ changes: [ContainerChange], _ params: ParamDecoder, _ state: inout WorkerState, _ result: inout JSONWriter,
        path: (ContainerError) -> String = SessionParams.path(of:)
    ) throws(RPCError) {
        try update(params, &state, &result, path: path) { (container) throws(ContainerError) in try container.apply(changes) }
    }

    /// `apply` for one change (most calls): no change array is built.
    private static func apply(
        _ change: ContainerChange, _ params: ParamDecoder, _ state: inout WorkerState, _ result: inout JSONWriter,
        path: (ContainerError) -> String = SessionParams.path(of:)
    ) throws(RPCError) {
        try update(params, &state, &result, path: path) { (container) throws(ContainerError) in try container.apply(change) }
    }

    private static func update(
        _ params: ParamDecoder, _ state: inout WorkerState, _ result: inout JSONWriter, path: (ContainerError) -> String,
        _ body: (inout Container) throws(ContainerError) -> ContainerUpdate
    ) throws(RPCError) {
        let id = try params.requiredString("session")
        try state.sessions.withSession(id) { (session) throws(RPCError) in
            do throws(ContainerError) {
                if session.delta {
                    let before = session.container.layout
                    LayoutEncoding.write(try body(&session.container), since: before, of: session, into: &result)
                } else {
                    LayoutEncoding.write(try body(&session.container), of: session, into: &result)
                }
            } catch {
                throw SessionParams.rpcError(error, path: path(error))
            }
        }
    }
}
