import OmniScrollCore

/// `session.endScrolling`: the motion ended: phase `idle`.
struct EndScrollingMethod: SessionCommand {
    static let name: StaticString = "session.endScrolling"
    static let change = ContainerChange.phase(.idle)
    let session: String
}
