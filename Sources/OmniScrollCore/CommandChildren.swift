/// The children as a command's check sees them
/// (`BehaviorCommand.validate(against:change:)`): the look-ups a command's
/// arguments are checked with, not the stack they are answered from.
public struct CommandChildren {
    let stack: ChildStack
    /// The index of the command's `child`, found by the list's validation
    /// (`nil` for a command that names none): its checks hash no id again.
    let child: Int?

    /// Whether the command's `child` is a pager.
    public var namedChildIsPager: Bool {
        guard let child else { return false }
        return stack.payloads[child].kind == .pager
    }

    /// Whether page `id` is a page of the command's `child`.
    public func namedChild(holdsPage id: String) -> Bool {
        guard let child else { return false }
        return stack.page(of: id)?.child == child
    }

    /// The id of the pager holding page `id`, `nil` when no pager has it.
    public func pager(ofPage id: String) -> String? {
        stack.page(of: id).map { stack.ids[$0.child] }
    }
}
