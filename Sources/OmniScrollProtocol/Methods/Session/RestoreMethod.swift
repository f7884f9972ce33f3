import OmniScrollCore
import OmniScrollJSON

/// `session.restore`: a session again from its snapshot, under the
/// snapshot's id or `id`.
struct RestoreMethod: MethodDeclaration {
    static let name: StaticString = "session.restore"
    static let params: [Member] = [
        .required("snapshot", SnapshotEncoding.schema),
        .optional("id", SessionParams.id),
    ]
    static let result = ResultSchema.component("Layout")

    let snapshotID: String
    let delta: Bool
    let snapshot: ContainerSnapshot
    let id: String?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        (snapshotID, delta, snapshot) = try SnapshotEncoding.read(params.object("snapshot"))
        id = try params.optionalString("id")
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let container: Container
        do throws(ContainerError) {
            container = try Container(restoring: snapshot)
        } catch {
            throw SessionParams.rpcError(error, path: SessionParams.render(error.field, under: "params.snapshot"))
        }
        try state.sessions.checkRoom(forChildren: container.childCount, existing: 0, path: "params.snapshot.children")
        let id = try state.sessions.newID(requested: id ?? snapshotID, path: id != nil ? "params.id" : "params.snapshot.session")
        state.sessions.insert(id: id, container: container, delta: delta)
        LayoutEncoding.writeCurrent(try state.sessions.session(id), into: &result)
    }
}
