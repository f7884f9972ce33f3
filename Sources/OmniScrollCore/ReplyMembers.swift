/// Where a behavior's members go in a Layout reply, whose member order is
/// fixed (`Layout` in `protocol/openrpc.json`).
public enum ReplySlot: Sendable {
    /// After `events`, before `anchorShift` (a started `motion`, then `tracks`).
    case afterEvents
}

/// The slots a reply asks the behaviors to write at: the ones some
/// behavior has members for, or all of them.
public struct ReplySlots: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    // Computed, not stored: a stored static is a lazy global, one call per read.
    public static var afterEvents: ReplySlots { ReplySlots(rawValue: 2) }
    /// The finger's member (`Container.pointerMember`), written after the
    /// members at `afterEvents` without visiting the behaviors.
    public static var pointer: ReplySlots { ReplySlots(rawValue: 4) }
    /// A feed's `currentChild` (`Container.feedCurrentMember`), written
    /// after `activeChild` without visiting the behaviors.
    public static var feedCurrent: ReplySlots { ReplySlots(rawValue: 8) }
    public static var all: ReplySlots { ReplySlots(rawValue: 14) }
}

/// The reply a behavior's members are written into.
public struct ReplyContext: Sendable {
    /// A reply to a call that applied changes; `false` for `session.get` and
    /// `session.restore`, which report the state as it stands.
    public var isUpdate: Bool
    /// The session's replies list only what changed (`options.delta`).
    public var delta: Bool

    public init(isUpdate: Bool, delta: Bool) {
        self.isUpdate = isUpdate
        self.delta = delta
    }
}

/// What a behavior or a child kind writes its reply members with: the
/// protocol layer hands one over its JSON writer, so a behavior or a kind
/// names its members and their values in its own file without the engine
/// knowing JSON. One with nothing to write never calls it, and costs a test
/// or nothing.
public protocol ReplyWriter {
    // Non-mutating: the writer is a handle on the reply being written.
    func key(_ name: StaticString)
    func number(_ value: Double)
    func string(_ value: String)
    func null()
    func beginObject()
    func endObject()
    func beginArray()
    func endArray()
    /// `name` and an object of numbers: `values[k]` named by the `k`-th name of `keys`
    /// for every `k` in order, or for each of `indices` (ascending) when
    /// given. One call for the whole object: a session's tracks are written
    /// on every reply, and a call per member costs a dynamic call per member.
    func numbers(_ name: StaticString, keys: ReplyKeys, values: [Double], only indices: [Int]?)
    /// `numbers(_:keys:values:only:)`, copying from `cache` each member
    /// written before with the same value and keeping there what it writes
    /// (`ReplyMemberCache`; `cache` serves these `keys` only).
    func numbers(_ name: StaticString, keys: ReplyKeys, values: [Double], only indices: [Int]?,
                 reusing cache: ReplyMemberCache)
    /// `name` and a number: `key(name)` then `number(value)` in one call,
    /// the usual member (a dynamic call fewer, one capacity check).
    func member(_ name: StaticString, _ value: Double)
    /// An element of the open array shaped like a child's entry of a Layout
    /// reply: `{"id","frame":{"x","y","width","height"},"contentOffset":{"x","y"},"visibleHeight"}`
    /// (a pager's page). One call for the whole entry: one per member cost
    /// a dynamic call each, a third of a `session.scrollPager` (issue 28).
    func entry(id: String, frame: Rect, contentOffset: Point, visibleHeight: Double)
    /// JSON text written as it is, continuing the structure being written
    /// (an object's opening and constant members, its closing); `needsComma`
    /// is what it leaves: true after a value. A member of constants and a
    /// few numbers (the `pointer` of an `up` reply) costs a call per number,
    /// not one per token.
    func fragment(_ json: StaticString, needsComma: Bool)
}

extension ReplyWriter {
    /// A writer that keeps no text: every member written anew.
    public func numbers(_ name: StaticString, keys: ReplyKeys, values: [Double], only indices: [Int]?,
                        reusing cache: ReplyMemberCache) {
        numbers(name, keys: keys, values: values, only: indices)
    }

    public func member(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }
}
