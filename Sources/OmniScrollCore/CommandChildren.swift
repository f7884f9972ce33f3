/// The children as a command's check sees them
/// (`BehaviorCommand.validate(against:change:)`): the look-ups a command's
/// arguments are checked with, not the stack they are answered from.
public struct CommandChildren {
    let stack: ChildStack

    /// Whether child `id` exists and is a pager.
    public func isPager(_ id: String) -> Bool {
        guard let i = stack.index(of: id) else { return false }
        return stack.payloads[i].kind == .pager
    }

    /// The id of the pager holding page `id`, `nil` when no pager has it.
    public func pager(ofPage id: String) -> String? {
        stack.page(of: id).map { stack.ids[$0.child] }
    }
}
