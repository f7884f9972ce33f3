import OmniScrollCore

/// `session.beginDragging`: the user's finger is down: phase `dragging` (cancels a pending scroll target).
struct BeginDraggingMethod: SessionCommand {
    static let name: StaticString = "session.beginDragging"
    static let change = ContainerChange.phase(.dragging)
    let session: String
}
