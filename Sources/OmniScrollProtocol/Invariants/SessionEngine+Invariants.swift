import OmniScrollCore

extension SessionEngine {
    /// The first way the engine's cached state disagrees with what it is
    /// derived from, or nil (`Container.checkInvariants`). A grid derives its
    /// tiles from its axes on every call and caches nothing to check.
    var invariantFailure: String? {
        switch self {
        case .container(let container): container.checkInvariants()
        case .grid: nil
        }
    }
}
