/// The tiles of one rectangle that are not in another (`added` is the new
/// reply's rectangle minus the previous one, `removed` the reverse), in
/// row-major order. At most three bands of rows (above, beside and below the
/// subtracted rectangle), each with at most two runs of columns: counting is
/// O(1) and listing costs O(1) per tile listed, however many tiles either
/// rectangle holds.
public struct TileRectDifference: Sequence, Equatable, Sendable {
    /// Rows whose tiles in `left` and `right` belong to the difference.
    struct Band: Equatable, Sendable {
        var rows: Range<Int64>
        var left: Range<Int64>
        var right: Range<Int64>

        /// A band with no columns gets no rows, so listing never walks empty rows.
        init(rows: Range<Int64>, left: Range<Int64>, right: Range<Int64> = 0..<0) {
            let hasColumns = !left.isEmpty || !right.isEmpty
            self.rows = hasColumns ? rows : rows.lowerBound..<rows.lowerBound
            self.left = left
            self.right = right
        }

        var count: Int { rows.count * (left.count + right.count) }
    }

    let above: Band
    let beside: Band
    let below: Band

    /// The tiles of `minuend` outside `subtrahend`; all of `minuend` when
    /// `subtrahend` is `nil` (a new grid's first reply).
    public init(_ minuend: TileRect, minus subtrahend: TileRect?) {
        let a = minuend
        guard let b = subtrahend, !b.isEmpty, !a.isEmpty else {
            above = Band(rows: a.rows, left: a.cols)
            beside = Band(rows: 0..<0, left: 0..<0)
            below = beside
            return
        }
        // `b`'s edges clamped into `a`: the bands and runs they cut are in order.
        let rowCuts = (Self.clamp(b.rows.lowerBound, a.rows), Self.clamp(b.rows.upperBound, a.rows))
        let colCuts = (Self.clamp(b.cols.lowerBound, a.cols), Self.clamp(b.cols.upperBound, a.cols))
        above = Band(rows: a.rows.lowerBound..<rowCuts.0, left: a.cols)
        beside = Band(rows: rowCuts.0..<rowCuts.1,
                      left: a.cols.lowerBound..<colCuts.0, right: colCuts.1..<a.cols.upperBound)
        below = Band(rows: rowCuts.1..<a.rows.upperBound, left: a.cols)
    }

    private static func clamp(_ value: Int64, _ range: Range<Int64>) -> Int64 {
        Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
    }

    /// How many tiles the difference holds.
    public var count: Int { above.count + beside.count + below.count }

    public var isEmpty: Bool { count == 0 }

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol {
        private let bands: (Band, Band, Band)
        private var band = 0
        private var row: Int64
        private var onRight = false
        private var col: Int64

        init(_ difference: TileRectDifference) {
            bands = (difference.above, difference.beside, difference.below)
            row = difference.above.rows.lowerBound
            col = difference.above.left.lowerBound
        }

        private func bandAt(_ i: Int) -> Band {
            switch i {
            case 0: bands.0
            case 1: bands.1
            default: bands.2
            }
        }

        public mutating func next() -> TileCoordinate? {
            while band < 3 {
                let current = bandAt(band)
                guard row < current.rows.upperBound else {
                    band += 1
                    if band < 3 { start(row: bandAt(band).rows.lowerBound) }
                    continue
                }
                let run = onRight ? current.right : current.left
                if col < run.upperBound {
                    defer { col += 1 }
                    return TileCoordinate(col: col, row: row)
                }
                if onRight {
                    start(row: row + 1)
                } else {
                    onRight = true
                    col = current.right.lowerBound
                }
            }
            return nil
        }

        private mutating func start(row: Int64) {
            self.row = row
            onRight = false
            col = bandAt(band).left.lowerBound
        }
    }
}
