import OmniScrollCore

/// Built-in containers, created whole in one call. Every field given beside
/// `template` in `session.create` overrides the template's.
enum SessionTemplate: String, CaseIterable {
    /// Seed 000: a web view answer followed by a card list, both of unknown
    /// height until the client reports them; the seed's event names on.
    case shortContainer
    /// Seed 002: a header of unknown height, a 44-point sticky tab bar and a
    /// list of unknown height.
    case stickyTabs

    var children: [ChildSpec] {
        switch self {
        case .shortContainer:
            [.scroll("web", contentHeight: nil), .scroll("list", contentHeight: nil)]
        case .stickyTabs:
            [.fixed("header", height: nil), .sticky("tabs", height: 44), .scroll("list", contentHeight: nil)]
        }
    }

    var options: ContainerOptions { ContainerOptions(seedEvents: true) }
}
