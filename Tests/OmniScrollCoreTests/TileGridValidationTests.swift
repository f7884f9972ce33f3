import XCTest
@testable import OmniScrollCore

/// Bad input names the field and why, and changes nothing.
final class TileGridValidationTests: XCTestCase {
    private let viewport = Viewport(width: 375, height: 800)
    private let configuration = TileGridConfiguration(tile: Size(width: 100, height: 100))

    private func assertRefused(_ field: String, file: StaticString = #filePath, line: UInt = #line,
                               _ body: () throws -> Void) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard let error = error as? ContainerError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.kind, .invalidValue, file: file, line: line)
            XCTAssertEqual(error.field.description, field, error.reason, file: file, line: line)
            XCTAssertFalse(error.reason.isEmpty, file: file, line: line)
        }
    }

    private func assertCreateRefused(_ field: String, viewport: Viewport? = nil, file: StaticString = #filePath,
                                     line: UInt = #line, _ edit: (inout TileGridConfiguration) -> Void) {
        var configuration = configuration
        edit(&configuration)
        assertRefused(field, file: file, line: line) {
            _ = try TileGrid.create(viewport: viewport ?? self.viewport, configuration: configuration)
        }
    }

    func testCreateRefusesBadSizes() {
        assertCreateRefused("tile.width") { $0.tile.width = 0 }
        assertCreateRefused("tile.height") { $0.tile.height = -1 }
        assertCreateRefused("tile.width") { $0.tile.width = .nan }
        assertCreateRefused("tile.height") { $0.tile.height = .infinity }
        assertCreateRefused("tile.width") { $0.tile.width = 2e12 }
        assertCreateRefused("contentSize.width") { $0.contentSize.width = .infinity }
        assertCreateRefused("contentSize.height") { $0.contentSize.height = 0 }
        assertCreateRefused("contentSize.width") { $0.contentSize.width = 1.5e12 }
        // 10¹⁷ tiles across the content: indices would not be exact.
        assertCreateRefused("tile.width") { $0.tile.width = 1e-12 }
        assertCreateRefused("overscan") { $0.overscan = -1 }
        assertCreateRefused("maxTiles") { $0.maxTiles = 0 }
    }

    /// Issue 26, finding 6: a 1.12e-4 tile on 1e12 content (8.9e15 tiles,
    /// within 2⁵³) gave two columns the same frame; a tile is now at least
    /// `contentSize / 2⁴⁰`, and at that bound the last columns' frames differ.
    func testATileTooSmallForItsFramesToDifferIsRefused() throws {
        let tiny = Viewport(width: 0.01, height: 0.01)
        assertCreateRefused("tile.width", viewport: tiny) {
            $0.contentSize = Size(width: 1e12, height: 1e12)
            $0.tile = Size(width: 1.12e-4, height: 1)
        }
        let smallest = 1e12 / TileGridLimits.maxTilesAcrossContent
        let grid = try TileGrid.create(viewport: tiny, configuration: TileGridConfiguration(
            tile: Size(width: smallest, height: smallest), contentSize: Size(width: 1e12, height: 1e12))).0
        let layout = grid.layout
        let far = layout.tileRect.cols.lowerBound + Int64(1e12 / 2 / smallest) - 2
        let edges = (far..<far + 3).map { layout.frame(of: TileCoordinate(col: $0, row: 0)).x }
        XCTAssertGreaterThan(edges[0], 4.9e11)
        XCTAssertLessThan(edges[0], edges[1])
        XCTAssertLessThan(edges[1], edges[2])
    }

    func testCreateRefusesBadViewports() {
        assertCreateRefused("viewport.width", viewport: Viewport(width: 0, height: 800)) { _ in }
        assertCreateRefused("viewport.height", viewport: Viewport(width: 375, height: .nan)) { _ in }
        assertCreateRefused("viewport.height", viewport: Viewport(width: 375, height: -800)) { _ in }
        assertCreateRefused("viewport.width", viewport: Viewport(width: 100_000.25, height: 800)) { _ in }
        assertCreateRefused("viewport.height", viewport: Viewport(width: 375, height: 800)) {
            $0.contentSize = Size(width: 1000, height: 799.75)
        }
        XCTAssertNoThrow(try TileGrid.create(viewport: Viewport(width: 1000, height: 800),
                                             configuration: TileGridConfiguration(tile: Size(width: 100, height: 100),
                                                                                  contentSize: Size(width: 1000, height: 800))),
                         "a viewport as large as the content is allowed")
    }

    func testCreateRefusesBadThresholds() {
        assertCreateRefused("threshold") { $0.recenter = .threshold; $0.threshold = -1 }
        assertCreateRefused("threshold") { $0.recenter = .threshold; $0.threshold = .nan }
        assertCreateRefused("threshold") { $0.recenter = .threshold; $0.threshold = 2e12 }
        assertCreateRefused("threshold") { $0.threshold = 100 }
        assertCreateRefused("threshold") { $0.recenter = .never; $0.threshold = 100 }
    }

    func testCreateRefusesMoreTilesPerReplyThanTheLimit() {
        // 1-pt tiles in 375 × 800 with overscan 1: up to 379 × 804 = 304 716 tiles.
        assertCreateRefused("tile") { $0.tile = Size(width: 1, height: 1) }
        assertCreateRefused("tile") { $0.maxTiles = 95 }
        // (⌈3.75⌉ + 4) × (8 + 4) = 96.
        XCTAssertNoThrow(try TileGrid.create(viewport: viewport, configuration: {
            var configuration = configuration
            configuration.maxTiles = 96
            return configuration
        }()))
    }

    func testARefusedChangeChangesNothing() throws {
        var (grid, _) = try TileGrid.create(viewport: viewport, configuration: configuration)
        grid.must(.scroll(x: grid.offset.x + 130, y: grid.offset.y + 70, phase: .dragging))
        let before = grid
        let centre = grid.centre
        assertRefused("x") { _ = try grid.apply(.scroll(x: .nan, y: 0, phase: .idle)) }
        assertRefused("y") { _ = try grid.apply(.scroll(x: 0, y: -.infinity)) }
        assertRefused("viewport.width") { _ = try grid.apply(TileGridChange(viewport: Viewport(width: 0, height: 800), x: 5)) }
        assertRefused("viewport.height") {
            _ = try grid.apply(TileGridChange(viewport: Viewport(width: 375, height: 100_001), phase: .idle))
        }
        assertRefused("viewport") {
            _ = try grid.apply(TileGridChange(viewport: Viewport(width: 100_000, height: 100_000), x: 0, y: 0))
        }
        XCTAssertEqual(grid, before)
        // The next reply's differences are against the last reply, not the refused changes.
        let update = grid.must(.scroll(x: before.offset.x, y: before.offset.y, phase: .idle))
        XCTAssertEqual(update.previousTiles, before.layout.tileRect)
        XCTAssertEqual(update.recentered, RecenterShift(dx: centre.x - before.offset.x, dy: centre.y - before.offset.y))
    }

    func testOffsetsOutsideTheContentAreClamped() throws {
        var (grid, _) = try TileGrid.create(viewport: viewport, configuration: TileGridConfiguration(
            tile: Size(width: 100, height: 100), contentSize: Size(width: 1000, height: 2000), recenter: .never))
        grid.must(.scroll(x: -1e300, y: 1e300))
        XCTAssertEqual(grid.offset, Point(x: 0, y: 1200))
        grid.must(.scroll(x: -0.0, y: 1e9))
        XCTAssertEqual(grid.offset.x.sign, .plus, "no −0 in a reply")
        grid.must(TileGridChange(viewport: Viewport(width: 1000, height: 1000)))
        XCTAssertEqual(grid.offset, Point(x: 0, y: 1000), "a larger viewport clamps the offset")
    }

    func testRestoreRefusesBadSnapshots() throws {
        var (grid, _) = try TileGrid.create(viewport: viewport, configuration: configuration)
        grid.must(.scroll(x: grid.offset.x + 10, y: grid.offset.y, phase: .dragging))
        let good = grid.snapshot()
        func assertRestoreRefused(_ field: String, file: StaticString = #filePath, line: UInt = #line,
                                  _ edit: (inout TileGridSnapshot) -> Void) {
            var snapshot = good
            edit(&snapshot)
            assertRefused(field, file: file, line: line) { _ = try TileGrid(restoring: snapshot) }
        }
        assertRestoreRefused("anchor.x") { $0.anchor.x = 100 }
        assertRestoreRefused("anchor.y") { $0.anchor.y = -0.25 }
        assertRestoreRefused("anchor.x") { $0.anchor.x = .nan }
        assertRestoreRefused("anchor.col") { $0.anchor.col = TileGridLimits.maxTileIndex + 1 }
        assertRestoreRefused("anchor.row") { $0.anchor.row = .min }
        assertRestoreRefused("offset.x") { $0.offset.x = 100_000 }
        assertRestoreRefused("offset.y") { $0.offset.y = .nan }
        assertRestoreRefused("offset.x") { $0.phase = .idle }  // at rest, recenter "idle" has centred it
        assertRestoreRefused("offset.y") {
            $0.configuration.recenter = .threshold
            $0.configuration.threshold = 5
            $0.offset.x -= 10  // back to the centre
            $0.offset.y += 6
        }
        assertRestoreRefused("tile.width") { $0.configuration.tile.width = 0 }
        assertRestoreRefused("viewport.width") { $0.viewport.width = .infinity }
        XCTAssertNoThrow(try TileGrid(restoring: good))
    }
}
