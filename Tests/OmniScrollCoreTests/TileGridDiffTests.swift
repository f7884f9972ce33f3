import XCTest
@testable import OmniScrollCore
import OmniScrollTestSupport

/// `added` and `removed` are exactly the set differences between consecutive
/// replies, listed row-major, and cost what they list.
final class TileGridDiffTests: XCTestCase {
    private func tiles(_ rect: TileRect) -> [TileCoordinate] {
        rect.rows.flatMap { row in rect.cols.map { TileCoordinate(col: $0, row: row) } }
    }

    private func rowMajor(_ tiles: some Sequence<TileCoordinate>) -> [TileCoordinate] {
        tiles.sorted { ($0.row, $0.col) < ($1.row, $1.col) }
    }

    private func randomRect(_ rng: inout SeededGenerator) -> TileRect {
        let col = Int64.random(in: -6...6, using: &rng), row = Int64.random(in: -6...6, using: &rng)
        return TileRect(cols: col..<(col + Int64.random(in: 0...7, using: &rng)),
                        rows: row..<(row + Int64.random(in: 0...7, using: &rng)))
    }

    /// Every placement of two small rectangles: overlapping, nested, disjoint, empty.
    func testRectangleDifferencesEqualSetDifferences() {
        forEachGridCase(5000, base: 0xD1FF_0000) { seed, rng in
            let a = randomRect(&rng), b = randomRect(&rng)
            let difference = TileRectDifference(a, minus: b)
            let expected = tiles(a).filter { !b.contains($0) }
            XCTAssertEqual(Array(difference), expected, "seed \(seed): \(a) − \(b)")
            XCTAssertEqual(difference.count, expected.count, "seed \(seed): \(a) − \(b)")
            XCTAssertEqual(Array(TileRectDifference(a, minus: nil)), tiles(a), "seed \(seed)")
        }
    }

    func testAddedAndRemovedAreTheSetDifferencesOfConsecutiveReplies() {
        forEachGridCase(200, base: 0xD1FF_1000) { seed, rng in
            var (grid, update) = RandomGridSpec(using: &rng).make()
            for step in 0..<15 {
                let before = Set(update.layout.coordinates)
                update = grid.must(grid.randomChange(&rng))
                let after = Set(update.layout.coordinates)
                XCTAssertEqual(Array(update.added), rowMajor(after.subtracting(before)), "seed \(seed) step \(step)")
                XCTAssertEqual(Array(update.removed), rowMajor(before.subtracting(after)), "seed \(seed) step \(step)")
                XCTAssertEqual(update.added.count, after.subtracting(before).count, "seed \(seed) step \(step)")
                XCTAssertEqual(update.removed.count, before.subtracting(after).count, "seed \(seed) step \(step)")
            }
        }
    }

    func testAChangeThatMovesNoTileAddsAndRemovesNothing() throws {
        var (grid, _) = try TileGrid.create(
            viewport: Viewport(width: 375, height: 800),
            configuration: TileGridConfiguration(tile: Size(width: 100, height: 100), recenter: .never))
        let update = grid.must(.scroll(x: grid.offset.x + 10, y: grid.offset.y + 10, phase: .dragging))
        XCTAssertTrue(update.added.isEmpty)
        XCTAssertTrue(update.removed.isEmpty)
        XCTAssertEqual(Array(update.added), [])
        XCTAssertEqual(Array(grid.must(TileGridChange()).removed), [])
    }

    /// Listing a difference walks only the tiles it holds: one row of three
    /// tiles off a rectangle 10¹² rows tall lists at once (a walk over the
    /// rows would not end).
    func testListingCostsTheTilesListedNotTheTilesInView() {
        let tall = TileRect(cols: 0..<3, rows: 0..<1_000_000_000_000)
        let next = TileRect(cols: 0..<3, rows: 1..<1_000_000_000_001)
        XCTAssertEqual(Array(TileRectDifference(next, minus: tall)),
                       (0..<3).map { TileCoordinate(col: $0, row: 1_000_000_000_000) })
        XCTAssertEqual(Array(TileRectDifference(tall, minus: next)), (0..<3).map { TileCoordinate(col: $0, row: 0) })
        let wide = TileRect(cols: 0..<1_000_000_000_000, rows: 0..<2)
        let shifted = TileRect(cols: 1..<1_000_000_000_001, rows: 0..<2)
        XCTAssertEqual(Array(TileRectDifference(shifted, minus: wide)),
                       [TileCoordinate(col: 1_000_000_000_000, row: 0), TileCoordinate(col: 1_000_000_000_000, row: 1)])
        XCTAssertEqual(TileRectDifference(wide, minus: shifted).count, 2)
        XCTAssertEqual(TileRectDifference(tall, minus: tall).count, 0)
        var nothing = TileRectDifference(tall, minus: tall).makeIterator()
        XCTAssertNil(nothing.next())
    }
}
