import OmniScrollJSON

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
