import OmniScrollCore

/// `session.endRefreshing`: the client finished refreshing: the held inset is released.
struct EndRefreshingMethod: SessionCommand {
    static let name: StaticString = "session.endRefreshing"
    static let change = ContainerChange.endRefreshing
    let session: String
}
