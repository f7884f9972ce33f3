import OmniScrollCore
import OmniScrollJSON

/// Applies a change to one grid session in place and writes its GridLayout:
/// what `grid.scroll`, `grid.update`, `grid.pointer` and `grid.tick` do once
/// they have decoded their input. A failed call changes nothing.
enum GridChange {
    static func apply(_ change: TileGridChange, to id: String, _ state: inout WorkerState, _ result: inout JSONWriter)
        throws(RPCError)
    {
        try update(id, &state, &result) { (grid) throws(ContainerError) in try grid.apply(change) }
    }

    static func update(_ id: String, _ state: inout WorkerState, _ result: inout JSONWriter,
                       _ body: (inout TileGrid) throws(ContainerError) -> TileGridUpdate) throws(RPCError)
    {
        let limits = state.sessions.limits
        try state.sessions.withGrid(id) { (hosted) throws(RPCError) in
            do throws(ContainerError) {
                let update = try hosted.engine.update(body)
                GridLayoutEncoding.write(update, of: hosted.engine, in: hosted.header, into: &result)
            } catch {
                throw GridParams.rpcError(error, under: "params", limits: limits)
            }
        }
    }
}
