import OmniScrollClient
import OmniScrollJSON
import XCTest

/// A tile grid through the Swift client: typed GridLayout replies, an idle
/// recenter that keeps every tile on screen, delta replies, `get` of a grid.
final class GridClientTests: XCTestCase {
    private func onScreen(_ l: GridLayout) -> [String: [Double]] {
        Dictionary(uniqueKeysWithValues: l.tiles.map { ("\($0.col),\($0.row)", [$0.frame.x - l.offset.x, $0.frame.y - l.offset.y]) })
    }

    func testADragThenIdleRecentersAndEveryTileStaysOnScreen() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        let first = try await c.gridCreate(viewport: (width: 375, height: 800), tile: (width: 100, height: 100), id: "g")
        XCTAssertEqual(first.added.count, first.tiles.count)
        let dragged = try await c.gridScroll(session: "g", x: first.offset.x + 250, y: first.offset.y - 130, phase: .dragging)
        XCTAssertNil(dragged.recentered)
        XCTAssertFalse(dragged.added.isEmpty)
        let rest = try await c.gridScroll(session: "g", x: dragged.offset.x, y: dragged.offset.y, phase: .idle)
        XCTAssertEqual(rest.recentered?.dx, -250)
        XCTAssertEqual(rest.recentered?.dy, 130)
        XCTAssertEqual(rest.offset, first.offset)
        XCTAssertEqual(onScreen(rest), onScreen(dragged))
        // session.get answers a grid's GridLayout (the contract's AnyLayout).
        let got = try await c.get(session: "g")
        XCTAssertNil(got.layout)
        XCTAssertEqual(got.gridLayout?.tiles, rest.tiles)
        let engines = try await c.list().map(\.engine)
        XCTAssertEqual(engines, ["grid"])
        _ = await c.close()
    }

    func testDeltaRepliesCarryOnlyTheAddedTiles() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        _ = try await c.gridCreate(viewport: (width: 200, height: 200), tile: (width: 100, height: 100), overscan: 0,
                                   contentSize: (width: 1000, height: 1000), id: "d", options: ["delta": true])
        let moved = try await c.gridScroll(session: "d", x: 460, y: 400)
        XCTAssertEqual(moved.tiles.map { [$0.col, $0.row] }, [[2, -1], [2, 0], [2, 1]])
        XCTAssertEqual(moved.added.map { [$0.col, $0.row] }, [[2, -1], [2, 0], [2, 1]])
        XCTAssertEqual(moved.removed.map { [$0.col, $0.row] }, [[-1, -1], [-1, 0], [-1, 1]])
        let updated = try await c.gridUpdate(session: "d", viewport: (width: 300, height: 200))
        XCTAssertEqual(updated.viewport.width, 300)
        _ = await c.close()
    }
}
