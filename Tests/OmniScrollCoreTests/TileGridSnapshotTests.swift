import XCTest
@testable import OmniScrollCore

/// A grid restored from its snapshot answers every later change exactly as
/// the original does.
final class TileGridSnapshotTests: XCTestCase {
    func testARestoredGridAnswersLikeTheOriginal() throws {
        try forEachGridCase(300, base: 0x5A4B_0000) { seed, rng in
            var (original, _) = RandomGridSpec(using: &rng).make()
            for _ in 0..<Int.random(in: 0...10, using: &rng) { original.must(original.randomChange(&rng)) }
            var restored = try TileGrid(restoring: original.snapshot())
            XCTAssertEqual(restored, original, "seed \(seed)")
            XCTAssertEqual(restored.snapshot(), original.snapshot(), "seed \(seed)")
            for step in 0..<15 {
                let change = original.randomChange(&rng)
                let expected = original.must(change)
                let update = restored.must(change)
                XCTAssertEqual(update, expected, "seed \(seed) step \(step)")
                XCTAssertEqual(Array(update.added), Array(expected.added), "seed \(seed) step \(step)")
                XCTAssertEqual(Array(update.removed), Array(expected.removed), "seed \(seed) step \(step)")
                XCTAssertEqual(update.layout.tiles.map(\.frame), expected.layout.tiles.map(\.frame), "seed \(seed) step \(step)")
            }
        }
    }

    func testASnapshotHoldsTheLogicalOrigin() throws {
        var (grid, _) = try TileGrid.create(
            viewport: Viewport(width: 375, height: 800), configuration: TileGridConfiguration(tile: Size(width: 100, height: 100)))
        // Tile 0's leading edge at 49 950 = 49 950 / 100 = 499.5 tiles: tile −499 at 50.
        XCTAssertEqual(grid.anchor, TileAnchor(col: -499, row: -499, x: 50, y: 50))
        grid.must(.scroll(x: grid.offset.x + 1234.5, y: grid.offset.y - 100, phase: .idle))
        // Every tile moved by (−1234.5, 100): tile −499 to −1184.5 = 15.5 − 12 tiles,
        // so tile −487 is at 15.5; rows move one tile down.
        XCTAssertEqual(grid.anchor, TileAnchor(col: -487, row: -500, x: 15.5, y: 50))
        let snapshot = grid.snapshot()
        XCTAssertEqual(snapshot.offset, grid.centre)
        XCTAssertEqual(snapshot.phase, .idle)
    }
}
