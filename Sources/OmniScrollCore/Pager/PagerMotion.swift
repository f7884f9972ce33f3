/// A pager's snap after a release (`session.endPagerDragging`,
/// docs/design.md#pager): the session preset's spring from the release's horizontal offset
/// and velocity to the landing page's boundary, advanced by `session.tick`
/// on the client's clock.
struct PagerMotion: Equatable, Sendable {
    let motion: Motion
    /// The page index it lands on (`PageSnap.landingPage`).
    let landing: Int
    /// The client's time of the release; `nil` until the first tick, which starts the clock.
    var releaseTime: Double?
    /// The last tick's time.
    var lastTime: Double?

    init(preset: PhysicsPreset, start: Double, velocity: Double, springTo: Double, landing: Int,
         releaseTime: Double?, lastTime: Double? = nil) {
        motion = Motion(preset: preset, position: start, velocity: velocity, springTo: springTo)
        self.landing = landing
        self.releaseTime = releaseTime
        self.lastTime = lastTime
    }

    /// The time before which a tick is refused: times never go back.
    var earliestTick: Double? { lastTime ?? releaseTime }

    /// The motion at the tick at `time`: its horizontal offset, and whether
    /// it has ended there (exactly on the landing boundary, docs/design.md#physics-and-motion).
    mutating func advance(to time: Double) -> (offset: Double, ended: Bool) {
        let release = releaseTime ?? time
        releaseTime = release
        lastTime = time
        let elapsed = time - release
        return (motion.position(at: elapsed), motion.isDone(at: elapsed))
    }
}
