/// A feed session's `currentChild` member of a Layout reply
/// (`Container.feedCurrentMember`, docs/events.md).
public enum FeedCurrentMember: Sendable {
    /// A session without `options.feed`: no member.
    case none
    /// A feed without children: `null`.
    case null
    /// The current child's id, and its index when last looked up: a reply
    /// copies the id's JSON text from its entry cache when that index's
    /// entry was written for this id.
    case child(id: String, index: Int)
}
