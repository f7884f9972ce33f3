import OmniScrollCore

/// Every session of a worker, with the bounds that keep a client from
/// exhausting memory: sessions, children per session, children in all.
///
/// Sessions are mutated in place (never copied out and back), so a change to
/// a 100 000-child container costs what the engine costs. They live in one
/// array (a destroyed session's slot takes the last one) with an id → slot
/// table beside it.
public struct SessionStore: Sendable {
    public let limits: Limits
    private var sessions: [Session] = []
    private var slots: [String: Int] = [:]
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
    public var all: [Session] { sessions.sorted { $0.sequence < $1.sequence } }

    public func session(_ id: String, path: String = "params.session") throws(RPCError) -> Session {
        guard let slot = slots[id] else { throw RPCError.sessionNotFound(id, path: path) }
        return sessions[slot]
    }

    /// Runs `body` on the session in place. The id is hashed at most once
    /// (not at all when it names the session reached last).
    public mutating func withSession<R>(
        _ id: String, path: String = "params.session", _ body: (inout Session) throws(RPCError) -> R
    ) throws(RPCError) -> R {
        let slot: Int
        if let last = lastReached, last.id == id {
            slot = last.slot
        } else {
            guard let found = slots[id] else { throw RPCError.sessionNotFound(id, path: path) }
            slot = found
            lastReached = (id, found)
        }
        let before = sessions[slot].container.childCount
        let result = try body(&sessions[slot])
        totalChildren += sessions[slot].container.childCount - before
        return result
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

    /// Adds a session made from a container (after `newID` and `checkRoom`).
    public mutating func insert(id: String, container: Container, delta: Bool) {
        slots[id] = sessions.count
        sessions.append(Session(id: id, container: container, delta: delta, sequence: nextSequence))
        nextSequence += 1
        totalChildren += container.childCount
    }

    public mutating func remove(_ id: String) throws(RPCError) {
        guard let slot = slots.removeValue(forKey: id) else { throw RPCError.sessionNotFound(id) }
        lastReached = nil
        totalChildren -= sessions[slot].container.childCount
        sessions.swapAt(slot, sessions.count - 1)
        sessions.removeLast()
        if slot < sessions.count { slots[sessions[slot].id] = slot }
    }
}
