/// What a view timeline measures: its subject child's natural top and frame
/// height in container content coordinates, and the viewport's height.
public struct TimelineSubject: Equatable, Sendable {
    public var top: Double
    public var height: Double
    public var viewport: Double

    public init(top: Double, height: Double, viewport: Double) {
        self.top = top
        self.height = height
        self.viewport = viewport
    }
}
