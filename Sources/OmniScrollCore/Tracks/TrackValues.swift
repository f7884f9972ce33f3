/// A session's track values at its last layout, in declaration order, and
/// which of them the last update changed (what a delta reply carries).
/// Updating reuses its buffers, so an update allocates nothing once the
/// first has run, as long as no copy of `values` or `changed` is kept alive
/// across it (a kept copy makes the next write copy the buffer).
public struct TrackValues: Equatable, Sendable {
    /// The tracks' ids, parallel to `values`.
    public private(set) var ids: [String]
    public private(set) var values: [Double]
    /// Indices into `values`, ascending, whose value the last update changed;
    /// every index after the first evaluation.
    public private(set) var changed: [Int]

    /// The first evaluation: every value is new.
    public init(_ set: TrackSet, at offset: Double, subject: (Int) -> TimelineSubject) {
        ids = set.tracks.map(\.id)
        values = set.tracks.indices.map { set.value(ofTrack: $0, at: offset, subject: subject) }
        changed = Array(set.tracks.indices)
    }

    /// Re-evaluates `set` (the one these values came from) at `offset`,
    /// O(tracks); `changed` lists the values that now differ.
    public mutating func update(_ set: TrackSet, at offset: Double, subject: (Int) -> TimelineSubject) {
        guard set.count == values.count else {
            self = TrackValues(set, at: offset, subject: subject)
            return
        }
        changed.removeAll(keepingCapacity: true)
        set.forEachValue(at: offset, subject: subject) { i, value in
            if value != values[i] {
                values[i] = value
                changed.append(i)
            }
        }
    }

    /// `(id, value)` in declaration order.
    public var entries: [(id: String, value: Double)] {
        Array(zip(ids, values))
    }
}
