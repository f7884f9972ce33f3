import OmniScrollCore
import OmniScrollJSON

/// Applies a change to one grid session in place and writes its GridLayout:
/// what `grid.scroll` and `grid.update` do once they have decoded their
/// input. A failed call changes nothing.
enum GridChange {
    static func apply(_ change: TileGridChange, to id: String, _ state: inout WorkerState, _ result: inout JSONWriter)
        throws(RPCError)
    {
        let limits = state.sessions.limits
        try state.sessions.withGrid(id) { (hosted) throws(RPCError) in
            do throws(ContainerError) {
                let update = try hosted.engine.apply(change)
                GridLayoutEncoding.write(update, of: hosted.engine, in: hosted.header, into: &result)
            } catch {
                throw GridParams.rpcError(error, under: "params", limits: limits)
            }
        }
    }
}
