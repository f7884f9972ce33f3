/// A named range of a child's view progress timeline (CSS Scroll-driven
/// Animations Level 1, "view progress timeline ranges",
/// https://www.w3.org/TR/scroll-animations-1/#view-timelines-ranges):
/// the container offsets over which the subject, a child, enters, crosses
/// or leaves the viewport. docs/design.md#collapsing-header-and-tracks gives the formulas.
public enum TimelineRangeName: String, CaseIterable, Sendable {
    /// From the subject's first pixel entering at the bottom to its last leaving at the top.
    case cover
    /// While the subject is wholly in view, or wholly covers the view when taller.
    case contain
    /// From cover's start to contain's start.
    case entry
    /// From contain's end to cover's end.
    case exit
    /// While the subject crosses the viewport's bottom edge.
    case entryCrossing = "entry-crossing"
    /// While the subject crosses the viewport's top edge.
    case exitCrossing = "exit-crossing"

    /// The name as a field value, or an error naming `field` that lists the names.
    public static func named(_ text: String, field: FieldPath) throws(ContainerError) -> TimelineRangeName {
        guard let name = TimelineRangeName(rawValue: text) else {
            throw ContainerError(.invalidValue, field: field, reason: "unknown range name '\(text)'; expected one of "
                                 + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return name
    }

    /// The container offsets `[start, end]` of this range for a subject at
    /// container top `top` of height `height` in a viewport `viewport` high.
    /// `start ≤ end` whenever `height ≥ 0`.
    public func interval(top: Double, height: Double, viewport: Double) -> (start: Double, end: Double) {
        // The offsets at which the subject's top meets the viewport's bottom
        // edge (T − V), its bottom meets the bottom edge (T + H − V), its top
        // meets the top edge (T) and its bottom meets the top edge (T + H).
        let topAtBottom = top - viewport
        let bottomAtBottom = top + height - viewport
        let bottom = top + height
        switch self {
        case .cover: return (topAtBottom, bottom)
        case .contain: return (min(top, bottomAtBottom), max(top, bottomAtBottom))
        case .entry: return (topAtBottom, min(top, bottomAtBottom))
        case .exit: return (max(top, bottomAtBottom), bottom)
        case .entryCrossing: return (topAtBottom, bottomAtBottom)
        case .exitCrossing: return (top, bottom)
        }
    }
}
