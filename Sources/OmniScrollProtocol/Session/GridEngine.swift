import OmniScrollCore
import OmniScrollJSON

/// A tile grid as a session's engine: the grid and the revision its replies
/// carry (raised by every change, as a container's is), which the pure
/// engine leaves to the session.
public struct GridEngine: Sendable, Equatable {
    public private(set) var grid: TileGrid
    public private(set) var revision: Int

    init(grid: TileGrid, revision: Int) {
        self.grid = grid
        self.revision = revision
    }

    /// Applies `change` to the grid (atomically: a refused change leaves
    /// the grid and the revision as they were).
    mutating func apply(_ change: TileGridChange) throws(ContainerError) -> TileGridUpdate {
        try update { (grid) throws(ContainerError) in try grid.apply(change) }
    }

    /// Runs one of the grid's changes (`apply`, `pointer`, `tick`), each
    /// atomic: a refused one leaves the grid and the revision as they were.
    mutating func update(_ body: (inout TileGrid) throws(ContainerError) -> TileGridUpdate)
        throws(ContainerError) -> TileGridUpdate
    {
        let update = try body(&grid)
        revision += 1
        return update
    }
}

extension GridEngine: Engine {
    static let kind = EngineKind.grid
    static let snapshotFormat = GridSnapshotEncoding.format

    /// Tiles count toward no session limit (`--max-tiles` bounds each reply instead).
    var itemCount: Int { 0 }

    func writeCurrent(of session: Session, into w: inout JSONWriter) {
        GridLayoutEncoding.writeCurrent(self, in: session.header, into: &w)
    }

    func writeSnapshot(into w: inout JSONWriter) {
        GridSnapshotEncoding.write(grid.snapshot(), revision: revision, into: &w)
    }
}
