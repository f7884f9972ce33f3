/// One finger on a container or a grid, from `down` to `up` (docs/pointer.md):
/// its samples, the axis it locked and where the drag started. Pure: each
/// sample gives the `PointerStep` it asks for; the slop and fling policy are
/// `AxisArbitration` and `FlingDecision`, the velocity the preset's tracker.
public struct PointerGesture: Equatable, Sendable {
    public private(set) var axis: PointerAxis
    /// The `down` sample: slop is measured from it.
    public let down: PointerSample
    /// The sample that started the drag: the content follows the finger from it.
    public private(set) var start: PointerSample?
    /// Whether `down` stopped a running motion: then the finger never taps.
    public let caught: Bool
    /// The pager under the `down` point, the only one a horizontal swipe
    /// moves (`nil` once a call removed it).
    public internal(set) var pager: String?
    /// Where the dragged content was when the drag started: a pager's
    /// horizontal offset (in `x`), a grid's offset; zero for a vertical drag,
    /// which `session.drag` measures from its own start.
    public private(set) var origin: Point
    /// The finger's path length since `down` (a grid pan starts past the pan slop).
    public private(set) var path: Double
    /// The `down` and every `move`, the newest 20 (the trackers' input).
    public private(set) var history: PointerHistory
    /// The time of the newest sample the finger gave (`up`'s time must not be earlier).
    public var lastTime: Int64 { history.newest?.time ?? down.time }

    /// A finger just down; its samples go into `storage` when given (a lifted finger's history, reused).
    public init(down: PointerSample, caught: Bool, pager: String?, reusing storage: PointerHistory? = nil) {
        var history = storage ?? PointerHistory()
        history.restart(down)
        self.init(axis: .pending, down: down, start: nil, caught: caught, pager: pager, origin: Point(x: 0, y: 0),
                  path: 0, history: history)
    }

    /// A gesture as a snapshot stored it.
    public init(axis: PointerAxis, down: PointerSample, start: PointerSample?, caught: Bool, pager: String?,
                origin: Point, path: Double, history: PointerHistory) {
        self.axis = axis
        self.down = down
        self.start = start
        self.caught = caught
        self.pager = pager
        self.origin = origin
        self.path = path
        self.history = history
    }

    /// Refuses a sample one finger cannot give (docs/pointer.md, "One
    /// finger"): at `phase` a `down` while `gesture` is down or another phase
    /// with none, at `time` a sample before the finger's newest.
    public static func check(_ phase: PointerPhase, _ sample: PointerSample, against gesture: PointerGesture?)
        throws(ContainerError)
    {
        try check(phase, sample, lastTime: gesture?.lastTime)
    }

    /// `check(_:_:against:)` given the finger's `lastTime` alone (`nil`:
    /// no finger is down), so a caller need not copy the gesture out.
    /// Inlined, with the refusals out of line: called, the test cost every
    /// `session.pointer` sample a call and its register saves (issue 29).
    @inline(__always)
    public static func check(_ phase: PointerPhase, _ sample: PointerSample, lastTime: Int64?) throws(ContainerError) {
        if let lastTime {
            if phase != .down, sample.time >= lastTime { return }
        } else if phase == .down {
            return
        }
        try refuse(phase, sample, lastTime: lastTime)
    }

    /// Throws what `check` refuses `phase` or `sample` for.
    @inline(never)
    private static func refuse(_ phase: PointerPhase, _ sample: PointerSample, lastTime: Int64?) throws(ContainerError) {
        switch (phase, lastTime) {
        case (.down, .some):
            throw ContainerError(.invalidValue, field: "phase", reason: "a finger is already down (one finger at a time)")
        case (.move, nil), (.up, nil), (.cancel, nil):
            throw ContainerError(.invalidValue, field: "phase", reason: "no finger is down (send down first)")
        default:
            break
        }
        if let lastTime, sample.time < lastTime {
            throw ContainerError(.invalidValue, field: "time",
                                 reason: "must be ≥ \(Double(lastTime) / 1e6), the finger's last time (times never go back)")
        }
    }

    /// The gesture after the dragged content's coordinates moved by `shift`
    /// (a grid recentered under the finger): the pan goes on from the same
    /// screen position.
    public mutating func shiftOrigin(by shift: Point) {
        origin = Point(x: origin.x + shift.x, y: origin.y + shift.y)
    }

    /// A `move` to `sample`. Pending, the travel from `down` may start a
    /// drag on an axis (a pan when `pans`, for a grid); `origin` is then
    /// where the dragged content is. Locked, the content follows the finger.
    public mutating func move(_ sample: PointerSample, constants: PointerConstants, pans: Bool,
                              origin: () -> Point) -> PointerStep {
        let (step, progress) = advanced(sample, constants: constants, pans: pans, origin: origin)
        commit(progress, sample)
        return step
    }

    /// `move` without changing the gesture: the step and the progress it
    /// leads to. A container computes them where the gesture is stored and
    /// `commit`s them there once the move's change applies, so a refused
    /// change leaves the finger as it was, and nothing copies the gesture's
    /// samples (copying 20 samples per move cost more than the drag's own
    /// work, issue 29).
    public func advanced(_ sample: PointerSample, constants: PointerConstants, pans: Bool,
                         origin: () -> Point) -> (step: PointerStep, progress: Progress) {
        let previous = history.newest ?? down
        // The travel only ever meets the slop, a few points: it saturates at
        // a length's bound, which a snapshot's `path` states, however long a
        // finger wanders at the coordinates' ±1e12.
        var next = progress
        next.path = min(path + ((sample.x - previous.x) * (sample.x - previous.x) + (sample.y - previous.y) * (sample.y - previous.y))
            .squareRoot(), Bounds.maxLength)
        guard let start else {
            let locked: PointerAxis? = pans
                ? (AxisArbitration.panStarts(path: next.path, constants: constants) ? .pan : nil)
                : AxisArbitration.winner(dx: sample.x - down.x, dy: sample.y - down.y, constants: constants,
                                         pagerUnderFinger: pager != nil)
            guard let locked else { return (.none, next) }
            next.axis = locked
            next.start = sample
            next.origin = origin()
            return (.begin(locked), next)
        }
        let dx = sample.x - start.x, dy = sample.y - start.y
        switch axis {
        case .vertical: return (.follow(Point(x: 0, y: dy)), next)
        case .horizontal: return (.follow(Point(x: dx, y: 0)), next)
        case .pan: return (.follow(Point(x: dx, y: dy)), next)
        case .pending: return (.none, next)
        }
    }

    /// What a `move` changes: the axis, where the drag started and the path.
    public struct Progress: Sendable {
        public var axis: PointerAxis
        /// Set to the move's sample when the drag begins again from it (the
        /// client ended it under the finger): the content follows the finger
        /// from there, nothing jumps.
        public var start: PointerSample?
        public var origin: Point
        public var path: Double
    }

    public var progress: Progress { Progress(axis: axis, start: start, origin: origin, path: path) }

    /// The gesture after a `move` to `sample` that led to `progress` (`advanced`): its sample joins `history`.
    public mutating func commit(_ progress: Progress, _ sample: PointerSample) {
        axis = progress.axis
        start = progress.start
        origin = progress.origin
        path = progress.path
        history.append(sample)
    }

    /// The finger's velocity at an `up` at `time` by the preset's tracker: 0
    /// when the finger rested longer than `PointerConstants.restAfter` since its newest sample.
    public func velocity(at time: Int64, constants: PointerConstants) -> VelocityEstimate {
        guard time - lastTime <= PointerConstants.restAfter else { return .zero }
        return constants.tracker.estimate(history)
    }

    /// The `up` (or, `flings` false, the `cancel`) at `position`: a drag
    /// releases, with the fling `FlingDecision` gives the estimate; a
    /// pending finger taps unless it caught a motion or was cancelled.
    public func lift(at position: Point, estimate: VelocityEstimate, constants: PointerConstants,
                     flings: Bool) -> PointerStep {
        let zero = Point(x: 0, y: 0)
        switch axis {
        case .pending:
            return caught || !flings ? .none : .tap(position)
        case .vertical:
            let v = flings ? FlingDecision.axis(velocity: estimate.velocity.y, travel: estimate.travel.y,
                                                slop: constants.touchSlop) : 0
            return .release(.vertical, fling: Point(x: 0, y: v))
        case .horizontal:
            let v = flings ? FlingDecision.axis(velocity: estimate.velocity.x, travel: estimate.travel.x,
                                                slop: constants.pagingSlop) : 0
            return .release(.horizontal, fling: Point(x: v, y: 0))
        case .pan:
            return .release(.pan, fling: flings ? FlingDecision.pan(velocity: estimate.velocity,
                                                                    travel: estimate.travel, slop: constants.panSlop) : zero)
        }
    }
}
