import OmniScrollCore
import OmniScrollJSON
import OmniScrollOpenRPC

/// The contract's promises, checked by machine after a call, in one place:
/// the worker's `--check-invariants` (the dispatcher runs it after every
/// successful request), the property tests, the soak (`scripts/soak`) and the
/// fuzzer (`fuzz/`). docs/protocol.md ("Checking the promises") lists them;
/// `Invariant` names them.
///
/// It reads the session the way a client does, through the methods on a copy
/// of the worker's state (`session.get`, `session.snapshot`, then
/// `session.destroy` and `session.restore` of that snapshot), so checking
/// never changes what the client sees; only the engines' own
/// `checkInvariants()` look inside. Slow by design (a snapshot round trip per
/// call): a debug aid, never on in production.
public struct InvariantChecker {
    private let schemas: SchemaChecker
    /// Each method's result schema, by name (rpc.discover's, the OpenRPC meta-schema, left out).
    private let resultSchemas: [String: JSONValue]
    /// What a client merging the delta replies of each delta session knows.
    private var deltaViews: [String: DeltaView] = [:]
    /// Where the client last put each session's offset (a call's `offset`
    /// or `translation`, a restore): at rest outside the range only there,
    /// and a motion from there starts as far out as it was.
    private var placed: [String: Double] = [:]
    /// Each session's offset after the previous call and whether it was in range.
    private var previous: [String: (offset: Double, inRange: Bool)] = [:]

    public init() {
        let document = (try? JSONParser.parse(String(decoding: OpenRPCDocument.bytes, as: UTF8.self), maxDepth: 256)) ?? .null
        schemas = SchemaChecker(document: document)
        var results: [String: JSONValue] = [:]
        for method in document["methods"]?.arrayValue ?? [] {
            guard let name = method["name"]?.stringValue, let schema = method["result"]?["schema"],
                  schema["$ref"]?.stringValue?.hasPrefix("#") ?? true else { continue }
            results[name] = schema
        }
        resultSchemas = results
    }

    /// Checks the promises after a successful call of `method` with `params`
    /// that answered `result`, on the worker `state` it left. The first broken
    /// promise, or nil.
    public mutating func check(method: String, params: JSONValue?, result: JSONValue, state: WorkerState,
                               registry: MethodRegistry) -> InvariantViolation? {
        if let schema = resultSchemas[method], let found = schemas.violations(of: result, against: schema).first {
            return InvariantViolation(.resultSchema, "\(method) \(found)")
        }
        guard let id = Self.session(of: method, params: params, result: result) else { return nil }
        if method == "session.destroy" {
            deltaViews[id] = nil
            placed[id] = nil
            previous[id] = nil
            return nil
        }
        guard let session = try? state.sessions.session(id) else { return nil }
        if let failure = session.engine.invariantFailure {
            return InvariantViolation(.engineState, "session \(id): \(failure)")
        }
        var probe = Probe(state: state, registry: registry)
        // After a session.get, its result (its schema checked above) is what
        // asking again would answer; asking costs as much as the call, a parse
        // and a schema walk of every tile (a 40 000-tile grid: about 7 s of a
        // debug build's CPU).
        let asked = method == "session.get"
        guard let get = asked ? result.objectValue : probe.call("session.get", ["session": .string(id)])?.objectValue else {
            return InvariantViolation(.resultSchema, "session.get of \(id) failed after \(method)")
        }
        if !asked, let found = schemas.violations(of: .object(get), against: resultSchemas["session.get"] ?? .null, at: "session.get").first {
            return InvariantViolation(.resultSchema, "after \(method): \(found)")
        }
        guard get["children"] != nil else {  // a grid: no offset range, children or delta view here
            return checkSnapshotRoundTrip(of: id, probe: &probe)
        }
        let violation = checkDeltaView(of: id, method: method, result: result, get: get, delta: session.delta)
            ?? checkLayout(get, session: id, placing: Self.placesOffset(method, params),
                           anchorShift: result["anchorShift"]?.doubleValue ?? 0,
                           viewportHeight: (try? session.engine.container())?.viewport.height)
            ?? checkSnapshotRoundTrip(of: id, probe: &probe)
        // The client gets -32603 instead of this reply: it reads the session
        // again (session.get), and so does the delta view, so one broken
        // promise is not reported again by every later call.
        if violation != nil, session.delta { deltaViews[id] = DeltaView(get) }
        return violation
    }

    /// The session a call is about: its `session` param, or the one it created.
    private static func session(of method: String, params: JSONValue?, result: JSONValue) -> String? {
        if let id = params?["session"]?.stringValue { return id }
        guard ["session.create", "session.restore", "grid.create"].contains(method) else { return nil }
        return result["session"]?.stringValue
    }

    /// Whether the call gave the offset itself (the contract never clamps such an offset).
    private static func placesOffset(_ method: String, _ params: JSONValue?) -> Bool {
        params?["offset"] != nil || method == "session.drag" || method == "session.restore"
    }

    private func checkSnapshotRoundTrip(of id: String, probe: inout Probe) -> InvariantViolation? {
        let session = JSONValue.string(id)
        guard let snapshot = probe.call("session.snapshot", ["session": session]) else {
            return InvariantViolation(.snapshotRoundTrip, "session.snapshot of \(id) failed")
        }
        if let found = schemas.violations(of: snapshot, against: resultSchemas["session.snapshot"] ?? .null, at: "snapshot").first {
            return InvariantViolation(.snapshotRoundTrip, found)
        }
        _ = probe.call("session.destroy", ["session": session])
        if let error = probe.failure(of: "session.restore", ["snapshot": snapshot]) {
            return InvariantViolation(.snapshotRoundTrip, "its own snapshot does not restore: \(error)")
        }
        guard let again = probe.call("session.snapshot", ["session": session]) else {
            return InvariantViolation(.snapshotRoundTrip, "the restored session has no snapshot")
        }
        if again.compactText != snapshot.compactText {
            return InvariantViolation(.snapshotRoundTrip, "restored \(again.compactText) differs from \(snapshot.compactText)")
        }
        return nil
    }

    /// At rest in range unless the client put the offset there or left it
    /// out before the call (the `clampShift` rule of docs/protocol.md); a
    /// motion the engine runs (`motion` in session.get) no farther out than
    /// the band's limit or where the client let it go.
    private mutating func checkLayout(_ get: JSONObject, session id: String, placing: Bool, anchorShift: Double,
                                      viewportHeight: Double?) -> InvariantViolation? {
        guard let offset = get["offset"]?.doubleValue, let low = get["minOffset"]?.doubleValue,
              let high = get["maxOffset"]?.doubleValue, let phase = get["phase"]?.stringValue else { return nil }
        func overscroll(at offset: Double) -> Double { max(low - offset, offset - high, 0) }
        let overscroll = overscroll(at: offset)
        let before = previous[id]
        previous[id] = (offset, overscroll == 0)
        if placing { placed[id] = offset }
        // An offset outside the range before the call is the client's to
        // keep, wherever anchoring moves it: only one in range is clamped.
        let leftByClient = placed[id] == offset || (before.map { !$0.inRange } ?? false)
        if phase == "idle", overscroll > 0, !leftByClient {
            return InvariantViolation(.restInRange, "session \(id) idle at offset \(offset) outside [\(low), \(high)]")
        }
        // Past the band, where the client put the offset or a range change
        // or anchoring (the reply's `anchorShift`) left it, a motion only
        // brings it back: measured in today's range.
        let reached = [placed[id], before.map { $0.offset + anchorShift }].compactMap { $0 }.map(overscroll(at:)).max() ?? 0
        if get["motion"] != nil, let band = viewportHeight, overscroll >= band, overscroll > reached {
            return InvariantViolation(.overscrollBelowBand,
                                      "session \(id) \(phase) at offset \(offset), \(overscroll) past [\(low), \(high)]; the band's limit is \(band)")
        }
        for child in get["children"]?.arrayValue ?? [] {
            for item in [child] + (child["pages"]?.arrayValue ?? []) {
                guard let visible = item["visibleHeight"]?.doubleValue, let height = item["frame"]?["height"]?.doubleValue else { continue }
                if visible < 0 || visible > height {
                    return InvariantViolation(.visibleWithinFrame,
                                              "session \(id) \(item["id"]?.stringValue ?? "?"): visibleHeight \(visible) in a frame \(height) high")
                }
            }
        }
        return nil
    }

    private mutating func checkDeltaView(of id: String, method: String, result: JSONValue, get: JSONObject, delta: Bool) -> InvariantViolation? {
        guard delta else { return nil }
        if let layout = result.objectValue, layout["session"]?.stringValue == id, layout["contentView"] != nil {
            // A full reply (create, restore, get) starts the view; a delta one changes it.
            if DeltaView.fullReplies.contains(method) { deltaViews[id] = DeltaView(layout) } else { deltaViews[id]?.merge(layout) }
        }
        guard let view = deltaViews[id] else { return nil }
        if let disagreement = view.disagreement(with: get) {
            return InvariantViolation(.deltaMergesToGet, "session \(id) after \(method): \(disagreement)")
        }
        return nil
    }
}

/// Calls methods on a copy of the worker's state, as a client would.
private struct Probe {
    private var dispatcher: Dispatcher
    private var next = 0

    init(state: WorkerState, registry: MethodRegistry) {
        dispatcher = Dispatcher(registry: registry, state: state)
    }

    /// The reply of one call: its result or its error.
    private mutating func reply(_ method: String, _ params: JSONObject) -> JSONValue? {
        next += 1
        let request: JSONValue = ["jsonrpc": "2.0", "id": .number(Double(next)), "method": .string(method), "params": .object(params)]
        guard let text = dispatcher.handle(request.compactText) else { return nil }
        return try? JSONParser.parse(text, maxDepth: 256)
    }

    mutating func call(_ method: String, _ params: JSONObject) -> JSONValue? {
        reply(method, params)?["result"]
    }

    /// The error's text when the call fails, nil when it succeeds.
    mutating func failure(of method: String, _ params: JSONObject) -> String? {
        guard let reply = reply(method, params) else { return "no reply" }
        return reply["result"] == nil ? reply["error"]?.compactText ?? reply.compactText : nil
    }
}
