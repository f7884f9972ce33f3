/// A behavior's part of a snapshot's `state`: its name there (the
/// behavior's own, like `loadMore`) and its shape, and the value of the state
/// a new container starts in (a snapshot without the part restores that).
public struct StateDeclaration: Sendable {
    public let name: StaticString
    public let schema: Schema
    public let initial: OptionValue

    public init(_ name: StaticString, _ schema: Schema, initial: OptionValue) {
        self.name = name
        self.schema = schema
        self.initial = initial
    }
}
