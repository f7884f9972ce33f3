import OmniScrollCore

/// `session.endLoadingMore`: the client finished loading more: load-more may trigger again.
struct EndLoadingMoreMethod: SessionCommand {
    static let name: StaticString = "session.endLoadingMore"
    static let change = ContainerChange.endLoadingMore
    let session: String
}
