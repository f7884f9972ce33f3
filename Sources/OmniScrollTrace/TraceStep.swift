import OmniScrollJSON

/// One transcript entry after it ran: what was sent, what came back, what went
/// wrong, and the whole state of the session it concerned, for drawing.
public struct TraceStep: Equatable, Sendable {
    /// 1-based line number in the transcript.
    public var line: Int
    public var request: String
    /// The worker's reply (nil for a notification).
    public var reply: String?
    /// The reply a recorded pair expected, when the transcript holds one.
    public var recorded: String?
    /// What to flag at this step: an unreadable line, an error reply, a reply
    /// that differs from the recorded one.
    public var problems: [String]
    /// The session the step concerned, as it stands after the step.
    public var view: SessionView?
    /// The UTF-8 bytes left out of `request`, `reply` and `recorded`, each
    /// cut at `TraceBound.textBytes` (docs/trace.md, "Bounds").
    public var cut = Cut()
    /// When the reply or request is cut, what the drawing still needs of it:
    /// the reply's events and the request's method.
    public var events: [JSONValue]?
    public var method: String?

    public struct Cut: Equatable, Sendable {
        public var request = 0, reply = 0, recorded = 0
    }

    public init(line: Int, request: String, reply: String?, recorded: String?, problems: [String], view: SessionView?) {
        self.line = line
        self.request = request
        self.reply = reply
        self.recorded = recorded
        self.problems = problems
        self.view = view
    }
}

/// A session's full state after a step: its complete Layout (`session.get`,
/// every child even when the session's replies are deltas) and its snapshot
/// (viewport, insets, child kinds, pinned bars), both as the worker writes them.
public struct SessionView: Equatable, Sendable {
    public var session: String
    /// The `session.get` result, or nil when the session no longer exists; a
    /// grid step's `added`, `removed` and `recentered` are its own reply's
    /// (`Trace.layout(_:reply:session:)`).
    public var layout: JSONValue?
    /// The `session.snapshot` result, when the engine offers one.
    public var snapshot: JSONValue?
    /// Why there is no layout: the `session.get` error's message ("unknown session", "server is shutting down").
    public var unavailable: String?
    /// Children left out of `layout` and `snapshot` (`TraceBound.trim`).
    public var omittedChildren = 0

    public init(session: String, layout: JSONValue?, snapshot: JSONValue?, unavailable: String? = nil) {
        self.session = session
        self.layout = layout
        self.snapshot = snapshot
        self.unavailable = unavailable
    }
}
