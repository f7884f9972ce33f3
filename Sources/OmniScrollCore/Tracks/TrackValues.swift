/// A session's track values at its last layout, in declaration order, and
/// which of them the last update changed (what a delta reply carries).
/// Updating reuses its buffers, so an update allocates nothing once the
/// first has run, as long as no copy of `values` or `changed` is kept alive
/// across it (a kept copy makes the next write copy the buffer).
public struct TrackValues: Equatable, Sendable {
    /// The tracks evaluated, over the children as they were at the last update.
    public private(set) var set: TrackSet
    /// The tracks' ids, parallel to `values`.
    public let ids: [String]
    public private(set) var values: [Double]
    /// Indices into `values`, ascending, whose value the last update changed;
    /// every index after the first evaluation.
    public private(set) var changed: [Int]
    /// Each track's progress through its range at the last layout: a value
    /// is a function of its progress, so `TrackSet.update` skips the
    /// keyframes and the easing of a track whose progress did not move.
    private var progress: [Double]
    /// `set.region(containing:)` the offset of the last layout: while the
    /// offset stays in it, only the tracks that move there are evaluated
    /// (issue 28: most of a scroll's tracks are held at an end of their
    /// range, docs/design.md#collapsing-header-and-tracks).
    private var region: Int

    /// No tracks, nothing evaluated: the first `update(_:at:subjects:)` starts afresh.
    init() {
        set = TrackSet(checked: [], resolving: { _ in nil })
        ids = []
        values = []
        changed = []
        progress = []
        region = -1
    }

    /// The first evaluation: every value is new.
    public init(_ set: TrackSet, at offset: Double, subject: (Int) -> TimelineSubject) {
        self = withoutActuallyEscaping(subject) { TrackValues(set, at: offset, subjects: SubjectLookup(subject: $0)) }
    }

    init<Subjects: TimelineSubjects>(_ set: TrackSet, at offset: Double, subjects: Subjects) {
        self.set = set
        ids = set.tracks.map(\.id)
        let progress = set.tracks.indices.map { set.progress(ofTrack: $0, at: offset, subjects: subjects) }
        self.progress = progress
        values = progress.indices.map { set.value(ofTrack: $0, atProgress: progress[$0]) }
        changed = Array(set.tracks.indices)
        region = set.region(containing: offset)
    }

    /// Evaluates `set` at `offset`: the same tracks as these values' resolved
    /// anew (after the children changed), with `changed` listing the values
    /// that now differ; other tracks start afresh, every value new.
    public mutating func update(_ set: TrackSet, at offset: Double, subject: (Int) -> TimelineSubject) {
        withoutActuallyEscaping(subject) { update(set, at: offset, subjects: SubjectLookup(subject: $0)) }
    }

    mutating func update<Subjects: TimelineSubjects>(_ set: TrackSet, at offset: Double, subjects: Subjects) {
        guard set.tracks == self.set.tracks else {
            self = TrackValues(set, at: offset, subjects: subjects)
            return
        }
        self.set = set
        // The children changed: every view range may have moved.
        region = -1
        update(at: offset, subjects: subjects)
    }

    /// Re-evaluates the set at `offset`, O(tracks); `changed` lists the values that now differ.
    mutating func update<Subjects: TimelineSubjects>(at offset: Double, subjects: Subjects) {
        // Emptied in place one by one: `removeAll(keepingCapacity:)` goes
        // through the generic `replaceSubrange` (~90 instructions a scroll).
        while changed.popLast() != nil {}
        let stays = region >= 0 && set.isInRegion(region, offset)
        set.update(at: offset, region: stays ? region : nil, subjects: subjects, progress: &progress, values: &values,
                   changed: &changed)
        if !stays { region = set.region(containing: offset) }
    }

    /// `(id, value)` in declaration order.
    public var entries: [(id: String, value: Double)] {
        Array(zip(ids, values))
    }
}
