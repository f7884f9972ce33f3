import XCTest
@testable import OmniScrollCore

/// ScrollMotion: drags, releases, ticks, springs back, snapping and paging in
/// a session, held to `Motion` (what `physics.fling` answers) and to the
/// settled rules of docs/design.md#physics-and-motion. Properties are seeded and print the seed.
final class ScrollMotionTests: XCTestCase {
    private let viewport = Viewport(width: 375, height: 800)

    private func container(_ options: ContainerOptions, children: [ChildSpec]? = nil) throws -> Container {
        try Container.create(viewport: viewport, insets: Insets(top: 0, bottom: 100),
                             children: children ?? [.scroll("top", contentHeight: 2000), .scroll("bottom", contentHeight: 3000)],
                             options: options).0
    }

    private func physics(_ preset: PhysicsPreset, snap: SnapOptions? = nil, paging: Bool = false) -> ContainerOptions {
        var options = ContainerOptions()
        options.physics = PhysicsOptions(preset: preset)
        options.snap = snap
        options.paging = paging
        return options
    }

    /// Drag from the top by `travel` then release with `velocity` at time 0;
    /// the offset the release began at.
    @discardableResult
    private func release(_ c: inout Container, travel: Double, velocity: Double) throws -> Double {
        c.must(.phase(.dragging))
        let position = c.must(.drag(translation: -travel)).layout.offset
        _ = try c.apply([.phase(.decelerating), .release(velocity: velocity, time: 0)])
        return position
    }

    /// Ticks every 1/60 s until the phase is idle (at most `limit` frames); the offsets seen.
    private func tickToRest(_ c: inout Container, from start: Double = 0, limit: Int = 2000) throws -> [Double] {
        var offsets: [Double] = []
        var frame = 1.0
        while c.phase != .idle, offsets.count < limit {
            offsets.append(try c.apply(.tick(start + frame / 60)).layout.offset)
            frame += 1
        }
        return offsets
    }

    func testTicksFollowTheFlingWithTheSameInputs() throws {
        try forEachSeed(150, base: 0x5e55_0000) { seed, rng in
            let preset = rng.preset()
            let interval: Double? = Bool.random(using: &rng) ? Double.random(in: 50...900, using: &rng) : nil
            var c = try container(physics(preset, snap: interval.map { SnapOptions(positions: .interval($0)) }))
            let travel = Double.random(in: 0...4000, using: &rng)
            let velocity = rng.velocity()
            let start = c.layout.offset
            let position = try release(&c, travel: travel, velocity: velocity)
            let bounds = ScrollBounds(min: c.layout.minOffset, max: c.layout.maxOffset)
            let motion = Motion(preset: preset, position: position, velocity: velocity, bounds: bounds,
                                snap: interval.map { SnapRule(positions: .interval($0)) },
                                viewport: viewport.height, dragStart: start)
            guard c.phase == .decelerating else {
                XCTAssertEqual(motion.duration, 0, "seed \(seed): idle at once only when there is nothing to do")
                XCTAssertEqual(c.layout.offset, motion.target, "seed \(seed)")
                return
            }
            XCTAssertEqual(c.layout.offset, position, "seed \(seed)")
            XCTAssertEqual(c.motion, MotionSummary(target: motion.target, duration: motion.duration), "seed \(seed)")
            var frame = 1.0
            while c.phase != .idle, frame < 3000 {
                let offset = try c.apply(.tick(frame / 60)).layout.offset
                XCTAssertEqual(offset, motion.position(at: frame / 60), "seed \(seed) frame \(frame)")
                frame += 1
            }
            XCTAssertEqual(c.layout.offset, motion.target, "seed \(seed): rests exactly on the target")
            XCTAssertNil(c.motion, "seed \(seed)")
        }
    }

    func testASnappedMotionEndsExactlyOnTheSnapPoint() throws {
        try forEachSeed(150, base: 0x5e55_1000) { seed, rng in
            let points = [0.0, 333.25, 1000, 1720.5, 2600, 4300]
            let mode: SnapOptions.Mode = Bool.random(using: &rng) ? .mandatory : .proximity
            var c = try container(physics(rng.preset(), snap: SnapOptions(positions: .points(points), mode: mode)))
            try release(&c, travel: Double.random(in: 0...4000, using: &rng), velocity: rng.velocity())
            _ = try tickToRest(&c)
            XCTAssertEqual(c.phase, .idle, "seed \(seed)")
            if mode == .mandatory {
                XCTAssertTrue(points.contains(c.layout.offset), "seed \(seed): rests at \(c.layout.offset)")
            }
        }
    }

    func testPagingNeverMovesMoreThanOneChild() throws {
        try forEachSeed(200, base: 0x5e55_2000) { seed, rng in
            let heights = (0..<8).map { _ in Double(Int.random(in: 200...1600, using: &rng)) }
            let children = heights.enumerated().map { ChildSpec.scroll("c\($0.offset)", contentHeight: $0.element) }
            // Bouncing presets: `android`'s clamp stops a spring that heads out
            // of the bounds where it leaves them (`Motion`, as physics.fling).
            let preset = [PhysicsPreset.ios, .iosFast, .flutter].randomElement(using: &rng)!
            var c = try container(physics(preset, paging: true), children: children)
            let tops = (0..<heights.count).map { i in heights[..<i].reduce(0, +) }
            let startChild = Int.random(in: 0..<heights.count, using: &rng)
            c.must(.offset(min(tops[startChild], c.layout.maxOffset)))
            let start = c.layout.offset
            let startIndex = tops.lastIndex { $0 <= start }!
            c.must(.phase(.dragging))
            c.must(.drag(translation: Double.random(in: -3000...3000, using: &rng)))
            _ = try c.apply([.phase(.decelerating), .release(velocity: rng.velocity(), time: 0)])
            _ = try tickToRest(&c)
            let rest = c.layout.offset
            let restIndex = tops.lastIndex { $0 <= rest } ?? 0
            XCTAssertLessThanOrEqual(abs(restIndex - startIndex), 1, "seed \(seed): from child \(startIndex) to \(rest)")
            XCTAssertTrue(tops.contains(rest) || rest == c.layout.maxOffset, "seed \(seed): rests at \(rest), not a child top")
        }
    }

    func testDragsRubberBandOddAndBoundedPastEitherBound() throws {
        try forEachSeed(300, base: 0x5e55_3000) { seed, rng in
            var c = try container(physics(.ios))
            let maxOffset = c.layout.maxOffset
            let travel = Double.random(in: 0...1e6, using: &rng)
            c.must(.offset(0), .phase(.dragging))
            let above = c.must(.drag(translation: travel)).layout.offset
            c.must(.phase(.idle))
            c.must(.offset(maxOffset), .phase(.dragging))
            let below = c.must(.drag(translation: -travel)).layout.offset - maxOffset
            XCTAssertEqual(above, -below, accuracy: 1e-9 * max(1, abs(below)), "seed \(seed): odd")
            XCTAssertLessThanOrEqual(-above, viewport.height, "seed \(seed): bounded by d")
            XCTAssertEqual(above, -RubberBand(dimension: viewport.height).offset(forTravel: travel), accuracy: 1e-9,
                           "seed \(seed)")
        }
        var android = try container(physics(.android))
        android.must(.phase(.dragging))
        XCTAssertEqual(android.must(.drag(translation: 500)).layout.offset, 0, "android clamps drags")
    }

    func testRestoringMidMotionGivesTheSameLaterReplies() throws {
        try forEachSeed(60, base: 0x5e55_4000) { seed, rng in
            var c = try container(physics(rng.preset(), snap: Bool.random(using: &rng) ? SnapOptions(positions: .children) : nil))
            try release(&c, travel: Double.random(in: -300...4000, using: &rng), velocity: rng.velocity())
            guard c.phase != .idle else { return }
            let frames = Int.random(in: 1...20, using: &rng)
            for frame in 1...frames where c.phase != .idle { _ = try c.apply(.tick(Double(frame) / 60)) }
            guard c.phase != .idle else { return }
            var twin = try Container(restoring: c.snapshot())
            XCTAssertEqual(twin.snapshot(), c.snapshot(), "seed \(seed)")
            var frame = Double(frames + 1)
            while c.phase != .idle, frame < 2000 {
                let a = try c.apply(.tick(frame / 60))
                let b = try twin.apply(.tick(frame / 60))
                XCTAssertEqual(a.layout.offset, b.layout.offset, "seed \(seed) frame \(frame)")
                XCTAssertEqual(a.eventNames, b.eventNames, "seed \(seed) frame \(frame)")
                frame += 1
            }
            XCTAssertEqual(twin.phase, .idle, "seed \(seed)")
        }
    }

    func testBadTicksAndDragsAreRefusedAndChangeNothing() throws {
        var c = try container(physics(.ios))
        let idle = c.snapshot()
        assertRefused(try c.apply(.tick(1)), field: "time", reason: "no motion in progress")
        assertRefused(try c.apply(.drag(translation: 5)), field: "translation")
        XCTAssertEqual(c.snapshot(), idle)
        try release(&c, travel: 100, velocity: 1000)
        _ = try c.apply(.tick(0.5))
        let moving = c.snapshot()
        assertRefused(try c.apply(.tick(0.25)), field: "time")
        assertRefused(try c.apply(.tick(.nan)), field: "time")
        assertRefused(try c.apply(.tick(.infinity)), field: "time")
        XCTAssertEqual(c.snapshot(), moving)
        var options = ContainerOptions()
        options.snap = SnapOptions(positions: .points([10, 5]))
        XCTAssertThrowsError(try container(options)) { error in
            XCTAssertEqual((error as? ContainerError)?.field, FieldPath("options").member("snap").member("points").index(1))
        }
    }

    func testBeginDraggingStopsAMotionWhereItIs() throws {
        var c = try container(physics(.ios))
        try release(&c, travel: 100, velocity: 3000)
        let moved = try c.apply(.tick(0.1)).layout.offset
        let caught = c.must(.phase(.dragging))
        XCTAssertEqual(caught.layout.offset, moved)
        XCTAssertNil(c.motion)
        assertRefused(try c.apply(.tick(0.2)), field: "time", reason: "no motion in progress")
    }

    func testAReleasePastTheTopSpringsBackAndARefreshHoldsItsInset() throws {
        var options = physics(.ios)
        options.refresh = RefreshOptions(threshold: 60, height: 60)
        var c = try container(options)
        c.must(.phase(.dragging))
        XCTAssertEqual(c.must(.drag(translation: 400)).eventNames, ["refreshDidArm", "directionDidChange(down)", "didScrollViewScroll(down)"])
        c.must(.phase(.idle))
        XCTAssertEqual(c.phase, .decelerating)
        XCTAssertEqual(c.motion?.target, -60, "springs back to the held refresh inset")
        _ = try tickToRest(&c)
        XCTAssertEqual(c.layout.offset, -60)
        c.must(.endRefreshing)
        XCTAssertEqual(c.phase, .animating)
        XCTAssertEqual(c.motion?.target, 0)
        _ = try tickToRest(&c, from: 100)
        XCTAssertEqual(c.layout.offset, 0)
        XCTAssertEqual(c.phase, .idle)
    }

    func testAnAnimatedScrollToChildRunsAsASpringWithPhysics() throws {
        var c = try container(physics(.flutter))
        c.must(.scrollToChild("bottom", position: .top, animated: true))
        XCTAssertEqual(c.phase, .animating)
        XCTAssertEqual(c.motion?.target, 2000)
        _ = try tickToRest(&c)
        XCTAssertEqual(c.layout.offset, 2000)
        var plain = try container(ContainerOptions())
        plain.must(.scrollToChild("bottom", position: .top, animated: true))
        XCTAssertNil(plain.motion, "without physics the client animates")
    }

    private func assertRefused(_ body: @autoclosure () throws -> ContainerUpdate, field: FieldPath, reason: String? = nil,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            let error = error as? ContainerError
            XCTAssertEqual(error?.field, field, file: file, line: line)
            if let reason { XCTAssertEqual(error?.reason, reason, file: file, line: line) }
        }
    }
}
