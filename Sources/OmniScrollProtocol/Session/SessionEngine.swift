import OmniScrollCore
import OmniScrollJSON

/// What every engine a session can hold gives the session layer: enough to
/// list it, read it back, snapshot it and count it against the limits. Each
/// engine type conforms in its own file (`Container+SessionEngine.swift`).
protocol Engine {
    static var kind: EngineKind { get }
    /// The `format` its snapshots are written in (each engine versions its own members).
    static var snapshotFormat: Int { get }
    /// Raised by every call that changes the engine.
    var revision: Int { get }
    /// The items it holds, counted against `--max-total-children` (a container's children).
    var itemCount: Int { get }
    /// Its whole current layout: the reply to `session.get` and `session.restore`.
    func writeCurrent(of session: Session, into w: inout JSONWriter)
    /// Its members of a snapshot, after the envelope (`format`, `engine`, `session`, `delta`).
    func writeSnapshot(into w: inout JSONWriter)
}

/// The kinds of engine, as `session.list` and snapshots name them.
public enum EngineKind: String, CaseIterable, Sendable {
    /// The vertical stack of children (`OmniScrollCore.Container`).
    case container
    /// The endless tile grid (`OmniScrollCore.TileGrid`).
    case grid

    /// The methods that drive this kind of engine, as an error names them.
    var methods: String { self == .container ? "session.*" : "\(rawValue).*" }
}

/// A session's engine, as a value: a closed enum over the engine types, so
/// every call dispatches with a switch (static, inlinable), not through a
/// witness table. A new engine is one case here, one line in each switch
/// below and in `SessionStore` (which keeps each kind in its own table, to
/// change engines in place), and its `Engine` conformance.
public enum SessionEngine: Sendable {
    case container(Container)
    case grid(GridEngine)

    var kind: EngineKind {
        switch self {
        case .container: Container.kind
        case .grid: GridEngine.kind
        }
    }

    var snapshotFormat: Int {
        switch self {
        case .container: Container.snapshotFormat
        case .grid: GridEngine.snapshotFormat
        }
    }

    var revision: Int {
        switch self {
        case .container(let container): container.revision
        case .grid(let grid): grid.revision
        }
    }

    var itemCount: Int {
        switch self {
        case .container(let container): container.itemCount
        case .grid(let grid): grid.itemCount
        }
    }

    func writeCurrent(of session: Session, into w: inout JSONWriter) {
        switch self {
        case .container(let container): container.writeCurrent(of: session, into: &w)
        case .grid(let grid): grid.writeCurrent(of: session, into: &w)
        }
    }

    func writeSnapshot(into w: inout JSONWriter) {
        switch self {
        case .container(let container): container.writeSnapshot(into: &w)
        case .grid(let grid): grid.writeSnapshot(into: &w)
        }
    }

    /// The error for a method of one engine called on a session holding
    /// another: -32602 at `path`, since the id names a live session (-32001
    /// would say it does not exist) that is the wrong kind for the method.
    static func wrongEngine(_ kind: EngineKind, expected: EngineKind, path: String) -> RPCError {
        RPCError.invalidParams(path: path, reason: """
            is a \(kind.rawValue) session; \(expected.methods) methods drive a \(expected.rawValue) (use \(kind.methods))
            """)
    }

    /// The container, for methods that drive one; -32602 at `params.session`
    /// when the session holds another kind of engine.
    func container() throws(RPCError) -> Container {
        switch self {
        case .container(let container): container
        case .grid: throw Self.wrongEngine(.grid, expected: .container, path: "params.session")
        }
    }
}
