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
    /// Checks the arguments against the children before the list is
    /// applied (a page of the named pager…), beyond `child` existing;
    /// throws at change `change`. A requirement, so the check is one call
    /// through the witness table: a cast to a protocol of checked commands
    /// cost ~1 200 instructions per command, which every drag paid (issue 29).
    func validate(against children: CommandChildren, change: Int) throws(ContainerError)
    /// The command's own type, as `castCommand` compares it: read through
    /// the witness table, where `type(of:)` of the existential is a call
    /// into the runtime (~70 instructions a look, and a release's command
    /// was looked for four times, issue 29).
    var commandType: ObjectIdentifier { get }
}

extension BehaviorCommand {
    public var child: String? { nil }
    /// Most commands name no more than `child`: nothing else to check.
    public func validate(against children: CommandChildren, change: Int) throws(ContainerError) {}
    public var commandType: ObjectIdentifier { ObjectIdentifier(Self.self) }
}

extension BehaviorCommand where Self: Equatable {
    public func isEqual(to other: any BehaviorCommand) -> Bool { (other as? Self) == self }
}

/// `command as? C`, with the metatypes compared first. Commands are value
/// types, so a command is a `C` exactly when its dynamic type is `C`; the
/// runtime's cast of an existential costs about as much when it fails as when
/// it succeeds, and the behaviors look for their own commands in every list
/// (issue 28: those failed casts were a tenth of a drag, a quarter of a pager swipe).
///
/// A match is then read out of the existential as a `C`, not cast: the
/// runtime's successful cast still cost ~300 instructions per command found
/// (a pointer `up`'s release, issue 29).
@inline(__always)
func castCommand<C: BehaviorCommand>(_ command: any BehaviorCommand, to type: C.Type) -> C? {
    guard command.commandType == ObjectIdentifier(type) else { return nil }
    func read<T: BehaviorCommand>(_ value: T) -> C {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: C.self) }
    }
    return read(command)
}
