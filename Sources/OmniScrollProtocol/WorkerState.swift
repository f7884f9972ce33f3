/// Where the worker is in the LSP-style lifecycle.
public enum LifecyclePhase: Sendable, Equatable {
    /// Serving requests (`initialize` is optional and does not change the phase).
    case running
    /// `shutdown` was received: every request except `exit` gets -32600.
    case shuttingDown
}

/// All mutable state of one worker, in one place. Handlers receive it `inout`;
/// the dispatcher owns it. Requests run strictly in order, one at a time.
///
/// Extension point: a module that needs state adds one stored property here
/// (e.g. `public var sessions = SessionStore()`), and its methods' `apply`
/// use it through `state.<property>`.
public struct WorkerState {
    public let limits: Limits
    public var logger: Logger
    public var phase: LifecyclePhase = .running
    /// Set when an `exit` notification arrives; the server stops and exits with it.
    public var exitCode: Int32?
    /// The sessions (`SessionMethods`).
    public var sessions: SessionStore
    /// The templates `session.create` takes by name (`--templates`, `session.defineTemplate`).
    public var templates: TemplateCatalogue

    public init(limits: Limits = .default, logger: Logger = Logger(), templates: TemplateCatalogue = TemplateCatalogue()) {
        self.limits = limits
        self.logger = logger
        self.sessions = SessionStore(limits: limits)
        self.templates = templates
    }
}
