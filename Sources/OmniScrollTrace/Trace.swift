import OmniScrollJSON
import OmniScrollProtocol

/// A transcript run in-process, step by step.
///
/// Two workers run the same requests: the first gives the replies exactly as
/// a client would see them; after each step the second (the observer) is asked
/// `session.get` and `session.snapshot` for the session the step concerned,
/// so every step can be drawn whole even when replies are deltas, and the
/// first worker's replies stay untouched by the extra calls.
public struct Trace: Equatable, Sendable {
    /// Trace-wide notes (worker flags that could not be used).
    public var notes: [String]
    public var steps: [TraceStep]

    public init(notes: [String] = [], steps: [TraceStep]) {
        self.notes = notes
        self.steps = steps
    }

    /// Runs `transcript` as a worker started with its `{"args"}` line, then
    /// `workerArguments`; a `--templates FILE` is read with `read` (nil: unreadable).
    public init(running transcript: Transcript, workerArguments: [String] = [], read: (String) -> [UInt8]? = { _ in nil }) {
        notes = []
        var limits = Limits()
        var templates = TemplateCatalogue()
        let arguments = transcript.workerArguments + workerArguments
        if !arguments.isEmpty {
            switch Result(catching: { () throws(WorkerOptions.UsageError) in try WorkerOptions.parse(arguments) }) {
            case .success(.run(let options)):
                limits = options.limits
                if let path = options.templatesFile {
                    switch Self.templates(path, limits: limits, read: read) {
                    case .success(let catalogue): templates = catalogue
                    case .failure(let note): notes.append(note.text)
                    }
                }
            case .success: notes.append("worker arguments ignored: \(arguments.joined(separator: " "))")
            case .failure(let error): notes.append("worker arguments ignored: \(error)")
            }
        }
        var worker = Self.dispatcher(limits: limits, templates: templates)
        var observer = Self.dispatcher(limits: limits, templates: templates)
        var focus: String?
        steps = transcript.entries.map { entry in
            let reply = worker.handle(entry.request)
            _ = observer.handle(entry.request)
            let replyValue = reply.flatMap { try? JSONParser.parse($0) }
            var problems: [String] = []
            if let unreadable = entry.unreadable { problems.append("line \(entry.line) is \(unreadable)") }
            problems += Self.errors(in: replyValue)
            if let recorded = entry.recorded, recorded != reply {
                problems.append("the reply differs from the recorded one")
            }
            focus = Self.session(in: replyValue) ?? focus
            let view = focus.map { id in
                let got = observer.handle(Self.call("session.get", session: id)).flatMap { try? JSONParser.parse($0) }
                let trimmed = TraceBound.trim(layout: Self.layout(got?["result"], reply: replyValue, session: id),
                                              snapshot: Self.result(of: observer.handle(Self.call("session.snapshot", session: id))))
                var view = SessionView(session: id, layout: trimmed.layout, snapshot: trimmed.snapshot,
                                       unavailable: got?["error"]?["message"]?.stringValue)
                view.omittedChildren = trimmed.omitted
                return view
            }
            return Self.step(entry, reply: reply, replyValue: replyValue, problems: problems, view: view)
        }
    }

    /// The step as kept: its texts cut at `TraceBound.textBytes`, with what a cut text's drawing needs.
    private static func step(_ entry: Transcript.Entry, reply: String?, replyValue: JSONValue?, problems: [String],
                             view: SessionView?) -> TraceStep {
        let request = TraceBound.cut(entry.request)
        let replyCut = reply.map(TraceBound.cut)
        let recorded = entry.recorded.map(TraceBound.cut)
        var step = TraceStep(line: entry.line, request: request.text, reply: replyCut?.text, recorded: recorded?.text,
                             problems: problems, view: view)
        step.cut = TraceStep.Cut(request: request.more, reply: replyCut?.more ?? 0, recorded: recorded?.more ?? 0)
        if step.cut.reply > 0 { step.events = events(in: replyValue) }
        if request.more > 0 { step.method = (try? JSONParser.parse(entry.request))?["method"]?.stringValue }
        return step
    }

    /// Every event of a reply (of each result in a batch), in order.
    static func events(in reply: JSONValue?) -> [JSONValue] {
        let results = reply.map { $0.arrayValue ?? [$0] } ?? []
        return results.flatMap { $0["result"]?["events"]?.arrayValue ?? [] }
    }

    private static func dispatcher(limits: Limits, templates: TemplateCatalogue) -> Dispatcher {
        Dispatcher(registry: .worker(),
                   state: WorkerState(limits: limits, logger: Logger(level: .error, fd: -1), templates: templates))
    }

    struct Note: Error { var text: String }

    /// The templates of `--templates path`, as the worker defines them at start (docs/protocol.md).
    static func templates(_ path: String, limits: Limits, read: (String) -> [UInt8]?) -> Result<TemplateCatalogue, Note> {
        guard let bytes = read(path) else { return .failure(Note(text: "--templates \(path) ignored: cannot read it")) }
        do throws(RPCError) {
            return .success(try TemplateCatalogue(file: bytes, limits: limits))
        } catch {
            return .failure(Note(text: "--templates \(path) ignored: \(error.message)"))
        }
    }

    /// Each error of a reply (one, or several in a batch), as one line.
    static func errors(in reply: JSONValue?) -> [String] {
        guard let reply else { return [] }
        let entries = reply.arrayValue ?? [reply]
        return entries.compactMap { entry in
            guard let error = entry["error"] else { return nil }
            var text = "error \(error["code"].map(Self.text) ?? "?"): \(error["message"]?.stringValue ?? "")"
            if let data = error["data"], !data.isNull { text += " (\(Self.text(data)))" }
            return text
        }
    }

    /// The session a reply concerns: its result's `session` (the last one in a batch).
    static func session(in reply: JSONValue?) -> String? {
        guard let reply else { return nil }
        let entries = reply.arrayValue ?? [reply]
        return entries.reversed().lazy.compactMap { $0["result"]?["session"]?.stringValue }.first
    }

    static func call(_ method: String, session: String) -> String {
        var out = JSONWriter()
        out.beginObject()
        out.key("jsonrpc"); out.string("2.0")
        out.key("id"); out.number(0)
        out.key("method"); out.string(method)
        out.key("params"); out.beginObject(); out.key("session"); out.string(session); out.endObject()
        out.endObject()
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The members of a grid reply that describe the call, not the state:
    /// `session.get` answers `added: []`, `removed: []` and no `recentered`.
    private static let gridCallMembers = ["added", "removed", "recentered"]

    /// The step's layout: `session.get`'s, with a grid step's call members
    /// taken from the step's own reply (a single grid layout of `session`),
    /// in the GridLayout order (before `events`, `motion` and `pointer`, docs/protocol.md).
    static func layout(_ got: JSONValue?, reply: JSONValue?, session: String) -> JSONValue? {
        guard let state = got?.objectValue, let own = reply?["result"], own["tiles"] != nil,
              own["session"]?.stringValue == session else { return got }
        var out = JSONObject()
        var callMembers = gridCallMembers.compactMap { key in own[key].map { (key, $0) } }
        for member in state.members where !gridCallMembers.contains(member.key) {
            if ["events", "motion", "pointer"].contains(member.key) {
                for (key, value) in callMembers { out.append(key, value) }
                callMembers = []
            }
            out.append(member.key, member.value)
        }
        for (key, value) in callMembers { out.append(key, value) }
        return .object(out)
    }

    static func result(of reply: String?) -> JSONValue? {
        reply.flatMap { try? JSONParser.parse($0) }?["result"]
    }

    /// A JSON value as compact JSON text.
    static func text(_ value: JSONValue) -> String {
        var out = JSONWriter()
        out.value(value)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
