import OmniScrollJSON

/// `physics.fling`'s answer: where the motion rests, when (seconds after the
/// release), and the samples asked for (`nil` when none were).
public struct FlingResult: Sendable, Equatable {
    /// Where the motion is at one time.
    public struct Sample: Sendable, Equatable {
        public var time: Double, position: Double, velocity: Double
        public var extra: JSONObject
        init(json: JSONValue) throws {
            let o = try object(json, "sample")
            time = try num(o, "time", "sample"); position = try num(o, "position", "sample")
            velocity = try num(o, "velocity", "sample")
            extra = extras(o, ["time", "position", "velocity"])
        }
    }

    public var target: Double
    public var duration: Double
    public var samples: [Sample]?
    public var extra: JSONObject

    public init(json: JSONValue) throws {
        let o = try object(json, "FlingResult")
        target = try num(o, "target", "FlingResult")
        duration = try num(o, "duration", "FlingResult")
        switch o["samples"] {
        case nil:
            samples = nil
        case .array(let items)?:
            samples = try items.map(Sample.init(json:))
        default:
            throw OmniScrollClientError.unexpectedResult(method: "FlingResult", reason: "samples must be an array")
        }
        extra = extras(o, ["target", "duration", "samples"])
    }
}

/// How `physics.fling` snaps: `{points} | {interval}` and a mode, as the
/// wire's `snap` object.
public struct FlingSnap: Sendable, Equatable {
    public enum Positions: Sendable, Equatable {
        case points([Double])
        case interval(Double)
    }

    public enum Mode: Sendable, Equatable {
        case mandatory
        /// `distance` `nil`: a third of the viewport.
        case proximity(distance: Double? = nil)
        /// `minFlingVelocity` `nil`: the worker's 50 pt/s.
        case paging(minFlingVelocity: Double? = nil)
    }

    public var positions: Positions
    public var mode: Mode

    public init(_ positions: Positions, mode: Mode = .mandatory) {
        self.positions = positions
        self.mode = mode
    }

    var json: JSONValue {
        var o = JSONObject()
        switch positions {
        case .points(let points): o["points"] = .array(points.map { .number($0) })
        case .interval(let interval): o["interval"] = .number(interval)
        }
        switch mode {
        case .mandatory:
            o["mode"] = .string(PhysicsFlingSnapMode.mandatory.rawValue)
        case .proximity(let distance):
            o["mode"] = .string(PhysicsFlingSnapMode.proximity.rawValue)
            if let distance { o["distance"] = .number(distance) }
        case .paging(let minFlingVelocity):
            o["mode"] = .string(PhysicsFlingSnapMode.paging.rawValue)
            if let minFlingVelocity { o["minFlingVelocity"] = .number(minFlingVelocity) }
        }
        return .object(o)
    }
}
