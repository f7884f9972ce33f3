import XCTest
@testable import OmniScrollCore

/// Which tiles a grid reports, and where: exactly those whose open interior
/// meets the viewport grown by the overscan, with tile (0, 0) and the
/// viewport starting centred on the content.
final class TileGridInViewTests: XCTestCase {
    /// Brute force: every tile of a window around the reported rectangle is
    /// reported exactly when its frame's open interior meets the grown viewport.
    private func assertTilesInView(_ grid: TileGrid, _ layout: TileGridLayout, _ context: String,
                                   file: StaticString = #filePath, line: UInt = #line) {
        let tile = grid.configuration.tile
        let overscan = Double(grid.configuration.overscan)
        let low = Point(x: layout.offset.x - overscan * tile.width, y: layout.offset.y - overscan * tile.height)
        let high = Point(x: layout.offset.x + grid.viewport.width + overscan * tile.width,
                         y: layout.offset.y + grid.viewport.height + overscan * tile.height)
        let rect = layout.tileRect
        XCTAssertFalse(rect.isEmpty, "\(context): no tile in view", file: file, line: line)
        var expected: [TileCoordinate] = []
        for row in (rect.rows.lowerBound - 2)..<(rect.rows.upperBound + 2) {
            for col in (rect.cols.lowerBound - 2)..<(rect.cols.upperBound + 2) {
                let coordinate = TileCoordinate(col: col, row: row)
                let frame = layout.frame(of: coordinate)
                let meets = frame.x < high.x && frame.x + frame.width > low.x
                    && frame.y < high.y && frame.y + frame.height > low.y
                if meets { expected.append(coordinate) }
                XCTAssertEqual(frame.width, tile.width, file: file, line: line)
                XCTAssertEqual(frame.height, tile.height, file: file, line: line)
            }
        }
        XCTAssertEqual(layout.coordinates, expected, "\(context): tiles in view (row-major)", file: file, line: line)
        XCTAssertEqual(layout.tiles.map(\.frame), expected.map(layout.frame(of:)), "\(context)", file: file, line: line)
        // Neighbours abut: the frames tile the plane.
        let first = layout.frame(of: TileCoordinate(col: rect.cols.lowerBound, row: rect.rows.lowerBound))
        let next = layout.frame(of: TileCoordinate(col: rect.cols.lowerBound + 1, row: rect.rows.lowerBound + 1))
        XCTAssertEqual(next.x, first.x + tile.width, "\(context)", file: file, line: line)
        XCTAssertEqual(next.y, first.y + tile.height, "\(context)", file: file, line: line)
    }

    func testTilesAreExactlyThoseMeetingTheGrownViewport() {
        forEachGridCase(200, base: 0x6A1D_0000) { seed, rng in
            let spec = RandomGridSpec(using: &rng)
            var (grid, first) = spec.make()
            assertTilesInView(grid, first.layout, "seed \(seed) create")
            for step in 0..<15 {
                let update = grid.must(grid.randomChange(&rng))
                assertTilesInView(grid, update.layout, "seed \(seed) step \(step)")
                XCTAssertEqual(update.layout, grid.layout, "seed \(seed) step \(step)")
            }
        }
    }

    func testRepliesStayWithinTheDocumentedBound() {
        forEachGridCase(300, base: 0x6A1D_1000) { seed, rng in
            var (grid, update) = RandomGridSpec(using: &rng).make()
            for step in 0..<16 {
                let bound = TileGridLimits.tilesPerReplyBound(
                    viewport: grid.viewport, tile: grid.configuration.tile, overscan: grid.configuration.overscan)
                XCTAssertLessThanOrEqual(Double(update.layout.tileRect.count), bound, "seed \(seed) step \(step)")
                update = grid.must(grid.randomChange(&rng))
            }
        }
    }

    func testTileZeroAndTheViewportStartCentredOnTheContent() {
        forEachGridCase(200, base: 0x6A1D_2000) { seed, rng in
            let spec = RandomGridSpec(using: &rng)
            let (grid, first) = spec.make()
            let content = spec.configuration.contentSize
            let zero = first.layout.frame(of: TileCoordinate(col: 0, row: 0))
            XCTAssertEqual(zero.x + zero.width / 2, content.width / 2, "seed \(seed)")
            XCTAssertEqual(zero.y + zero.height / 2, content.height / 2, "seed \(seed)")
            XCTAssertEqual(grid.offset.x + spec.viewport.width / 2, content.width / 2, "seed \(seed)")
            XCTAssertEqual(grid.offset.y + spec.viewport.height / 2, content.height / 2, "seed \(seed)")
            XCTAssertEqual(grid.offset, grid.centre, "seed \(seed)")
            XCTAssertTrue(first.layout.tileRect.contains(TileCoordinate(col: 0, row: 0)), "seed \(seed)")
            XCTAssertEqual(first.added.count, first.layout.tileRect.count, "seed \(seed)")
            XCTAssertTrue(first.removed.isEmpty, "seed \(seed)")
            XCTAssertNil(first.recentered, "seed \(seed)")
        }
    }

    /// The seed's grid: 100-pt tiles, 100 000-pt content.
    func testTheSeedGridStartsWithTheTilesAroundTileZero() throws {
        let (grid, first) = try TileGrid.create(
            viewport: Viewport(width: 375, height: 800), configuration: TileGridConfiguration(tile: Size(width: 100, height: 100)))
        XCTAssertEqual(grid.offset, Point(x: 49_812.5, y: 49_600))
        // Viewport x ∈ [49 812.5, 50 187.5], tile 0 at [49 950, 50 050]: cols −2…2, plus one each side.
        XCTAssertEqual(first.layout.tileRect, TileRect(cols: -3..<4, rows: -5..<6))
        XCTAssertEqual(first.layout.frame(of: TileCoordinate(col: 0, row: 0)), Rect(x: 49_950, y: 49_950, width: 100, height: 100))
    }

    func testTouchingAnEdgeIsNotMeetingIt() throws {
        // Content 1000, viewport 300: offset 350, viewport [350, 650]; tile 0 at [450, 550].
        let configuration = TileGridConfiguration(
            tile: Size(width: 100, height: 100), overscan: 0, contentSize: Size(width: 1000, height: 1000), recenter: .never)
        var (grid, first) = try TileGrid.create(viewport: Viewport(width: 300, height: 300), configuration: configuration)
        // Tiles −2 ([250, 350]) and 2 ([650, 750]) only touch the viewport.
        XCTAssertEqual(first.layout.tileRect, TileRect(cols: -1..<2, rows: -1..<2))
        var update = grid.must(.scroll(x: 350.25, y: 349.75))
        XCTAssertEqual(update.layout.tileRect, TileRect(cols: -1..<3, rows: -2..<2))
        XCTAssertEqual(Array(update.added), [TileCoordinate(col: -1, row: -2), TileCoordinate(col: 0, row: -2),
                                             TileCoordinate(col: 1, row: -2), TileCoordinate(col: 2, row: -2),
                                             TileCoordinate(col: 2, row: -1), TileCoordinate(col: 2, row: 0),
                                             TileCoordinate(col: 2, row: 1)])
        // With overscan 1 the grown viewport [250, 750] only touches tiles −3 and 3.
        var wide = configuration
        wide.overscan = 1
        (grid, first) = try TileGrid.create(viewport: Viewport(width: 300, height: 300), configuration: wide)
        XCTAssertEqual(first.layout.tileRect, TileRect(cols: -2..<3, rows: -2..<3))
        update = grid.must(.scroll(x: 450, y: 350))
        XCTAssertEqual(update.layout.tileRect, TileRect(cols: -1..<4, rows: -2..<3))
    }
}
