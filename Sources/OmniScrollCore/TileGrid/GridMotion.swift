/// A grid's fling (docs/pointer.md, "Grids"): one motion of the preset per
/// axis, each the `Motion` a container's release would run and each ending
/// by its own rule; the grid is at rest when both have ended. The motions
/// are unbounded: the grid clamps the offset to its content, as it clamps
/// every offset. A pure function of the time since the release, advanced by
/// `grid.tick`.
public struct GridMotion: Equatable, Sendable {
    /// The two motions: a few hundred bytes each, held behind a reference so
    /// a grid that copies itself on every change (`TileGrid.apply`) does not
    /// copy them. Immutable, so copies may share it.
    private final class Storage: Equatable, Sendable {
        let x: Motion
        let y: Motion
        init(x: Motion, y: Motion) {
            self.x = x
            self.y = y
        }

        static func == (a: Storage, b: Storage) -> Bool { a === b || (a.x == b.x && a.y == b.y) }
    }

    private let storage: Storage
    public var x: Motion { storage.x }
    public var y: Motion { storage.y }
    /// What recentering added to the offset while the motion ran (`threshold`
    /// mode): added to the motions' positions, so the content keeps moving
    /// as it did on screen.
    public private(set) var shift: Point
    /// The client's time of the release (`up`'s).
    public let releaseTime: Double
    /// The last `grid.tick`'s time (the release's before the first).
    public internal(set) var lastTime: Double

    /// The fling from `position` at `velocity` (points per second, in the
    /// direction the offset grows), released at `time`.
    public init(preset: PhysicsPreset, position: Point, velocity: Point, time: Double) {
        self.init(preset: preset, start: position, velocity: velocity, shift: Point(x: 0, y: 0), releaseTime: time,
                  lastTime: time)
    }

    /// A motion as a snapshot stored it: its inputs rebuild the same motions exactly.
    public init(preset: PhysicsPreset, start: Point, velocity: Point, shift: Point, releaseTime: Double, lastTime: Double) {
        storage = Storage(x: Motion(preset: preset, position: start.x, velocity: velocity.x),
                          y: Motion(preset: preset, position: start.y, velocity: velocity.y))
        self.shift = shift
        self.releaseTime = releaseTime
        self.lastTime = lastTime
    }

    public var start: Point { Point(x: x.start, y: y.start) }
    public var velocity: Point { Point(x: x.initialVelocity, y: y.initialVelocity) }

    /// When both axes have come to rest, in seconds after the release.
    public var duration: Double { max(x.duration, y.duration) }

    /// Where the offset comes to rest (before the grid clamps it to its content, or recenters it at rest).
    public var target: Point { Point(x: shift.x + x.target, y: shift.y + y.target) }

    /// The offset at client time `time`.
    public func position(at time: Double) -> Point {
        Point(x: shift.x + x.position(at: time - releaseTime), y: shift.y + y.position(at: time - releaseTime))
    }

    public func isDone(at time: Double) -> Bool { x.isDone(at: time - releaseTime) && y.isDone(at: time - releaseTime) }

    mutating func shift(by delta: RecenterShift) {
        shift = Point(x: shift.x + delta.dx, y: shift.y + delta.dy)
    }
}
