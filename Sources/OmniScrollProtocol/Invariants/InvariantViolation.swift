import OmniScrollJSON

/// A promise of the contract that a reply or the state after it broke, found
/// by `InvariantChecker` (`--check-invariants`). The worker answers the call
/// with it as -32603, `data: {"invariant": name, "reason": detail}`
/// (docs/protocol.md, "Checking the promises").
public struct InvariantViolation: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which promise: one of `Invariant`'s names.
    public let invariant: Invariant
    /// What was seen, with the JSON path at fault.
    public let detail: String

    public init(_ invariant: Invariant, _ detail: String) {
        self.invariant = invariant
        self.detail = detail
    }

    public var description: String { "\(invariant.rawValue): \(detail)" }

    /// -32603 naming the invariant.
    public var rpcError: RPCError {
        RPCError(code: RPCErrorCode.internalError, message: "Internal error: invariant \(invariant.rawValue) violated: \(detail)",
                 data: ["invariant": .string(invariant.rawValue), "reason": .string(detail)])
    }
}

/// The promises `InvariantChecker` checks after every call, by the names its
/// violations carry (docs/protocol.md, "Checking the promises").
public enum Invariant: String, CaseIterable, Sendable {
    /// The result fits its method's result schema in openrpc.json: every number
    /// finite (never `null` for a number) and within its documented bound.
    case resultSchema
    /// At rest (phase idle) the offset is within [minOffset, maxOffset] unless the client put it there.
    case restInRange
    /// Every child's (and page's) visibleHeight is within [0, its frame's height].
    case visibleWithinFrame
    /// While a motion runs, the overscroll stays below the rubber band's limit
    /// (the viewport height), and past it never grows.
    case overscrollBelowBand
    /// The session's snapshot fits the Snapshot schema, restores, and the restored
    /// session's snapshot is byte-identical.
    case snapshotRoundTrip
    /// A client merging delta replies sees what session.get says.
    case deltaMergesToGet
    /// An engine's cached or derived state agrees with what it is derived from
    /// (prefix sums, pager tables, track sets).
    case engineState
}
