import OmniScrollCore

/// Every session of a worker, whatever its engine, with the bounds that keep
/// a client from exhausting memory: sessions, children per session, children
/// (an engine's items) in all.
///
/// Engines are mutated in place (never copied or moved out and back), so a
/// change to a 100 000-child container costs what the engine costs. Each
/// kind of engine lives in its own table, and a session names its engine by
/// kind and place (`EngineSlot`); sessions live in one array with an id →
/// slot table beside it. A destroyed session's (or engine's) place takes the
/// last one.
public struct SessionStore: Sendable {
    public let limits: Limits
    private var sessions: [StoredSession] = []
    private var slots: [String: Int] = [:]
    private var containers: [Hosted<Container>] = []
    /// The session slot of each container, to follow a container that moves.
    private var containerOwners: [Int] = []
    private var grids: [Hosted<GridEngine>] = []
    /// The session slot of each grid, to follow a grid that moves.
    private var gridOwners: [Int] = []
    private var totalChildren = 0
    private var nextSequence = 0
    /// The next generated id is `s<nextGeneratedID>`.
    private var nextGeneratedID = 1
    /// The session reached last and its slot: a client driving one session
    /// skips hashing its id on every call. Cleared when a session is
    /// removed, the only change that moves slots.
    private var lastReached: (id: String, slot: Int)?

    public init(limits: Limits) {
        self.limits = limits
    }

    public var count: Int { sessions.count }

    /// The sessions in creation order.
    public var all: [Session] { sessions.map(view).sorted { $0.header.sequence < $1.header.sequence } }

    /// A copy of the session, to read.
    public func session(_ id: String, path: String = "params.session") throws(RPCError) -> Session {
        guard let slot = slots[id] else { throw RPCError.sessionNotFound(id, path: path) }
        return view(sessions[slot])
    }

    private func view(_ stored: StoredSession) -> Session {
        switch stored.engine {
        case .container(let k): Session(header: containers[k].header, engine: .container(containers[k].engine))
        case .grid(let k): Session(header: grids[k].header, engine: .grid(grids[k].engine))
        }
    }

    /// Runs `body` on the session's container (and its header) in place; -32602 at `path`
    /// when the session holds another kind of engine. The id is hashed at
    /// most once (not at all when it names the session reached last).
    @inline(__always)
    public mutating func withContainer<R>(
        _ id: String, path: String = "params.session", _ body: (inout Hosted<Container>) throws(RPCError) -> R
    ) throws(RPCError) -> R {
        let slot = try reach(id, path: path)
        switch sessions[slot].engine {
        case .container(let k):
            let before = containers[k].engine.childCount
            let result = try body(&containers[k])
            totalChildren += containers[k].engine.childCount - before
            return result
        case .grid:
            throw SessionEngine.wrongEngine(.grid, expected: .container, path: path)
        }
    }

    /// Runs `body` on the session's grid (and its header) in place; -32602 at
    /// `path` when the session holds another kind of engine.
    @inline(__always)
    public mutating func withGrid<R>(
        _ id: String, path: String = "params.session", _ body: (inout Hosted<GridEngine>) throws(RPCError) -> R
    ) throws(RPCError) -> R {
        let slot = try reach(id, path: path)
        switch sessions[slot].engine {
        case .grid(let k):
            return try body(&grids[k])
        case .container:
            throw SessionEngine.wrongEngine(.container, expected: .grid, path: path)
        }
    }

    /// The slot of session `id`, remembering it as the session reached last.
    @inline(__always)
    private mutating func reach(_ id: String, path: String) throws(RPCError) -> Int {
        if let last = lastReached, last.id == id { return last.slot }
        guard let found = slots[id] else { throw RPCError.sessionNotFound(id, path: path) }
        lastReached = (id, found)
        return found
    }

    /// Checks that `added` more children fit in a session that has `existing`.
    public func checkRoom(forChildren added: Int, existing: Int, path: String) throws(RPCError) {
        if existing + added > limits.maxChildren {
            throw RPCError.limitExceeded(limit: "--max-children", value: limits.maxChildren, path: path)
        }
        if totalChildren + added > limits.maxTotalChildren {
            throw RPCError.limitExceeded(limit: "--max-total-children", value: limits.maxTotalChildren, path: path)
        }
    }

    /// Picks the id for a new session: the client's, or a generated `s<n>`.
    public mutating func newID(requested: String?, path: String) throws(RPCError) -> String {
        if let requested, requested.utf8.count > SessionParams.maxIDBytes {
            throw RPCError.invalidParams(path: path, reason: "must be at most \(SessionParams.maxIDBytes) UTF-8 bytes")
        }
        if sessions.count >= limits.maxSessions {
            // The request as a whole is over the bound, not any one param.
            throw RPCError.limitExceeded(limit: "--max-sessions", value: limits.maxSessions, path: "params")
        }
        if let requested {
            if slots[requested] != nil { throw RPCError.sessionAlreadyExists(requested, path: path) }
            return requested
        }
        while slots["s\(nextGeneratedID)"] != nil { nextGeneratedID += 1 }
        defer { nextGeneratedID += 1 }
        return "s\(nextGeneratedID)"
    }

    /// Adds a session holding `engine` (after `newID` and `checkRoom`).
    public mutating func insert(id: String, engine: SessionEngine, delta: Bool, components: SessionComponents? = nil) {
        let slot = sessions.count
        let place: EngineSlot
        switch engine {
        case .container(let container):
            place = .container(containers.count)
            containers.append(Hosted(header: SessionHeader(id: id, delta: delta, sequence: nextSequence,
                                                             components: components), engine: container))
            containerOwners.append(slot)
        case .grid(let grid):
            place = .grid(grids.count)
            grids.append(Hosted(header: SessionHeader(id: id, delta: delta, sequence: nextSequence, components: nil), engine: grid))
            gridOwners.append(slot)
        }
        slots[id] = slot
        sessions.append(StoredSession(engine: place))
        nextSequence += 1
        totalChildren += engine.itemCount
    }

    public mutating func remove(_ id: String) throws(RPCError) {
        guard let slot = slots.removeValue(forKey: id) else { throw RPCError.sessionNotFound(id) }
        lastReached = nil
        switch sessions[slot].engine {
        case .container(let k):
            totalChildren -= containers[k].engine.childCount
            containers.swapAt(k, containers.count - 1)
            containerOwners.swapAt(k, containerOwners.count - 1)
            containers.removeLast()
            containerOwners.removeLast()
            if k < containers.count { sessions[containerOwners[k]].engine = .container(k) }
        case .grid(let k):
            grids.swapAt(k, grids.count - 1)
            gridOwners.swapAt(k, gridOwners.count - 1)
            grids.removeLast()
            gridOwners.removeLast()
            if k < grids.count { sessions[gridOwners[k]].engine = .grid(k) }
        }
        sessions.swapAt(slot, sessions.count - 1)
        sessions.removeLast()
        if slot < sessions.count {
            switch sessions[slot].engine {
            case .container(let k):
                containerOwners[k] = slot
                slots[containers[k].header.id] = slot
            case .grid(let k):
                gridOwners[k] = slot
                slots[grids[k].header.id] = slot
            }
        }
    }
}

/// Where a session's engine lives: its kind and its place in that kind's table.
enum EngineSlot {
    case container(Int)
    case grid(Int)
}

/// A session as the store keeps it: where its engine is.
private struct StoredSession {
    var engine: EngineSlot
}

/// An engine in its kind's table, with the header of the session that holds
/// it: a change reaches both with one access, so a reply is written without
/// copying the header.
public struct Hosted<E: Sendable>: Sendable {
    public let header: SessionHeader
    public var engine: E
}
