import XCTest
@testable import OmniScrollCore

/// Tile coordinates stay exact however far the user travels, through any
/// number of recenters, and wherever in the 64-bit range the grid is.
final class TileGridTravelTests: XCTestCase {
    static let travelTiles: Int64 = 10_000_000

    private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
    private func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }

    /// The tiles in view on one axis after `travel` eighths of a point, in
    /// exact integer arithmetic. At the start the viewport's leading edge is
    /// `(tile − viewport) / 2` from tile 0's (both are centred on the content).
    private func expectedTiles(travel: Int64, viewport: Double, tile: Double, overscan: Int) -> Range<Int64> {
        let tile8 = Int64(tile * 8), viewport8 = Int64(viewport * 8), overscan = Int64(overscan)
        let leading = (tile8 - viewport8) / 2 + travel
        return floorDiv(leading - overscan * tile8, tile8)..<ceilDiv(leading + viewport8 + overscan * tile8, tile8)
    }

    /// 10⁷ tiles of travel on each axis, in random steps that stay inside the
    /// content, recentering on idle (every other call) or past the threshold.
    func testTenMillionTilesOfTravelKeepExactCoordinates() throws {
        try forEachGridCase(8, base: 0x72A7_0000) { seed, rng in
            let tile = Size(width: [0.75, 1, 32, 100, 256.25].randomElement(using: &rng)!,
                            height: [0.75, 1, 32, 100, 256.25].randomElement(using: &rng)!)
            let viewport = Viewport(width: quarter(40...1200, &rng), height: quarter(40...1200, &rng))
            let mode: RecenterMode = seed % 2 == 0 ? .idle : .threshold
            let configuration = TileGridConfiguration(tile: tile, overscan: Int.random(in: 0...2, using: &rng),
                                                      recenter: mode, maxTiles: 4_000_000)
            var (near, _) = try TileGrid.create(viewport: viewport, configuration: configuration)
            // The same grid moved near the end of the 64-bit range, in the
            // direction of travel: it must answer the same, shifted.
            let direction = (x: Bool.random(using: &rng) ? Int64(1) : -1, y: Bool.random(using: &rng) ? Int64(1) : -1)
            let far = (x: direction.x * (TileGridLimits.maxTileIndex - 100 * Self.travelTiles),
                       y: direction.y * (TileGridLimits.maxTileIndex - 100 * Self.travelTiles))
            var snapshot = near.snapshot()
            snapshot.anchor.col += far.x
            snapshot.anchor.row += far.y
            var distant = try TileGrid(restoring: snapshot)
            let content = configuration.contentSize
            // Two steps from the centre (a drag then a release) stay inside
            // the content; so does a step from a threshold away.
            let maxStep = mode == .idle
                ? Point(x: (content.width - viewport.width) / 4, y: (content.height - viewport.height) / 4)
                : Point(x: content.width / 4 - viewport.width, y: content.height / 4 - viewport.height)
            var travel = (x: Int64(0), y: Int64(0))  // eighths of a point
            var steps = 0
            while abs(travel.x) < Self.travelTiles * Int64(tile.width * 8) || abs(travel.y) < Self.travelTiles * Int64(tile.height * 8) {
                let step = Point(x: Double(direction.x) * quarter(0...maxStep.x, &rng),
                                 y: Double(direction.y) * quarter(0...maxStep.y, &rng))
                let phase: ScrollPhase = mode == .idle && steps % 2 == 1 ? .idle : .dragging
                let change = TileGridChange.scroll(x: near.offset.x + step.x, y: near.offset.y + step.y, phase: phase)
                let update = near.must(change)
                let distantUpdate = distant.must(change)
                travel.x += Int64(step.x * 8)
                travel.y += Int64(step.y * 8)
                steps += 1
                let rect = update.layout.tileRect
                XCTAssertEqual(rect.cols, expectedTiles(travel: travel.x, viewport: viewport.width, tile: tile.width,
                                                        overscan: configuration.overscan), "seed \(seed) step \(steps)")
                XCTAssertEqual(rect.rows, expectedTiles(travel: travel.y, viewport: viewport.height, tile: tile.height,
                                                        overscan: configuration.overscan), "seed \(seed) step \(steps)")
                XCTAssertEqual(distantUpdate.layout.tileRect,
                               TileRect(cols: (rect.cols.lowerBound + far.x)..<(rect.cols.upperBound + far.x),
                                        rows: (rect.rows.lowerBound + far.y)..<(rect.rows.upperBound + far.y)),
                               "seed \(seed) step \(steps)")
                XCTAssertEqual(distantUpdate.layout.offset, update.layout.offset, "seed \(seed) step \(steps)")
                XCTAssertEqual(distantUpdate.recentered, update.recentered, "seed \(seed) step \(steps)")
                let corners = [rect.cols.lowerBound, rect.cols.upperBound - 1].flatMap { col in
                    [rect.rows.lowerBound, rect.rows.upperBound - 1].map { TileCoordinate(col: col, row: $0) }
                }
                for corner in corners {
                    XCTAssertEqual(distantUpdate.layout.frame(of: TileCoordinate(col: corner.col + far.x, row: corner.row + far.y)),
                                   update.layout.frame(of: corner), "seed \(seed) step \(steps)")
                }
                guard rect.cols == expectedTiles(travel: travel.x, viewport: viewport.width, tile: tile.width, overscan: configuration.overscan)
                else { return }
            }
            XCTAssertEqual(near.anchor.col - distant.anchor.col, -far.x, "seed \(seed)")
        }
    }

    func testTravelPastTheLastTileIndexIsRefusedAndChangesNothing() throws {
        let configuration = TileGridConfiguration(tile: Size(width: 100, height: 100))
        var (grid, _) = try TileGrid.create(viewport: Viewport(width: 375, height: 800), configuration: configuration)
        var snapshot = grid.snapshot()
        snapshot.anchor.col = TileGridLimits.maxTileIndex - 10
        grid = try TileGrid(restoring: snapshot)
        let before = grid
        XCTAssertThrowsError(try grid.apply(.scroll(x: grid.offset.x + 2000, y: grid.offset.y, phase: .idle))) { error in
            XCTAssertEqual((error as? ContainerError)?.field, "x")
        }
        XCTAssertEqual(grid, before)
        // Travelling back is fine.
        XCTAssertNoThrow(try grid.apply(.scroll(x: grid.offset.x - 2000, y: grid.offset.y, phase: .idle)))
        XCTAssertEqual(grid.anchor.col, TileGridLimits.maxTileIndex - 10 - 20)
    }
}
