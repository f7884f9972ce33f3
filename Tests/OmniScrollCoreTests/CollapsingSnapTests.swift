import XCTest
@testable import OmniScrollCore

/// A `snap` collapsing header (docs/design.md#collapsing-header-and-tracks): left partly collapsed when
/// the phase becomes idle, it settles to the nearer end (AppBarLayout's
/// midpoint rule) as the container's motion on `session.tick`.
final class CollapsingSnapTests: XCTestCase {
    private func make(mode: CollapsingChild.Mode = .pinned, snap: Bool = true) throws -> Container {
        try Container.create(viewport: Viewport(width: 375, height: 800),
                             children: [.collapsing("bar", maxHeight: 200, minHeight: 50, mode: mode, snap: snap),
                                        .scroll("list", contentHeight: 3000)]).0
    }

    /// Drags to `offset` and releases without a velocity: the phase becomes idle there.
    private func release(_ c: inout Container, at offset: Double) throws -> ContainerUpdate {
        _ = try c.apply([.phase(.dragging), .offset(offset)])
        return try c.apply(.phase(.idle))
    }

    /// Ticks at 60 Hz until the phase is idle; the last update.
    private func settle(_ c: inout Container) throws -> ContainerUpdate {
        var frame = 0.0
        var update: ContainerUpdate
        repeat {
            frame += 1
            update = try c.apply(.tick(frame / 60))
        } while c.phase != .idle && frame < 600
        return update
    }

    func testPastTheMidpointItCollapsesExactly() throws {
        var c = try make()
        let released = try release(&c, at: 100)  // 100 of 150: past the midpoint
        XCTAssertEqual(released.layout.offset, 100)
        XCTAssertEqual(c.phase, .animating, "the snap runs as a motion")
        let end = try settle(&c)
        XCTAssertEqual(end.layout.offset, 150, "ends exactly on the collapsed end")
        XCTAssertEqual(end.layout.collapse(ofChild: 0), 1)
        XCTAssertEqual(end.events.filter { $0.type == .childDidCollapse }.map(\.child), ["bar"])
    }

    func testAtOrBeforeTheMidpointItExpands() throws {
        for offset in [75.0, 20] {
            var c = try make()
            _ = try release(&c, at: offset)
            let end = try settle(&c)
            XCTAssertEqual(end.layout.offset, 0, "from \(offset)")
            XCTAssertEqual(end.layout.collapse(ofChild: 0), 0)
            XCTAssertEqual(end.events.filter { $0.type == .childDidExpand }.map(\.child), ["bar"])
        }
    }

    func testAHeaderAtAnEndOrWithoutSnapStaysIdle() throws {
        for (offset, snap) in [(150.0, true), (0, true), (400, true), (100, false)] {
            var c = try make(snap: snap)
            _ = try release(&c, at: offset)
            XCTAssertEqual(c.phase, .idle, "at \(offset), snap \(snap)")
            XCTAssertThrowsError(try c.apply(.tick(1)), "no motion in progress")
        }
    }

    func testAFloatingHeaderSnapsFromItsPath() throws {
        var c = try make(mode: .floating)
        _ = try c.apply(.offset(2000))
        _ = try release(&c, at: 1940)  // came back by 60 of 150: scrolled 140 past, collapses
        let end = try settle(&c)
        XCTAssertEqual(end.layout.offset, 1950)
        XCTAssertEqual(end.layout.collapse(ofChild: 0), 1)
    }

    func testADragStopsTheSnap() throws {
        var c = try make()
        _ = try release(&c, at: 100)
        let moved = try c.apply(.tick(1.0 / 60)).layout.offset
        _ = try c.apply(.phase(.dragging))
        XCTAssertEqual(c.phase, .dragging)
        XCTAssertEqual(c.layout.offset, moved, "stopped where it was")
        XCTAssertThrowsError(try c.apply(.tick(2.0 / 60)), "no motion in progress")
    }
}
