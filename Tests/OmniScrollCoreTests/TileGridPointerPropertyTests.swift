import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// Seeded fingers on random grids under every preset and recentering mode:
/// replays give identical updates, a snapshot mid-gesture or mid-fling
/// continues identically, and no sample order or value the contract allows
/// crashes, leaves a number non-finite or the offset outside the content.
final class TileGridPointerPropertyTests: XCTestCase {
    private enum Step {
        case pointer(PointerPhase, Double, Double, Double)
        case tick(Double)
        case scroll(Double, Double, ScrollPhase?)
    }

    private func steps(_ rng: inout SeededGenerator, count: Int) -> [Step] {
        var time = 1.0
        var x = 150.0, y = 200.0
        return (0..<count).map { _ in
            // Mostly forward by up to 20 ms; sometimes back, which must be refused.
            time += Int.random(in: 0..<20, using: &rng) == 0 ? -0.01 : Double(Int.random(in: 0...20, using: &rng)) / 1000
            switch Int.random(in: 0..<12, using: &rng) {
            case 0, 1: return .tick(time)
            case 2: return .scroll(Double.random(in: -1000...200_000, using: &rng), Double.random(in: -1000...200_000, using: &rng),
                                   [nil, .idle, .dragging].randomElement(using: &rng)!)
            default:
                x += Double.random(in: -80...80, using: &rng)
                y += Double.random(in: -80...80, using: &rng)
                let phases: [PointerPhase] = [.down, .move, .move, .move, .move, .up, .cancel]
                return .pointer(phases.randomElement(using: &rng)!, x, y, time)
            }
        }
    }

    private func grid(_ rng: inout SeededGenerator) throws -> TileGrid {
        var spec = RandomGridSpec(using: &rng)
        spec.configuration.physics = rng.preset()
        return try TileGrid.create(viewport: spec.viewport, configuration: spec.configuration).0
    }

    private func run(_ step: Step, on grid: inout TileGrid) -> String {
        let result: Result<TileGridUpdate, ContainerError>
        switch step {
        case .pointer(let phase, let x, let y, let time):
            result = Result { () throws(ContainerError) in try grid.pointer(phase, x: x, y: y, time: time) }
        case .tick(let time):
            result = Result { () throws(ContainerError) in try grid.tick(time) }
        case .scroll(let x, let y, let phase):
            result = Result { () throws(ContainerError) in try grid.apply(.scroll(x: x, y: y, phase: phase)) }
        }
        switch result {
        case .failure(let error): return "error \(error)"
        case .success(let update):
            return "\(update.layout.offset) \(update.layout.tileRect) \(String(describing: update.recentered)) "
                + "\(String(describing: update.tap)) \(String(describing: update.release)) \(String(describing: update.pointer)) "
                + "\(String(describing: update.motion.map { ($0.target, $0.duration) })) \(grid.snapshot())"
        }
    }

    func testAReplayedGestureGivesIdenticalUpdates() throws {
        try forEachSeed(60, base: 0x9_0417_0000) { seed, rng in
            var first = try grid(&rng)
            var second = first
            for (k, step) in steps(&rng, count: 80).enumerated() {
                XCTAssertEqual(run(step, on: &first), run(step, on: &second), "seed \(seed) step \(k)")
            }
        }
    }

    func testASnapshotMidGestureOrMidFlingRestoresAndContinuesIdentically() throws {
        try forEachSeed(60, base: 0x9_0417_1000) { seed, rng in
            var original = try grid(&rng)
            let walk = steps(&rng, count: 80)
            let split = Int.random(in: 0..<walk.count, using: &rng)
            for step in walk[..<split] { _ = run(step, on: &original) }
            var restored = try TileGrid(restoring: original.snapshot())
            XCTAssertEqual(restored.snapshot(), original.snapshot(), "seed \(seed)")
            for (k, step) in walk[split...].enumerated() {
                XCTAssertEqual(run(step, on: &restored), run(step, on: &original), "seed \(seed) step \(split + k)")
            }
        }
    }

    func testNoSampleCrashesOrLeavesTheGridNonFiniteOrOutsideItsContent() throws {
        try forEachSeed(100, base: 0x9_0417_2000) { seed, rng in
            var g = try grid(&rng)
            var time = 0.0
            for (k, step) in steps(&rng, count: 120).enumerated() {
                let before = g
                do throws(ContainerError) {
                    switch step {
                    case .pointer(let phase, let x, let y, let t): _ = try g.pointer(phase, x: x, y: y, time: t); time = max(time, t)
                    case .tick(let t): _ = try g.tick(t); time = max(time, t)
                    case .scroll(let x, let y, let phase): _ = try g.apply(.scroll(x: x, y: y, phase: phase))
                    }
                } catch {
                    XCTAssertEqual(g, before, "seed \(seed) step \(k): a refused call changed the grid")
                }
                let range = Point(x: g.configuration.contentSize.width - g.viewport.width,
                                  y: g.configuration.contentSize.height - g.viewport.height)
                XCTAssertTrue(g.offset.x >= 0 && g.offset.x <= range.x && g.offset.y >= 0 && g.offset.y <= range.y,
                              "seed \(seed) step \(k): \(g.offset)")
                if let motion = g.motion {
                    XCTAssertTrue(motion.target.x.isFinite && motion.target.y.isFinite && motion.duration.isFinite, "seed \(seed) step \(k)")
                }
            }
            if g.gesture != nil { _ = try g.pointer(.up, x: 0, y: 0, time: time + 1) }
            var frame = time + 1
            while g.motion != nil, frame < time + 60 {
                frame += 1.0 / 60
                _ = try g.tick(frame)
            }
            XCTAssertNil(g.motion, "seed \(seed): every fling ends")
            if g.configuration.recenter == .idle, g.phase == .idle {
                XCTAssertEqual(g.offset, g.centre, "seed \(seed): a grid at rest is centred")
            }
        }
    }
}
