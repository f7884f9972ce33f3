import OmniScrollCore
import OmniScrollJSON

/// Applies changes to one session in place and writes its Layout: what
/// every method that changes a session does once it has decoded its input.
/// A failed call changes nothing.
enum SessionChange {
    /// Applies `changes` to session `id`; an engine error becomes the protocol
    /// error at the param `path` names.
    static func apply(
        _ changes: [ContainerChange], to id: String, _ state: inout WorkerState, _ result: inout JSONWriter,
        path: (ContainerError) -> String = SessionParams.path(of:)
    ) throws(RPCError) {
        try update(id, &state, &result, path: path) { (container) throws(ContainerError) in try container.apply(changes) }
    }

    /// `apply` for one change (most calls): no change array is built.
    static func apply(
        _ change: ContainerChange, to id: String, _ state: inout WorkerState, _ result: inout JSONWriter,
        path: (ContainerError) -> String = SessionParams.path(of:)
    ) throws(RPCError) {
        try update(id, &state, &result, path: path) { (container) throws(ContainerError) in try container.apply(change) }
    }

    /// `apply` for a change and the phase it is made in (a scroll naming its
    /// phase, `Container.apply(_:phase:)`): no change array is built.
    static func apply(
        _ change: ContainerChange, phase: ScrollPhase, to id: String, _ state: inout WorkerState,
        _ result: inout JSONWriter, path: (ContainerError) -> String = SessionParams.path(of:)
    ) throws(RPCError) {
        try update(id, &state, &result, path: path) { (container) throws(ContainerError) in
            try container.apply(change, phase: phase)
        }
    }

    /// Runs `body` on session `id`'s container in place and writes the
    /// update it returns (a call that is not a change list: a pointer sample).
    static func update(
        _ id: String, _ state: inout WorkerState, _ result: inout JSONWriter,
        path: (ContainerError) -> String = SessionParams.path(of:),
        _ body: (inout Container) throws(ContainerError) -> ContainerUpdate
    ) throws(RPCError) {
        try state.sessions.withContainer(id) { (hosted) throws(RPCError) in
            do throws(ContainerError) {
                if hosted.header.delta {
                    let before = hosted.engine.layout
                    let update = try body(&hosted.engine)
                    LayoutEncoding.write(update, since: before, of: &hosted.engine, in: hosted.header, into: &result)
                } else {
                    LayoutEncoding.write(try body(&hosted.engine), of: &hosted.engine, in: hosted.header, into: &result)
                }
            } catch {
                throw SessionParams.rpcError(error, path: path(error))
            }
        }
    }
}
