/// A session's tracks, checked, with the child each view range follows
/// found, laid out for evaluation at every layout.
public struct TrackSet: Equatable, Sendable {
    /// In declaration order; values are reported in this order.
    public let tracks: [Track]
    /// Per track, the offsets its progress runs over: apart from `plans`,
    /// since every layout reads every track's range and only the tracks
    /// whose progress moved read their plan. Plain values only (no
    /// reference counting), so evaluation copies and retains nothing.
    private let bounds: [Bounds]
    /// Per track, its easing and keyframes.
    private let plans: [Plan]
    /// The keyframes of every track with other than two, one after another;
    /// a plan's `frames` is its part.
    private let keyframes: [Keyframe]
    /// Every offset range's start and end, ascending, once each: between
    /// two neighbours (a region) each offset range's progress is held at 0
    /// or 1 or moves all along.
    private let breakpoints: [Double]
    /// Per region (`region(containing:)`), the tracks whose progress can
    /// move within it, ascending: its part `moving[movingStarts[r]..<movingStarts[r + 1]]`.
    /// The offset ranges that span it and every view range (its child
    /// moves with the layout).
    private let movingStarts: [Int]
    private let moving: [Int]

    private struct Plan: Equatable, Sendable {
        var easing: Easing.Prepared
        var frames: Frames
    }

    /// A track's keyframes: two (every `from`/`to` track, keyframes at 0
    /// and 1, the usual kind) inline, so that evaluating them reads no other
    /// array and searches nothing; any other count as its part of `keyframes`.
    private enum Frames: Equatable, Sendable {
        case pair(Keyframe, Keyframe)
        case list(Range<Int>)
    }

    /// A range with its child resolved to an index (`nil` once the child is
    /// removed) and percentages divided by 100.
    private enum Bounds: Equatable, Sendable {
        case offsets(start: Double, end: Double)
        case view(child: Int?, name: TimelineRangeName, start: Double, end: Double)
    }

    /// Checks `tracks` as `field` names them (`options.tracks[2].keyframes[1].at`):
    /// each track (`Track.validate`), unique ids, and every view range's
    /// child known to `childIndex`, which gives the index the `subject`
    /// lookup of evaluation will be asked for (or nil for no such child).
    /// After the children change, build the set again with `init(resolving:)`.
    /// Without `requiringChildren` (a snapshot's tracks) a child it does not
    /// know is one removed since.
    public init(_ tracks: [Track], field: FieldPath = FieldPath("options").member("tracks"),
                childIndex: (String) -> Int?, requiringChildren: Bool = true) throws(ContainerError) {
        try self.init(tracks, field: field, childIndex: childIndex, requiring: requiringChildren)
    }

    /// The set of `tracks`, checked before, over the children as they are
    /// now: a view range whose child has been removed since holds its value
    /// at progress 0 (the child no longer exists to enter the view).
    public init(checked tracks: [Track], resolving childIndex: (String) -> Int?) {
        // Checked tracks and no child required: nothing left to throw.
        self = try! TrackSet(tracks, field: FieldPath("options").member("tracks"), childIndex: childIndex,
                             requiring: false)
    }

    private init(_ tracks: [Track], field: FieldPath, childIndex: (String) -> Int?,
                 requiring requiringChildren: Bool) throws(ContainerError) {
        var seen = Set<String>()
        seen.reserveCapacity(tracks.count)
        var bounds = [Bounds]()
        bounds.reserveCapacity(tracks.count)
        var plans = [Plan]()
        plans.reserveCapacity(tracks.count)
        var keyframes = [Keyframe]()
        for (i, track) in tracks.enumerated() {
            let path = field.index(i)
            try track.validate(field: path)
            guard seen.insert(track.id).inserted else {
                throw ContainerError(.duplicateID, field: path.member("id"), reason: "duplicate track id '\(track.id)'")
            }
            let range: Bounds
            switch track.range {
            case .offsets(let start, let end):
                range = .offsets(start: start, end: end)
            case .view(let child, let name, let start, let end):
                let index = childIndex(child)
                if index == nil, requiringChildren {
                    // An option naming no child is a bad option value
                    // (-32602), not a child method's missing child.
                    throw ContainerError(.invalidValue, field: path.member("range").member("child"),
                                         reason: "no child '\(child)' in this session")
                }
                range = .view(child: index, name: name, start: start / 100, end: end / 100)
            }
            let frames: Frames
            switch track.keyframes {
            case .fromTo(let from, let to):
                frames = .pair(Keyframe(at: 0, value: from), Keyframe(at: 1, value: to))
            case .list(let list) where list.count == 2:
                frames = .pair(list[0], list[1])
            case .list(let list):
                frames = .list(keyframes.count..<keyframes.count + list.count)
                keyframes += list
            }
            bounds.append(range)
            plans.append(Plan(easing: track.easing.prepared, frames: frames))
        }
        self.tracks = tracks
        self.bounds = bounds
        self.plans = plans
        self.keyframes = keyframes
        (breakpoints, movingStarts, moving) = Self.regions(bounds)
    }

    /// The most (region, track) pairs the region table may weigh: the
    /// table is regions times tracks to build and up to that to keep, and a
    /// session's tracks are bounded only by the message size (16 MiB by
    /// default, some 300 000 tracks). 16 384 covers any screen's tracks
    /// (about 90 with distinct range ends); past it, one region holds every
    /// track, which is the evaluation without the table.
    static let maxRegionPairs = 16_384

    /// `breakpoints`, `movingStarts` and `moving` for tracks of `bounds`.
    private static func regions(_ bounds: [Bounds]) -> ([Double], [Int], [Int]) {
        var points: [Double] = []
        for case .offsets(let start, let end) in bounds { points += [start, end] }
        let breakpoints = Array(Set(points)).sorted()
        guard (breakpoints.count + 1) * bounds.count <= maxRegionPairs else {
            return ([], [0, bounds.count], Array(bounds.indices))
        }
        var starts = [0], moving: [Int] = []
        for r in 0...breakpoints.count {
            let low = r == 0 ? -Double.infinity : breakpoints[r - 1]
            let high = r == breakpoints.count ? Double.infinity : breakpoints[r]
            for (i, range) in bounds.enumerated() {
                switch range {
                case .offsets(let start, let end) where start < end && start <= low && end >= high: moving.append(i)
                case .view(_?, _, _, _): moving.append(i)
                // Held all along: before or after it, a zero-length range, a removed child.
                default: break
                }
            }
            starts.append(moving.count)
        }
        return (breakpoints, starts, moving)
    }

    /// The region whose open interval between two neighbouring
    /// `breakpoints` (or beyond the first or last) holds `offset`, or -1
    /// when `offset` is a breakpoint.
    func region(containing offset: Double) -> Int {
        var low = 0, high = breakpoints.count
        while low < high {
            let middle = (low + high) / 2
            if breakpoints[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < breakpoints.count && breakpoints[low] == offset ? -1 : low
    }

    /// Whether `offset` is in region `r` (a region, not -1).
    @inline(__always)
    func isInRegion(_ r: Int, _ offset: Double) -> Bool {
        (r == 0 || breakpoints[r &- 1] < offset) && (r == breakpoints.count || offset < breakpoints[r])
    }

    public var count: Int { tracks.count }

    /// Track `index`'s value at container offset `offset`. `subject` gives
    /// a child's natural top, frame height and the viewport height by the
    /// index `childIndex` gave; it is asked only for view ranges.
    public func value(ofTrack index: Int, at offset: Double, subject: (Int) -> TimelineSubject) -> Double {
        withoutActuallyEscaping(subject) { subject in
            value(ofTrack: index, atProgress: progress(ofTrack: index, at: offset, subjects: SubjectLookup(subject: subject)))
        }
    }

    /// Track `index`'s progress through its range at `offset`, in [0, 1]:
    /// its value is a function of this alone (`value(ofTrack:atProgress:)`).
    func progress<Subjects: TimelineSubjects>(ofTrack index: Int, at offset: Double, subjects: Subjects) -> Double {
        Self.progress(through: bounds[index], at: offset, subjects: subjects)
    }

    /// Every track evaluated at `offset` after `progress` and `values`, this
    /// set's progress and values at an earlier offset (one element per
    /// track): a track whose progress moved gets its value anew, and the
    /// indices of the values that changed are appended to `changed`, ascending.
    /// Through buffers, so the per-track reads and writes check neither
    /// bounds nor uniqueness (a layout's ~10 tracks, every scroll).
    /// With `region`, the region holding both `offset` and the offset of
    /// `progress` and `values`, only the tracks that can move within it
    /// (the others hold their progress there); else every track.
    func update<Subjects: TimelineSubjects>(at offset: Double, region: Int?, subjects: Subjects,
                                            progress: inout [Double], values: inout [Double], changed: inout [Int]) {
        precondition(progress.count == count && values.count == count, "one progress and one value per track")
        bounds.withUnsafeBufferPointer { bounds in
            progress.withUnsafeMutableBufferPointer { progress in
                values.withUnsafeMutableBufferPointer { values in
                    func update(_ i: Int) {
                        let now = Self.progress(through: bounds[i], at: offset, subjects: subjects)
                        // A value is a function of its progress: an unchanged
                        // progress (a track held before or after its range,
                        // the usual case) skips the keyframes and the easing.
                        guard now != progress[i] else { return }
                        progress[i] = now
                        let value = value(ofTrack: i, atProgress: now)
                        if value != values[i] {
                            values[i] = value
                            changed.append(i)
                        }
                    }
                    guard let region else {
                        for i in 0..<bounds.count { update(i) }
                        return
                    }
                    moving.withUnsafeBufferPointer { moving in
                        for n in movingStarts[region]..<movingStarts[region &+ 1] { update(moving[n]) }
                    }
                }
            }
        }
    }

    @inline(__always)  // in `update`'s loop: a call would pass the bounds through memory
    private static func progress<Subjects: TimelineSubjects>(through bounds: Bounds, at offset: Double,
                                                             subjects: Subjects) -> Double {
        switch bounds {
        case .offsets(let start, let end):
            return TrackRange.progress(at: offset, start: start, end: end)
        case .view(nil, _, _, _):
            return 0
        case .view(let child?, let name, let startFraction, let endFraction):
            let box = subjects.timelineSubject(ofChild: child)
            let (low, high) = name.interval(top: box.top, height: box.height, viewport: box.viewport)
            return TrackRange.progress(at: offset, start: Self.mix(low, high, startFraction),
                                         end: Self.mix(low, high, endFraction))
        }
    }

    /// Track `index`'s value at `progress` through its range: its keyframes, eased.
    func value(ofTrack index: Int, atProgress progress: Double) -> Double {
        let plan = plans[index]
        switch plan.frames {
        case .pair(let a, let b):
            // What the search below finds for two keyframes.
            guard a.at <= progress else { return Self.held(a.value) }
            guard !(b.at <= progress) else { return Self.held(b.value) }
            return Self.mix(a, b, plan.easing, at: progress)
        case .list(let frames):
            // The number of keyframes at or before `progress` (binary search):
            // the last of them starts the interval, so at an `at` shared by
            // several keyframes the later one holds (Web Animations' rule).
            var low = frames.lowerBound, high = frames.upperBound
            while low < high {
                let middle = (low + high) / 2
                if keyframes[middle].at <= progress { low = middle + 1 } else { high = middle }
            }
            // Before the first keyframe its value, after the last its value.
            guard low > frames.lowerBound else { return Self.held(keyframes[low].value) }
            guard low < frames.upperBound else { return Self.held(keyframes[low - 1].value) }
            return Self.mix(keyframes[low - 1], keyframes[low], plan.easing, at: progress)
        }
    }

    /// The value at `progress` between keyframes `a` and `b`, eased.
    private static func mix(_ a: Keyframe, _ b: Keyframe, _ easing: Easing.Prepared, at progress: Double) -> Double {
        mix(a.value, b.value, easing((progress - a.at) / (b.at - a.at)))
    }

    /// a at 0, b at 1, exactly; exactly a all along when a = b (a held
    /// keyframe must not wobble by an ulp).
    static func mix(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
        held(fraction == 1 ? b : a + (b - a) * fraction)
    }

    /// The value as output: −0 becomes 0 (−0 + 0 = +0 in IEEE 754), so a
    /// value never prints differently from an equal one.
    static func held(_ value: Double) -> Double { value + 0 }
}
