/// The members a child's kind adds to the child's entry of a Layout reply
/// (`ChildKindRule.writeLayoutMembers`), as the protocol's encoder asks for
/// them: whether any child has some (once per reply), whether child `i`
/// has, and writing them.
extension Layout {
    /// Whether some child's kind writes members into its entry; when not
    /// (most containers) the encoder asks no child's kind.
    public var hasKindMembers: Bool { stack.hasKindMembers }

    /// Whether child `i`'s kind writes members into its entry.
    public func kindWritesMembers(ofChild i: Int) -> Bool { stack.writesKindMembers(i) }

    /// Writes child `i`'s kind's members, after its `visibleHeight`.
    public func writeKindMembers(ofChild i: Int, into w: any ReplyWriter) {
        stack.payloads[i].kind.rule.writeLayoutMembers(ofChild: i, in: self, into: w)
    }
}
