/// Per-container switches and behavior settings: the container's own
/// `seedEvents`, and each behavior's options by the name it declares
/// (`ContainerBehavior.option`), as values its declaration shapes. A behavior
/// reads its typed options once, when the container is built, so a scroll
/// reads none of this.
public struct ContainerOptions: Equatable, Sendable {
    /// Also emit the seed's event names for the first two scroll children
    /// (read by several behaviors, so the container's own).
    public var seedEvents: Bool
    private var values: [String: OptionValue] = [:]

    public init(seedEvents: Bool = true) {
        self.seedEvents = seedEvents
    }

    /// The container's own options, described like a behavior's.
    public static let seedEventsDeclaration = OptionDeclaration("seedEvents", .boolean, default: .bool(true))

    /// Every option under `options`: the container's own, then each
    /// behavior's in registration order.
    public static let declarations: [OptionDeclaration] = [seedEventsDeclaration] + BehaviorRegistry.options

    /// The value of option `name`: the one set, else its declared default.
    public subscript(name: StaticString) -> OptionValue {
        get {
            if name.description == Self.seedEventsDeclaration.name.description { return .bool(seedEvents) }
            if let value = values[name.description] { return value }
            return Self.declarations.first { $0.name.description == name.description }?.defaultValue ?? .null
        }
        set {
            if name.description == Self.seedEventsDeclaration.name.description {
                seedEvents = newValue.bool ?? seedEvents
            } else {
                values[name.description] = newValue
            }
        }
    }

    /// Equal when every option has the same value, given or defaulted.
    public static func == (a: ContainerOptions, b: ContainerOptions) -> Bool {
        declarations.allSatisfy { a[$0.name] == b[$0.name] }
    }

    /// Checks every option against its declaration; the first invalid member
    /// throws at its path under `options`.
    func validate() throws(ContainerError) {
        for declaration in Self.declarations {
            try declaration.check(self[declaration.name], field: FieldPath("options").member(declaration.name.description))
        }
    }
}
