/// A session's tracks, checked, with the child each view range follows
/// found: what `TrackValues` evaluates at every layout.
public struct TrackSet: Equatable, Sendable {
    /// In declaration order; values are reported in this order.
    public let tracks: [Track]
    /// Per track, its range with the child resolved to an index.
    private let bounds: [Bounds]

    /// A range as evaluation reads it.
    private enum Bounds: Equatable, Sendable {
        case offsets(start: Double, end: Double)
        /// Percentages already divided by 100.
        case view(child: Int, name: TimelineRangeName, start: Double, end: Double)
    }

    /// Checks `tracks` as `field` names them (`options.tracks[2].keyframes[1].at`):
    /// each track (`Track.validate`), unique ids, and every view range's
    /// child known to `childIndex`, which gives the index the `subject`
    /// lookup of evaluation will be asked for (or nil for no such child).
    /// After the children change, build the set again from `tracks`.
    public init(_ tracks: [Track], field: String = "options.tracks",
                childIndex: (String) -> Int?) throws(ContainerError) {
        var seen = Set<String>()
        seen.reserveCapacity(tracks.count)
        var bounds = [Bounds]()
        bounds.reserveCapacity(tracks.count)
        for (i, track) in tracks.enumerated() {
            let path = "\(field)[\(i)]"
            try track.validate(field: path)
            guard seen.insert(track.id).inserted else {
                throw ContainerError(.duplicateID, field: "\(path).id", reason: "duplicate track id '\(track.id)'")
            }
            switch track.range {
            case .offsets(let start, let end):
                bounds.append(.offsets(start: start, end: end))
            case .view(let child, let name, let start, let end):
                guard let index = childIndex(child) else {
                    throw ContainerError(.unknownChild, field: "\(path).range.child",
                                         reason: "no child '\(child)' in this session", child: child)
                }
                bounds.append(.view(child: index, name: name, start: start / 100, end: end / 100))
            }
        }
        self.tracks = tracks
        self.bounds = bounds
    }

    public var count: Int { tracks.count }

    /// Track `index`'s value at container offset `offset`. `subject` gives
    /// a child's natural top, frame height and the viewport height by the
    /// index `childIndex` gave; it is asked only for view ranges.
    public func value(ofTrack index: Int, at offset: Double, subject: (Int) -> TimelineSubject) -> Double {
        let start: Double, end: Double
        switch bounds[index] {
        case .offsets(let low, let high):
            (start, end) = (low, high)
        case .view(let child, let name, let startFraction, let endFraction):
            let box = subject(child)
            let (low, high) = name.interval(top: box.top, height: box.height, viewport: box.viewport)
            (start, end) = (Track.mix(low, high, startFraction), Track.mix(low, high, endFraction))
        }
        return tracks[index].value(atProgress: TrackRange.progress(at: offset, start: start, end: end))
    }
}
