/// What a Layout offers beside its members (Results.swift, generated from the contract).
extension Layout {
    /// The layout of one child, if the reply lists it.
    public func child(_ id: String) -> ChildLayout? { children.first { $0.id == id } }
    public var eventTypes: [String] { events.map(\.type) }
}
