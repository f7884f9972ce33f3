import OmniScrollCore
import OmniScrollJSON

/// The stack container as a session's engine.
extension Container: Engine {
    static let kind = EngineKind.container
    static let snapshotFormat = SnapshotEncoding.format

    var itemCount: Int { childCount }

    func writeCurrent(of session: Session, into w: inout JSONWriter) {
        LayoutEncoding.writeCurrent(self, in: session.header, into: &w)
    }

    func writeSnapshot(into w: inout JSONWriter) {
        SnapshotEncoding.write(snapshot(), into: &w)
    }
}
