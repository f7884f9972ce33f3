/// The members a child's kind adds to the child's entry of a Layout reply
/// (`ChildKindRule.layoutMembers`), as the protocol's encoder asks for
/// them: whether any child has some (once per reply), which child `i`
/// has, its number or writing them.
extension Layout {
    /// Whether some child's kind writes members into its entry; when not
    /// (most containers) the encoder asks no child's kind.
    public var hasKindMembers: Bool { stack.hasKindMembers }

    /// The members child `i`'s kind adds to its entry.
    public func kindMembers(ofChild i: Int) -> KindLayoutMembers { stack.kindMembers(i) }

    /// Child `i`'s number, for a kind whose members are `.number`.
    public func kindNumber(ofChild i: Int) -> Double {
        // A header (the kind with a number) statically dispatched, as
        // `ChildPayload.place` is: not through its rule's witness table
        // (a header's reply, every scroll, issue 28).
        if case .collapsing = stack.payloads[i] { return CollapsingChild.layoutNumber(ofChild: i, in: self) }
        return stack.payloads[i].kind.rule.layoutNumber(ofChild: i, in: self)
    }

    /// Writes child `i`'s kind's members, after its `visibleHeight`, for a
    /// kind whose members are `.written`.
    public func writeKindMembers(ofChild i: Int, into w: any ReplyWriter) {
        stack.payloads[i].kind.rule.writeLayoutMembers(ofChild: i, in: self, into: w)
    }
}
