/// What `physics.fling` answers.
public struct FlingResult: Equatable, Sendable {
    public var target: Double
    public var duration: Double
    /// `nil` when no sampling was asked for.
    public var samples: [MotionSample]?

    public init(target: Double, duration: Double, samples: [MotionSample]?) {
        self.target = target
        self.duration = duration
        self.samples = samples
    }

    /// Validates `request` (the error names the field and says why; nothing is
    /// computed from bad input), then runs its motion.
    public init(_ request: FlingRequest) throws(ContainerError) {
        try Self.validate(request)
        let motion = Motion(preset: request.preset, position: request.position, velocity: request.velocity,
                            bounds: request.bounds ?? Self.unbounded, snap: request.snap, viewport: request.viewport,
                            dragStart: request.dragStart)
        target = motion.target
        duration = motion.duration
        switch request.sampling {
        case nil:
            samples = nil
        case .interval(let interval):
            guard motion.duration / interval < Double(FlingRequest.maxSamples - 1) else {
                throw ContainerError(.invalidValue, field: "sampleInterval",
                                     reason: "gives more than \(FlingRequest.maxSamples) samples for a motion of \(motion.duration) s")
            }
            samples = motion.samples(every: interval)
        case .times(let times):
            samples = motion.samples(at: times)
        }
    }

    /// The bounds of a request without any: the inputs' own, so every
    /// number of the answer stays within ±1e15 (`android` at 1e15 pt/s
    /// would travel 1.3e23; docs/protocol.md, `physics.fling`).
    static let unbounded = ScrollBounds(min: -FlingRequest.maxMagnitude, max: FlingRequest.maxMagnitude)

    private static func validate(_ request: FlingRequest) throws(ContainerError) {
        try magnitude(request.position, field: "position")
        try magnitude(request.velocity, field: "velocity")
        if let bounds = request.bounds {
            try magnitude(bounds.min, field: FieldPath("bounds").member("min"))
            try magnitude(bounds.max, field: FieldPath("bounds").member("max"))
            guard bounds.min <= bounds.max else {
                throw ContainerError(.invalidValue, field: FieldPath("bounds").member("min"), reason: "must be ≤ bounds.max")
            }
        }
        if let viewport = request.viewport {
            try magnitude(viewport, field: "viewport")
            guard viewport > 0 else { throw ContainerError(.invalidValue, field: "viewport", reason: "must be > 0") }
        }
        if let dragStart = request.dragStart { try magnitude(dragStart, field: "dragStart") }
        if let snap = request.snap { try validate(snap, viewport: request.viewport) }
        switch request.sampling {
        case nil:
            break
        case .interval(let interval):
            guard interval.isFinite, interval > 0 else {
                throw ContainerError(.invalidValue, field: "sampleInterval", reason: "must be a finite number > 0")
            }
        case .times(let times):
            for (i, time) in times.enumerated() {
                guard time.isFinite, time >= 0 else {
                    throw ContainerError(.invalidValue, field: FieldPath("times").index(i), reason: "must be a finite number ≥ 0")
                }
            }
        }
    }

    private static func validate(_ snap: SnapRule, viewport: Double?) throws(ContainerError) {
        switch snap.positions {
        case .points(let points):
            for (i, point) in points.enumerated() {
                try magnitude(point, field: FieldPath("snap").member("points").index(i))
                guard i == 0 || point >= points[i - 1] else {
                    throw ContainerError(.invalidValue, field: FieldPath("snap").member("points").index(i),
                                         reason: "must be ≥ snap.points[\(i - 1)] (points are in ascending order)")
                }
            }
        case .interval(let interval):
            guard interval.isFinite, interval >= SnapRule.minInterval, interval <= FlingRequest.maxMagnitude else {
                throw ContainerError(.invalidValue, field: FieldPath("snap").member("interval"),
                                     reason: "must be a finite number between \(1 / FlingRequest.maxMagnitude) and \(FlingRequest.maxMagnitude)")
            }
        }
        switch snap.mode {
        case .mandatory:
            break
        case .proximity(let distance):
            if let distance {
                try magnitude(distance, field: FieldPath("snap").member("distance"))
                guard distance >= 0 else { throw ContainerError(.invalidValue, field: FieldPath("snap").member("distance"), reason: "must be ≥ 0") }
            } else if viewport == nil {
                throw ContainerError(.invalidValue, field: FieldPath("snap").member("distance"), reason: "is required without a viewport")
            }
        case .paging(let minFlingVelocity):
            try magnitude(minFlingVelocity, field: FieldPath("snap").member("minFlingVelocity"))
            guard minFlingVelocity >= 0 else {
                throw ContainerError(.invalidValue, field: FieldPath("snap").member("minFlingVelocity"), reason: "must be ≥ 0")
            }
        }
    }

    private static func magnitude(_ value: Double, field: FieldPath) throws(ContainerError) {
        guard value.isFinite, abs(value) <= FlingRequest.maxMagnitude else {
            throw ContainerError(.invalidValue, field: field,
                                 reason: "must be a finite number with magnitude ≤ \(FlingRequest.maxMagnitude)")
        }
    }
}
