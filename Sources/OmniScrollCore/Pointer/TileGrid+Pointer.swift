/// Pointer input and flings on a grid (docs/pointer.md, "Grids"): the same
/// finger as a container's (`PointerGesture`, the preset's slop and
/// tracker) with the 2D policy: a pan past the pan slop moves both axes, an
/// `up` flings by `FlingDecision.pan`, one motion per axis (`GridMotion`),
/// advanced by `grid.tick`. Every sample goes through `apply`, so it is
/// atomic and recenters as the grid's mode says.
extension TileGrid {
    /// The constants of the grid's preset (`ios` without `options.physics`).
    public var pointerConstants: PointerConstants { PointerConstants(configuration.preset) }

    /// Applies one sample of the finger: `time` in seconds on the client's
    /// clock (the one of `grid.tick`), `x`, `y` in viewport points. Refused
    /// (nothing changes) at `phase` for a second finger or a finger that is
    /// not down, at `time` for a time before the finger's newest sample.
    public mutating func pointer(_ phase: PointerPhase, x: Double, y: Double, time: Double)
        throws(ContainerError) -> TileGridUpdate
    {
        let sample = PointerSample(x: x, y: y, seconds: time)
        try PointerGesture.check(phase, sample, against: gesture)
        let constants = pointerConstants
        var next = self
        var change = TileGridChange()
        var release: PointerRelease?
        var fling: Point?
        var tapped: Point?
        switch phase {
        case .down:
            // A running fling stops where it is: this finger caught it.
            let caught = motion != nil
            if caught { change.phase = .idle }
            next.motion = nil
            next.gesture = PointerGesture(down: sample, caught: caught, pager: nil)
        case .move:
            var moved = gesture!
            let origin = offset
            switch moved.move(sample, constants: constants, pans: true, origin: { origin }) {
            case .begin: change.phase = .dragging
            case .follow(let travel): (change.x, change.y) = (moved.origin.x - travel.x, moved.origin.y - travel.y)
            default: break
            }
            next.gesture = moved
        case .up, .cancel:
            let lifted = gesture!
            let estimate = lifted.velocity(at: sample.time, constants: constants)
            switch lifted.lift(at: Point(x: x, y: y), estimate: estimate, constants: constants, flings: phase == .up) {
            case .release(_, let velocity):
                // The offset grows as the finger moves up and left.
                let v = Point(x: -velocity.x + 0, y: -velocity.y + 0)
                if v.x != 0 || v.y != 0 {
                    fling = v
                    change.phase = .decelerating
                } else {
                    change.phase = .idle
                }
            case .tap(let point):
                tapped = point
            default:
                break
            }
            next.gesture = nil
            release = PointerRelease(axis: lifted.axis, velocity: estimate.velocity)
        }
        var update = try next.apply(change)
        if let fling {
            let motion = GridMotion(preset: configuration.preset, position: next.offset, velocity: fling, time: time)
            if motion.duration > 0 {
                next.motion = motion
                update.motion = motion
            } else {
                update = try next.apply(TileGridChange(phase: .idle))
            }
        }
        if let tapped, tapped.x >= 0, tapped.y >= 0, tapped.x < viewport.width, tapped.y < viewport.height {
            let hit = next.tile(at: Point(x: next.offset.x + tapped.x, y: next.offset.y + tapped.y))
            update.tap = GridTap(tile: hit.tile, x: hit.x, y: hit.y)
        }
        update.release = release
        self = next
        return update
    }

    /// The client's frame clock reached `time` (seconds): the fling moves the
    /// offset to its position then and, once both axes have ended, the grid
    /// comes to rest (phase `idle`, recentering in `idle` mode). -32602 at
    /// `time` without a fling or before the last tick.
    public mutating func tick(_ time: Double) throws(ContainerError) -> TileGridUpdate {
        guard var motion else {
            throw ContainerError(.invalidValue, field: "time", reason: "no motion in progress")
        }
        guard abs(time) <= FlingRequest.maxMagnitude else {  // false for NaN and infinities
            throw ContainerError(.invalidValue, field: "time", reason: "must be a finite number between -1e15 and 1e15")
        }
        guard time >= motion.lastTime else {
            throw ContainerError(.invalidValue, field: "time",
                                 reason: "must be ≥ \(motion.lastTime), the motion's last time (times never go back)")
        }
        let running = motion
        motion.lastTime = time
        let position = motion.position(at: time)
        let done = motion.isDone(at: time)
        // Set in place (no copy of the grid holds the box, so it is reused);
        // a refused scroll puts the motion back: nothing changes.
        self.motion = done ? nil : motion
        do {
            return try apply(.scroll(x: position.x, y: position.y, phase: done ? .idle : nil))
        } catch {
            self.motion = running
            throw error
        }
    }
}
