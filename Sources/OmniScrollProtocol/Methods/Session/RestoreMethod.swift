import OmniScrollCore
import OmniScrollJSON

/// `session.restore`: a session again from its snapshot (a container's or a grid's), under
/// the snapshot's id or `id`.
struct RestoreMethod: MethodDeclaration {
    static let name: StaticString = "session.restore"
    struct Params: ParamList {
        let snapshot: Param<ParamDecoder> = .required("snapshot", SnapshotEncoding.schema)
        let id: Param<String?> = .optional("id", SessionParams.id)
    }
    static let params = Params()
    static let result = ResultSchema.component("AnyLayout")

    let snapshotID: String
    let delta: Bool
    let components: SessionComponents?
    let snapshot: SnapshotEncoding.EngineSnapshot
    let id: String?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        let object = try params.read(Self.params.snapshot)
        (snapshotID, delta, snapshot) = try SnapshotEncoding.read(object)
        // Grid sessions carry no components (their snapshot declares none).
        if case .container = snapshot { components = try SnapshotEncoding.readComponents(object) } else { components = nil }
        id = try params.read(Self.params.id)
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let engine = try snapshot.restore(limits: state.sessions.limits)
        try state.sessions.checkRoom(forChildren: engine.itemCount, existing: 0, path: "params.snapshot.children")
        let id = try state.sessions.newID(requested: id ?? snapshotID, path: id != nil ? "params.id" : "params.snapshot.session")
        state.sessions.insert(id: id, engine: engine, delta: delta, components: components)
        let session = try state.sessions.session(id)
        session.engine.writeCurrent(of: session, into: &result)
    }
}
