/// A command a behavior declares beside itself (`ScrollToChild` in
/// ScrollTarget.swift, `EndRefreshing` in PullToRefresh.swift…): the change
/// list carries it as `ContainerChange.command`, validated and applied like
/// every other command, and the behavior finds its own in `prepare` with
/// `draft.commands(of:)`. A new command needs no new `ContainerChange` case
/// and no arm in `Container.apply`.
public protocol BehaviorCommand: Sendable {
    /// The child the command names, which must exist when the list is
    /// applied (refused as `unknownChild` at `child` otherwise); `nil` when
    /// it names none.
    var child: String? { get }
    /// Whether `other` is the same command with the same arguments.
    func isEqual(to other: any BehaviorCommand) -> Bool
    /// Checks the command's arguments against the children before the list
    /// is applied (a page of the named pager…), beyond `child` existing;
    /// most commands check nothing. A requirement every command answers, not
    /// a protocol to cast to: the runtime's cast of an existential to a
    /// protocol cost ~1 150 instructions per command, which every pager
    /// swipe paid (issue 28).
    func validate(in children: CommandChildren, change: Int) throws(ContainerError)
}

extension BehaviorCommand {
    public var child: String? { nil }
    public func validate(in children: CommandChildren, change: Int) throws(ContainerError) {}
}

extension BehaviorCommand where Self: Equatable {
    public func isEqual(to other: any BehaviorCommand) -> Bool { (other as? Self) == self }
}

/// The children a command's arguments are checked against
/// (`BehaviorCommand.validate`): public only because that requirement is;
/// what it holds is the engine's.
public struct CommandChildren {
    let stack: ChildStack
    /// The index of the command's `child`, found by the list's validation
    /// (`nil` for a command that names none): its checks hash no id again.
    let child: Int?
}

/// `command as? C`, with the metatypes compared first. Commands are value
/// types, so a command is a `C` exactly when its dynamic type is `C`; the
/// runtime's cast of an existential costs about as much when it fails as when
/// it succeeds, and the behaviors look for their own commands in every list
/// (issue 28: those failed casts were a tenth of a drag, a quarter of a pager swipe).
@inline(__always)
func castCommand<C: BehaviorCommand>(_ command: any BehaviorCommand, to type: C.Type) -> C? {
    ObjectIdentifier(Swift.type(of: command)) == ObjectIdentifier(type) ? command as? C : nil
}
