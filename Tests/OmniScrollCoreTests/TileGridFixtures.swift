import OmniScrollCore
import OmniScrollTestSupport

/// A value on a quarter-point grid: sums and differences of such values stay
/// exact, so the grid properties can be asserted with `==`.
func quarter(_ range: ClosedRange<Double>, _ rng: inout SeededGenerator) -> Double {
    (Double.random(in: range, using: &rng) * 4).rounded() / 4
}

/// Runs `body` for `count` seeds from `base`; each case gets its own generator.
func forEachGridCase(_ count: Int, base: UInt64, _ body: (UInt64, inout SeededGenerator) throws -> Void) rethrows {
    for n in 0..<count {
        let seed = base + UInt64(n)
        var rng = SeededGenerator(seed: seed)
        try body(seed, &rng)
    }
}

/// A random grid for property tests: tiles of 16–300 points, viewports of
/// 40–1200, the seed's content or one barely larger than the viewport (so
/// offsets clamp and recenters are frequent), overscan 0–2, every
/// recentering mode. All on a quarter-point grid.
struct RandomGridSpec {
    var viewport: Viewport
    var configuration: TileGridConfiguration

    init(using rng: inout SeededGenerator, recenter: RecenterMode? = nil) {
        viewport = Viewport(width: quarter(40...1200, &rng), height: quarter(40...1200, &rng))
        let content = Bool.random(using: &rng)
            ? TileGridConfiguration.defaultContentSize
            : Size(width: viewport.width + quarter(0...4000, &rng), height: viewport.height + quarter(0...4000, &rng))
        let mode = recenter ?? RecenterMode.allCases.randomElement(using: &rng)!
        var threshold: Double?
        if mode == .threshold && Bool.random(using: &rng) {
            threshold = quarter(0...(min(content.width - viewport.width, content.height - viewport.height) / 2 + 100), &rng)
        }
        configuration = TileGridConfiguration(
            tile: Size(width: quarter(16...300, &rng), height: quarter(16...300, &rng)),
            overscan: Int.random(in: 0...2, using: &rng), contentSize: content, recenter: mode, threshold: threshold)
    }

    func make() -> (TileGrid, TileGridUpdate) {
        do { return try TileGrid.create(viewport: viewport, configuration: configuration) } catch {
            fatalError("invalid random grid: \(error)")
        }
    }
}

extension TileGrid {
    /// Applies a change that the test knows is valid.
    @discardableResult
    mutating func must(_ change: TileGridChange) -> TileGridUpdate {
        do { return try apply(change) } catch { fatalError("unexpected \(error)") }
    }

    /// A random change: mostly scrolls (near the current offset or anywhere,
    /// past the content's edges too), some phase changes, viewport changes and
    /// empty updates.
    func randomChange(_ rng: inout SeededGenerator) -> TileGridChange {
        let content = configuration.contentSize
        func coordinate(_ current: Double, _ span: Double) -> Double {
            Bool.random(using: &rng) ? current + quarter(-1500...1500, &rng) : quarter(-200...(span + 200), &rng)
        }
        let phase: ScrollPhase? = Bool.random(using: &rng) ? nil : ScrollPhase.allCases.randomElement(using: &rng)!
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<14:
            return .scroll(x: coordinate(offset.x, content.width - viewport.width),
                           y: coordinate(offset.y, content.height - viewport.height), phase: phase)
        case 14..<17:
            return TileGridChange(phase: ScrollPhase.allCases.randomElement(using: &rng)!)
        case 17..<19:
            let viewport = Viewport(width: quarter(40...min(1200, content.width), &rng),
                                    height: quarter(40...min(1200, content.height), &rng))
            return TileGridChange(viewport: viewport, x: Bool.random(using: &rng) ? coordinate(offset.x, content.width) : nil,
                                  phase: phase)
        default:
            return TileGridChange()
        }
    }

    /// Where `change` asks the offset to go, clamped to the content, before any recenter.
    func requestedOffset(_ change: TileGridChange) -> Point {
        let viewport = change.viewport ?? self.viewport
        let content = configuration.contentSize
        return Point(x: min(max(change.x ?? offset.x, 0), content.width - viewport.width),
                     y: min(max(change.y ?? offset.y, 0), content.height - viewport.height))
    }
}

extension TileGridLayout {
    /// Each tile in view's position on screen (frame − offset).
    var screenPositions: [TileCoordinate: Point] {
        var positions: [TileCoordinate: Point] = [:]
        for tile in tiles {
            positions[TileCoordinate(col: tile.col, row: tile.row)] =
                Point(x: tile.frame.x - offset.x, y: tile.frame.y - offset.y)
        }
        return positions
    }

    var coordinates: [TileCoordinate] { tiles.map { TileCoordinate(col: $0.col, row: $0.row) } }
}
