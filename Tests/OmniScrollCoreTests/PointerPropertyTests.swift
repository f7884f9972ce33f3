import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// Seeded gestures on the profile page (a header, a sticky bar, a pager of
/// two pages) under every preset: replays give identical updates, a
/// snapshot mid-gesture continues identically, and no sample order or value
/// the contract allows crashes or leaves the offset out of range at rest.
final class PointerPropertyTests: XCTestCase {
    /// One call of a random walk: a finger sample (any phase, in any state) or a frame tick.
    private enum Step {
        case pointer(PointerPhase, Double, Double, Double)
        case tick(Double)
    }

    private func steps(_ rng: inout SeededGenerator, count: Int) -> [Step] {
        var time = 1.0
        var x = 187.0, y = 500.0
        return (0..<count).map { _ in
            // Mostly forward by up to 20 ms; sometimes back, which must be refused.
            time += Int.random(in: 0..<20, using: &rng) == 0 ? -0.01 : Double(Int.random(in: 0...20, using: &rng)) / 1000
            if Int.random(in: 0..<5, using: &rng) == 0 { return .tick(time) }
            x += Double.random(in: -60...60, using: &rng)
            y += Double.random(in: -120...120, using: &rng)
            let phases: [PointerPhase] = [.down, .move, .move, .move, .move, .up, .cancel]
            return .pointer(phases.randomElement(using: &rng)!, x, y, time)
        }
    }

    private func container(_ preset: PhysicsPreset) throws -> Container {
        var options = ContainerOptions()
        options.physics = PhysicsOptions(preset: preset)
        return try Container.create(viewport: ProfilePage.viewport, children: ProfilePage.children(), options: options).0
    }

    /// What an update says, as text: a replay must give the same.
    private func fingerprint(_ result: Result<ContainerUpdate, ContainerError>, _ container: Container) -> String {
        switch result {
        case .failure(let error): return "error \(error)"
        case .success(let update):
            let layout = update.layout
            let children = (0..<layout.childCount).map { "\(layout.child($0))" }.joined(separator: ";")
            let pages = layout.pages(ofPager: 2).map { "\($0)" }.joined(separator: ";")
            return "\(layout.offset) \(container.phase) \(update.events) \(children) \(pages) "
                + "\(String(describing: container.pointerGesture)) \(String(describing: container.motion))"
        }
    }

    private func run(_ step: Step, on container: inout Container) -> String {
        let result: Result<ContainerUpdate, ContainerError>
        switch step {
        case .pointer(let phase, let x, let y, let time):
            result = Result { () throws(ContainerError) in try container.pointer(phase, x: x, y: y, time: time) }
        case .tick(let time):
            result = Result { () throws(ContainerError) in try container.apply(.tick(time)) }
        }
        return fingerprint(result, container)
    }

    func testAReplayedGestureGivesIdenticalUpdates() throws {
        try forEachSeed(60, base: 0x9017_0000) { seed, rng in
            let preset = rng.preset()
            let walk = steps(&rng, count: 80)
            var first = try container(preset), second = try container(preset)
            for (k, step) in walk.enumerated() {
                XCTAssertEqual(run(step, on: &first), run(step, on: &second), "seed \(seed) step \(k)")
            }
            XCTAssertEqual(first.snapshot(), second.snapshot(), "seed \(seed)")
        }
    }

    func testASnapshotMidGestureRestoresAndContinuesIdentically() throws {
        try forEachSeed(60, base: 0x9017_1000) { seed, rng in
            let preset = rng.preset()
            let walk = steps(&rng, count: 80)
            let split = Int.random(in: 0..<walk.count, using: &rng)
            var original = try container(preset)
            for step in walk[..<split] { _ = run(step, on: &original) }
            var restored = try Container(restoring: original.snapshot())
            XCTAssertEqual(restored.pointerGesture, original.pointerGesture, "seed \(seed)")
            for (k, step) in walk[split...].enumerated() {
                XCTAssertEqual(run(step, on: &restored), run(step, on: &original), "seed \(seed) step \(split + k)")
            }
        }
    }

    /// Every refused sample changes nothing; after the finger lifts and
    /// every motion runs out, the offset is within its bounds.
    func testNoSampleCrashesOrLeavesTheOffsetOutOfRangeAtRest() throws {
        try forEachSeed(100, base: 0x9017_2000) { seed, rng in
            var c = try container(rng.preset())
            var time = 0.0
            for (k, step) in steps(&rng, count: 120).enumerated() {
                let before = c.snapshot()
                do throws(ContainerError) {
                    switch step {
                    case .pointer(let phase, let x, let y, let t): _ = try c.pointer(phase, x: x, y: y, time: t); time = max(time, t)
                    case .tick(let t): _ = try c.apply(.tick(t)); time = max(time, t)
                    }
                } catch {
                    XCTAssertEqual(c.snapshot(), before, "seed \(seed) step \(k): a refused call changed the state")
                }
                XCTAssertTrue(c.layout.offset.isFinite, "seed \(seed) step \(k)")
            }
            if c.pointerGesture != nil { _ = try c.pointer(.up, x: 0, y: 0, time: time + 1) }
            var frame = time + 1
            while c.motion != nil || c.layout.pageProgress(ofPager: 2).map({ $0 != $0.rounded() }) == true, frame < time + 60 {
                frame += 1.0 / 60
                _ = try? c.apply(.tick(frame))
            }
            if c.phase == .dragging { _ = try c.apply(.phase(.idle)) }
            let layout = c.layout
            XCTAssertGreaterThanOrEqual(layout.offset, layout.minOffset, "seed \(seed): offset at rest")
            XCTAssertLessThanOrEqual(layout.offset, layout.maxOffset, "seed \(seed): offset at rest")
        }
    }

    /// Slop is strict and measured from the down point; the axis then stays locked.
    func testSlopIsStrictAndTheAxisStaysLocked() throws {
        var c = try container(.flutter)
        _ = try c.pointer(.down, x: 100, y: 700, time: 1)
        _ = try c.pointer(.move, x: 100, y: 682, time: 1.01)
        XCTAssertEqual(c.pointerGesture?.axis, .pending, "18 pt is not past kTouchSlop")
        _ = try c.pointer(.move, x: 100, y: 681.5, time: 1.02)
        XCTAssertEqual(c.pointerGesture?.axis, .vertical)
        XCTAssertEqual(c.phase, .dragging)
        let update = try c.pointer(.move, x: 300, y: 671.5, time: 1.03)
        XCTAssertEqual(update.layout.offset, 10, "follows from the start sample; the horizontal travel is ignored")
        XCTAssertEqual(c.layout.pageProgress(ofPager: 2), 0)
    }

    /// Horizontal travel over a pager wins by its ratio to the paging slop; a tap reports the page.
    func testASwipeOverThePagerMovesItAndATapNamesThePage() throws {
        var c = try container(.ios)
        _ = try c.pointer(.down, x: 300, y: 600, time: 1)
        _ = try c.pointer(.move, x: 288, y: 591, time: 1.01)
        XCTAssertEqual(c.pointerGesture?.axis, .horizontal, "12/10 beats 9/10")
        _ = try c.pointer(.move, x: 188, y: 500, time: 1.02)
        XCTAssertEqual(c.layout.pageProgress(ofPager: 2)!, 100 / 375, accuracy: 1e-12)
        XCTAssertEqual(c.layout.offset, 0)
        let lift = try c.pointer(.up, x: 188, y: 500, time: 1.03)
        XCTAssertTrue(c.motion == nil && lift.layout.pageProgress(ofPager: 2)! > 0)
        var d = try container(.ios)
        _ = try d.pointer(.down, x: 50, y: 400, time: 1)
        let tap = try d.pointer(.up, x: 52, y: 405, time: 1.05)
        XCTAssertEqual(tap.events, [ContainerEvent(.tap, child: "tabs", members: [
            .string("page", "posts"), .number("x", 52), .number("y", 405 - 344)])])
    }

    /// A snapshot's finger is checked before it is believed: a time out of the bound is refused at its path.
    func testARestoredFingerWithATimeOutOfBoundsIsRefused() throws {
        var c = try container(.ios)
        _ = try c.pointer(.down, x: 100, y: 700, time: 1)
        var snapshot = c.snapshot()
        guard case .object(var part) = snapshot.state["pointer"], case .object(var down) = part["down"] else {
            return XCTFail("no pointer part")
        }
        down["time"] = .number(1e30)
        part["down"] = .object(down)
        snapshot.state["pointer"] = .object(part)
        XCTAssertThrowsError(try Container(restoring: snapshot)) { error in
            XCTAssertEqual((error as? ContainerError)?.field.description, "state.pointer.down.time")
        }
    }
}
