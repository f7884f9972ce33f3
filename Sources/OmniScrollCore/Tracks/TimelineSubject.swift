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

/// Where view timelines find their subjects: the layout being evaluated
/// (`Layout`), or any lookup by child index. A generic parameter rather
/// than a closure, so evaluating a layout's tracks neither copies the
/// layout into a closure context nor calls through one.
public protocol TimelineSubjects {
    /// Child `index`'s natural top and frame height, and the viewport's height.
    func timelineSubject(ofChild index: Int) -> TimelineSubject
}

/// A lookup by closure, for evaluation outside a layout.
struct SubjectLookup: TimelineSubjects {
    let subject: (Int) -> TimelineSubject
    func timelineSubject(ofChild index: Int) -> TimelineSubject { subject(index) }
}
