import XCTest
@testable import OmniScrollCore

/// Recentering: when each mode moves the offset back to the centre, what it
/// reports, and that no tile moves on screen or changes its coordinates.
final class TileGridRecenterTests: XCTestCase {
    func testScreenPositionsSurviveEveryRecenter() {
        var recenters = 0
        forEachGridCase(300, base: 0x2EC0_0000) { seed, rng in
            var (grid, update) = RandomGridSpec(using: &rng).make()
            for step in 0..<20 {
                let change = grid.randomChange(&rng)
                let requested = grid.requestedOffset(change)
                let before = update.layout
                update = grid.must(change)
                guard let shift = update.recentered else {
                    XCTAssertEqual(grid.offset, requested, "seed \(seed) step \(step): moved without a recenter")
                    continue
                }
                recenters += 1
                XCTAssertTrue(shift.dx != 0 || shift.dy != 0, "seed \(seed) step \(step): an empty recenter")
                XCTAssertEqual(grid.offset, Point(x: requested.x + shift.dx, y: requested.y + shift.dy),
                               "seed \(seed) step \(step): recentered is what was added to the offset")
                // Before the recenter, each tile sat at its previous frame
                // minus the requested offset.
                for tile in before.tiles {
                    let coordinate = TileCoordinate(col: tile.col, row: tile.row)
                    let frame = update.layout.frame(of: coordinate)
                    XCTAssertEqual(frame.x - grid.offset.x, tile.frame.x - requested.x,
                                   "seed \(seed) step \(step): tile \(coordinate) moved on screen")
                    XCTAssertEqual(frame.y - grid.offset.y, tile.frame.y - requested.y,
                                   "seed \(seed) step \(step): tile \(coordinate) moved on screen")
                }
            }
        }
        XCTAssertGreaterThan(recenters, 1000, "the property saw too few recenters to mean anything")
    }

    func testNeverModeNeverRecenters() {
        forEachGridCase(300, base: 0x2EC0_1000) { seed, rng in
            var (grid, _) = RandomGridSpec(using: &rng, recenter: .never).make()
            for step in 0..<20 {
                let change = grid.randomChange(&rng)
                let requested = grid.requestedOffset(change)
                let update = grid.must(change)
                XCTAssertNil(update.recentered, "seed \(seed) step \(step)")
                XCTAssertEqual(grid.offset, requested, "seed \(seed) step \(step)")
            }
        }
    }

    func testIdleModeLeavesEveryGridAtRestCentred() {
        forEachGridCase(300, base: 0x2EC0_2000) { seed, rng in
            var (grid, _) = RandomGridSpec(using: &rng, recenter: .idle).make()
            for step in 0..<20 {
                let change = grid.randomChange(&rng)
                let requested = grid.requestedOffset(change)
                let update = grid.must(change)
                if grid.phase == .idle {
                    XCTAssertEqual(grid.offset, grid.centre, "seed \(seed) step \(step): at rest off centre")
                    XCTAssertEqual(update.recentered != nil, requested != grid.centre, "seed \(seed) step \(step)")
                } else {
                    XCTAssertNil(update.recentered, "seed \(seed) step \(step): recentered while \(grid.phase)")
                    XCTAssertEqual(grid.offset, requested, "seed \(seed) step \(step)")
                }
            }
        }
    }

    /// The seed: drag, then release; the grid goes back to the centre and
    /// the tiles on screen stay put.
    func testTheSeedRecentersWhenScrollingEnds() throws {
        var (grid, _) = try TileGrid.create(
            viewport: Viewport(width: 375, height: 800), configuration: TileGridConfiguration(tile: Size(width: 100, height: 100)))
        let centre = grid.centre
        grid.must(.scroll(x: centre.x + 1000, y: centre.y - 250, phase: .dragging))
        let decelerating = grid.must(.scroll(x: centre.x + 1500, y: centre.y - 300, phase: .decelerating))
        XCTAssertNil(decelerating.recentered)
        let rest = grid.must(TileGridChange(phase: .idle))
        XCTAssertEqual(rest.recentered, RecenterShift(dx: -1500, dy: 300))
        XCTAssertEqual(grid.offset, centre)
        XCTAssertEqual(rest.layout.tileRect, decelerating.layout.tileRect)
        XCTAssertTrue(rest.added.isEmpty && rest.removed.isEmpty)
        XCTAssertEqual(rest.layout.screenPositions, decelerating.layout.screenPositions)
        // Tile 15 sits where tile 0 started.
        XCTAssertEqual(rest.layout.frame(of: TileCoordinate(col: 15, row: -3)), Rect(x: 49_950, y: 49_950, width: 100, height: 100))
    }

    func testThresholdModeRecentersEachAxisPastTheThreshold() throws {
        // Content 1000, viewport 100: centre 450; threshold a quarter of the content, 250.
        let configuration = TileGridConfiguration(
            tile: Size(width: 30, height: 30), contentSize: Size(width: 1000, height: 1000), recenter: .threshold)
        var (grid, _) = try TileGrid.create(viewport: Viewport(width: 100, height: 100), configuration: configuration)
        XCTAssertEqual(grid.centre, Point(x: 450, y: 450))
        var update = grid.must(.scroll(x: 700, y: 200, phase: .dragging))
        XCTAssertNil(update.recentered, "exactly at the threshold is not past it")
        update = grid.must(.scroll(x: 700, y: 199.5))
        XCTAssertEqual(update.recentered, RecenterShift(dx: 0, dy: 250.5))
        XCTAssertEqual(grid.offset, Point(x: 700, y: 450))
        update = grid.must(.scroll(x: 700.25, y: 450))
        XCTAssertEqual(update.recentered, RecenterShift(dx: -250.25, dy: 0))
        XCTAssertEqual(grid.offset, Point(x: 450, y: 450))
        update = grid.must(.scroll(x: 0, y: 900, phase: .idle))
        XCTAssertEqual(update.recentered, RecenterShift(dx: 450, dy: -450), "the content's edges are past it on both axes")
        update = grid.must(.scroll(x: 500, y: 400, phase: .idle))
        XCTAssertNil(update.recentered, "threshold mode does not recenter at rest")

        var tight = configuration
        tight.threshold = 10
        (grid, _) = try TileGrid.create(viewport: Viewport(width: 100, height: 100), configuration: tight)
        update = grid.must(.scroll(x: 460, y: 439.75))
        XCTAssertEqual(update.recentered, RecenterShift(dx: 0, dy: 10.25))
    }

    func testThresholdModeKeepsEveryAxisWithinItsThreshold() {
        forEachGridCase(300, base: 0x2EC0_3000) { seed, rng in
            var (grid, _) = RandomGridSpec(using: &rng, recenter: .threshold).make()
            let configuration = grid.configuration
            let thresholds = Point(x: configuration.threshold ?? configuration.contentSize.width / 4,
                                   y: configuration.threshold ?? configuration.contentSize.height / 4)
            for step in 0..<20 {
                let change = grid.randomChange(&rng)
                let requested = grid.requestedOffset(change)
                let update = grid.must(change)
                let centre = grid.centre
                let past = (abs(requested.x - centre.x) > thresholds.x, abs(requested.y - centre.y) > thresholds.y)
                XCTAssertEqual(grid.offset.x, past.0 ? centre.x : requested.x, "seed \(seed) step \(step)")
                XCTAssertEqual(grid.offset.y, past.1 ? centre.y : requested.y, "seed \(seed) step \(step)")
                XCTAssertEqual(update.recentered != nil, past.0 || past.1, "seed \(seed) step \(step)")
            }
        }
    }
}
