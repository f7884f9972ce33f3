import OmniScrollCore
import OmniScrollJSON

/// `physics.fling`: where a release comes to rest, when, and (if asked) where
/// it is at sample times (docs/design.md#physics-and-motion). Stateless: no session, nothing
/// changes. The schemas bound every number by `FlingRequest.maxMagnitude`;
/// what they cannot say (bounds in order, snap points ascending, at most one
/// of `points`/`interval`, too many samples) the engine checks and names.
struct FlingMethod: MethodDeclaration {
    static let name: StaticString = "physics.fling"

    /// A position, length or velocity a fling accepts.
    static let magnitude = Schema.number(minimum: -FlingRequest.maxMagnitude, maximum: FlingRequest.maxMagnitude)
    /// The same, at least 0.
    static let nonNegative = Schema.number(minimum: 0, maximum: FlingRequest.maxMagnitude)
    /// The same, above 0.
    static let positive = Schema.number(exclusiveMinimum: 0, maximum: FlingRequest.maxMagnitude)

    /// The snap modes on the wire: CSS `mandatory` and `proximity`, and
    /// Flutter's `PageScrollPhysics` paging (`SnapRule.Mode`).
    enum SnapMode: String, CaseIterable {
        case mandatory, proximity, paging
    }

    static let snap = Schema.object([
        .optional("points", .array(items: magnitude)),
        .optional("interval", .number(minimum: SnapRule.minInterval, maximum: FlingRequest.maxMagnitude)),
        .optional("mode", .enumeration(of: SnapMode.self)),
        .optional("distance", nonNegative),
        .optional("minFlingVelocity", nonNegative),
    ])

    struct Params: ParamList {
        let preset: Param<PhysicsPreset?> = .optional("preset", .enumeration(of: PhysicsPreset.self))
        let position: Param<Double> = .required("position", magnitude)
        let velocity: Param<Double> = .required("velocity", magnitude)
        let bounds: Param<ParamDecoder?> = .optional("bounds", .object([.required("min", magnitude), .required("max", magnitude)]))
        let viewport: Param<Double?> = .optional("viewport", positive)
        let snap: Param<ParamDecoder?> = .optional("snap", FlingMethod.snap)
        let dragStart: Param<Double?> = .optional("dragStart", magnitude)
        let sampleInterval: Param<Double?> = .optional("sampleInterval", positive)
        let times: Param<ParamArray?> = .optional("times", .array(items: nonNegative))
    }
    static let params = Params()
    static let result = ResultSchema.component("FlingResult")

    let request: FlingRequest

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        var request = FlingRequest(preset: try params.read(Self.params.preset) ?? .ios,
                                   position: try params.read(Self.params.position),
                                   velocity: try params.read(Self.params.velocity))
        if let bounds = try params.read(Self.params.bounds) {
            request.bounds = ScrollBounds(min: try bounds.double("min"), max: try bounds.double("max"))
        }
        request.viewport = try params.read(Self.params.viewport)
        if let snap = try params.read(Self.params.snap) {
            request.snap = try Self.snapRule(snap)
        }
        request.dragStart = try params.read(Self.params.dragStart)
        let interval = try params.read(Self.params.sampleInterval)
        let times = try params.read(Self.params.times)
        switch (interval, times) {
        case (let interval?, nil):
            request.sampling = .interval(interval)
        case (nil, let times?):
            guard times.count <= FlingRequest.maxSamples else {
                throw params.invalid(Self.params.times, "has \(times.count) items; at most \(FlingRequest.maxSamples)")
            }
            var values: [Double] = []
            values.reserveCapacity(times.count)
            for i in 0..<times.count { values.append(try times.double(at: i)) }
            request.sampling = .times(values)
        case (nil, nil):
            break
        case (_?, _?):
            throw params.invalid(Self.params.times, "give sampleInterval or times, not both")
        }
        self.request = request
    }

    /// `{points} | {interval}` with a mode; `distance` belongs to proximity
    /// and `minFlingVelocity` to paging, and neither is accepted elsewhere.
    private static func snapRule(_ snap: borrowing ParamDecoder) throws(RPCError) -> SnapRule {
        let positions: SnapRule.Positions
        switch (try snap.optionalArray("points"), try snap.optionalDouble("interval")) {
        case (let points?, nil):
            var values: [Double] = []
            values.reserveCapacity(points.count)
            for i in 0..<points.count { values.append(try points.double(at: i)) }
            positions = .points(values)
        case (nil, let interval?):
            positions = .interval(interval)
        case (nil, nil):
            throw RPCError.invalidParams(path: snap.path, reason: "needs points or interval")
        case (_?, _?):
            throw snap.invalid("interval", "give points or interval, not both")
        }
        let mode = try snap.optionalEnumeration("mode", as: SnapMode.self) ?? .mandatory
        if mode != .proximity, snap.contains("distance") {
            throw snap.invalid("distance", "only with mode proximity")
        }
        if mode != .paging, snap.contains("minFlingVelocity") {
            throw snap.invalid("minFlingVelocity", "only with mode paging")
        }
        switch mode {
        case .mandatory:
            return SnapRule(positions: positions, mode: .mandatory)
        case .proximity:
            return SnapRule(positions: positions, mode: .proximity(distance: try snap.optionalDouble("distance")))
        case .paging:
            let minFlingVelocity = try snap.optionalDouble("minFlingVelocity") ?? SnapRule.defaultMinFlingVelocity
            return SnapRule(positions: positions, mode: .paging(minFlingVelocity: minFlingVelocity))
        }
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let fling: FlingResult
        do throws(ContainerError) {
            fling = try FlingResult(request)
        } catch {
            throw SessionParams.rpcError(error, path: SessionParams.path(of: error))
        }
        result.beginObject()
        result.key("target"); result.number(fling.target)
        result.key("duration"); result.number(fling.duration)
        if let samples = fling.samples {
            result.key("samples")
            result.beginArray()
            for sample in samples {
                result.beginObject()
                result.key("time"); result.number(sample.time)
                result.key("position"); result.number(sample.position)
                result.key("velocity"); result.number(sample.velocity)
                result.endObject()
            }
            result.endArray()
        }
        result.endObject()
    }
}
