import XCTest
@testable import OmniScrollCore

/// A finger on a grid (docs/pointer.md, "Grids"): the pan slop is the path
/// length, a pan moves both axes from the sample that started it, an `up`
/// flings by the 2D rule, `grid.tick` runs one motion per axis and the grid
/// recenters when it rests; `down` catches a fling; a touch that never panned taps a tile.
final class TileGridPointerTests: XCTestCase {
    private func grid(_ preset: PhysicsPreset? = nil, recenter: RecenterMode = .idle) throws -> TileGrid {
        try TileGrid.create(viewport: Viewport(width: 300, height: 400), configuration: TileGridConfiguration(
            tile: Size(width: 100, height: 100), overscan: 0, recenter: recenter, physics: preset)).0
    }

    func testThePanSlopIsThePathLengthAndThePanFollowsFromItsStartSample() throws {
        var g = try grid(.flutter)
        let centre = g.offset
        _ = try g.pointer(.down, x: 100, y: 100, time: 1)
        // 20 + 16 = 36: a path equal to kPanSlop starts nothing, though the finger is only 4 pt from down.
        _ = try g.pointer(.move, x: 120, y: 100, time: 1.01)
        _ = try g.pointer(.move, x: 104, y: 100, time: 1.02)
        XCTAssertEqual(g.gesture?.axis, .pending)
        let begin = try g.pointer(.move, x: 104, y: 100.5, time: 1.03)
        XCTAssertEqual(begin.pointer, .pan)
        XCTAssertEqual(g.phase, .dragging)
        XCTAssertEqual(g.offset, centre, "nothing jumps by the slop")
        _ = try g.pointer(.move, x: 94, y: 80.5, time: 1.04)
        XCTAssertEqual(g.offset, Point(x: centre.x + 10, y: centre.y + 20), "both axes, no lock")
    }

    func testAFlickFlingsBothAxesTicksToRestAndRecenters() throws {
        var g = try grid(.ios)
        let centre = g.offset
        _ = try g.pointer(.down, x: 200, y: 300, time: 1)
        for (k, p) in [(190.0, 280.0), (170.0, 240.0), (140.0, 180.0), (110.0, 120.0)].enumerated() {
            _ = try g.pointer(.move, x: p.0, y: p.1, time: 1 + Double(k + 1) * 0.008)
        }
        let released = g.offset
        let up = try g.pointer(.up, x: 110, y: 120, time: 1.04)
        XCTAssertEqual(up.release?.axis, .pan)
        XCTAssertEqual(up.release?.velocity, Point(x: -3000, y: -6000), "0.6·(−2500) + 0.35·(−3750) + 0.05·(−3750), twice on y")
        let motion = try XCTUnwrap(up.motion)
        XCTAssertEqual(g.phase, .decelerating)
        XCTAssertEqual(motion.velocity, Point(x: 3000, y: 6000), "the offset grows as the finger moves up-left")
        XCTAssertEqual(motion.x.target, Motion(preset: .ios, position: released.x, velocity: 3000).target,
                       "each axis the preset's 1D fling")
        XCTAssertEqual(motion.y.target - released.y, 2 * (motion.x.target - released.x), accuracy: 1e-6)
        var time = 1.04
        var last = released
        while g.motion != nil {
            time += 1.0 / 60
            let update = try g.tick(time)
            if g.motion != nil {
                XCTAssertGreaterThanOrEqual(update.layout.offset.x, last.x)
                XCTAssertNil(update.recentered)
                last = update.layout.offset
            } else {
                XCTAssertEqual(g.phase, .idle)
                XCTAssertEqual(g.offset, centre, "recentered at rest")
                XCTAssertEqual(update.recentered, RecenterShift(dx: centre.x - motion.target.x, dy: centre.y - motion.target.y))
            }
        }
        XCTAssertThrowsError(try g.tick(time + 1)) { XCTAssertEqual(($0 as? ContainerError)?.field, "time") }
    }

    func testAFlingOverKMaxFlingVelocityIsCappedOnItsMagnitude() throws {
        var g = try grid(.ios)
        _ = try g.pointer(.down, x: 200, y: 390, time: 1)
        for k in 1...4 { _ = try g.pointer(.move, x: 200 - Double(k) * 30, y: 390 - Double(k) * 90, time: 1 + Double(k) * 0.004) }
        _ = try g.pointer(.up, x: 80, y: 30, time: 1.017)
        let v = try XCTUnwrap(g.motion).velocity
        XCTAssertEqual((v.x * v.x + v.y * v.y).squareRoot(), 8000, accuracy: 1e-9)
        XCTAssertEqual(v.y / v.x, 3, accuracy: 1e-12, "the direction is kept")
    }

    func testDownCatchesAFlingWhichThenNeitherTapsNorFlings() throws {
        var g = try grid(.android, recenter: .never)
        _ = try g.pointer(.down, x: 200, y: 300, time: 1)
        for k in 1...5 { _ = try g.pointer(.move, x: 200, y: 300 - Double(k * k) * 4, time: 1 + Double(k) * 0.01) }
        _ = try g.pointer(.up, x: 200, y: 200, time: 1.055)
        _ = try g.tick(1.1)
        let moving = g.offset
        let caught = try g.pointer(.down, x: 10, y: 10, time: 1.12)
        XCTAssertNil(g.motion)
        XCTAssertEqual(g.phase, .idle)
        XCTAssertEqual(caught.layout.offset, moving, "it stops where it is")
        let lift = try g.pointer(.up, x: 10, y: 10, time: 1.15)
        XCTAssertNil(lift.tap)
        XCTAssertNil(g.motion)
    }

    func testATouchThatNeverPannedTapsTheTileUnderIt() throws {
        var g = try grid()
        _ = try g.pointer(.down, x: 40, y: 30, time: 1)
        _ = try g.pointer(.move, x: 45, y: 32, time: 1.02)
        let up = try g.pointer(.up, x: 46, y: 33, time: 1.05)
        let tile = g.layout.tiles.first { $0.frame.x <= g.offset.x + 46 && g.offset.x + 46 < $0.frame.x + 100
            && $0.frame.y <= g.offset.y + 33 && g.offset.y + 33 < $0.frame.y + 100 }!
        XCTAssertEqual(up.tap, GridTap(tile: TileCoordinate(col: tile.col, row: tile.row),
                                       x: g.offset.x + 46 - tile.frame.x, y: g.offset.y + 33 - tile.frame.y))
        _ = try g.pointer(.down, x: 40, y: 30, time: 2)
        XCTAssertNil(try g.pointer(.cancel, x: 40, y: 30, time: 2.01).tap, "cancel never taps")
        _ = try g.pointer(.down, x: -5, y: 30, time: 3)
        XCTAssertNil(try g.pointer(.up, x: -5, y: 30, time: 3.01).tap, "outside the viewport nothing is tapped")
    }

    func testAPanInThresholdModeKeepsFollowingTheFingerAcrossARecenter() throws {
        var g = try TileGrid.create(viewport: Viewport(width: 300, height: 400), configuration: TileGridConfiguration(
            tile: Size(width: 100, height: 100), overscan: 0, contentSize: Size(width: 1000, height: 1000),
            recenter: .threshold, threshold: 50)).0
        _ = try g.pointer(.down, x: 250, y: 300, time: 1)
        _ = try g.pointer(.move, x: 200, y: 300, time: 1.01)
        let tile = TileCoordinate(col: 0, row: 0)
        let screen = g.layout.frame(of: tile).x - g.offset.x
        let moved = try g.pointer(.move, x: 120, y: 300, time: 1.02)
        XCTAssertNotNil(moved.recentered, "80 pt past a threshold of 50")
        XCTAssertEqual(g.layout.frame(of: tile).x - g.offset.x, screen - 80, "the tile moved with the finger")
        _ = try g.pointer(.move, x: 100, y: 300, time: 1.03)
        XCTAssertEqual(g.layout.frame(of: tile).x - g.offset.x, screen - 100)
    }

    func testRefusedSamplesChangeNothing() throws {
        var g = try grid()
        XCTAssertThrowsError(try g.pointer(.move, x: 1, y: 1, time: 1)) { XCTAssertEqual(($0 as? ContainerError)?.field, "phase") }
        _ = try g.pointer(.down, x: 1, y: 1, time: 1)
        let before = g
        XCTAssertThrowsError(try g.pointer(.down, x: 1, y: 1, time: 2)) { XCTAssertEqual(($0 as? ContainerError)?.field, "phase") }
        XCTAssertThrowsError(try g.pointer(.move, x: 1, y: 1, time: 0.5)) { XCTAssertEqual(($0 as? ContainerError)?.field, "time") }
        XCTAssertThrowsError(try g.tick(2)) { XCTAssertEqual(($0 as? ContainerError)?.field, "time") }
        XCTAssertEqual(g, before)
    }
}
