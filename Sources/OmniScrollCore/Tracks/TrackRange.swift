/// The container offsets a track runs over: fixed offsets, or a named range
/// of a child's view timeline, cut to `start`…`end` percent of it.
public enum TrackRange: Equatable, Sendable {
    case offsets(start: Double, end: Double)
    case view(child: String, name: TimelineRangeName, start: Double = 0, end: Double = 100)

    /// The progress at container offset `offset` through the range from
    /// `start` to `end`, in [0, 1], held at 0 before it and 1 after it (CSS
    /// `fill: both`). A zero-length range steps from 0 to 1 at its start.
    public static func progress(at offset: Double, start: Double, end: Double) -> Double {
        guard start < end else { return offset < start ? 0 : 1 }
        guard offset > start else { return 0 }
        guard offset < end else { return 1 }
        return (offset - start) / (end - start)
    }

    /// Checks the range as `field` (e.g. `options.tracks[2].range`) names
    /// it: finite offsets within ±`Validation.maxOffset` with `start ≤ end`,
    /// or a non-empty child with percentages in 0…100 and `start ≤ end`.
    public func validate(field: FieldPath) throws(ContainerError) {
        switch self {
        case .offsets(let start, let end):
            try Validation.offset(start, field: field.member("start"))
            try Validation.offset(end, field: field.member("end"))
            try Self.ordered(start, end, field: field)
        case .view(let child, _, let start, let end):
            guard !child.isEmpty else {
                throw ContainerError(.invalidValue, field: field.member("child"), reason: "must not be empty")
            }
            for (name, percent) in [("start", start), ("end", end)] where !(percent >= 0 && percent <= 100) {
                throw ContainerError(.invalidValue, field: field.member(name), reason: "must be a percentage between 0 and 100")
            }
            try Self.ordered(start, end, field: field)
        }
    }

    private static func ordered(_ start: Double, _ end: Double, field: FieldPath) throws(ContainerError) {
        guard start <= end else {
            throw ContainerError(.invalidValue, field: field.member("start"),
                                 reason: "must not be greater than end (\(CSSNumber.text(end)))")
        }
    }
}
