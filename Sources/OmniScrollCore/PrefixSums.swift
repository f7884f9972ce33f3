/// Prefix sums over a mutable sequence of doubles: O(log² n) point update,
/// O(log n) prefix query and search, O(n) build.
///
/// A Fenwick tree whose nodes are always recomputed from the values below
/// them rather than patched with deltas, so every node, and therefore every
/// query, is a fixed function of the current values: the same sizes give the
/// same bits whatever sequence of updates led there. (Delta updates would let
/// rounding drift, and the layout would depend on history.)
///
/// `prefix` adds its nodes largest range first, the order in which `index`
/// descends, so the search and the sums the layout reports agree to the
/// last bit without a correcting pass.
struct PrefixSums: Equatable, Sendable {
    /// The values, 0-based.
    private(set) var values: [Double]
    /// Fenwick nodes, 1-based (`nodes[0]` unused): `nodes[k]` covers `(k − lowbit(k), k]`.
    private var nodes: [Double]
    /// The sum of all values, `prefix(count)`: kept because every layout reads it.
    private(set) var total = 0.0

    init(_ values: [Double] = []) {
        self.values = values
        self.nodes = []
        rebuild()
    }

    var count: Int { values.count }

    /// The sum of `values[0..<i]`.
    func prefix(_ i: Int) -> Double {
        var sum = 0.0
        var position = 0
        var rest = i
        while rest > 0 {
            let highest = 1 << (Int.bitWidth - 1 - rest.leadingZeroBitCount)
            position += highest
            sum += nodes[position]
            rest ^= highest
        }
        return sum
    }

    /// Sets `values[i]` and recomputes the nodes that cover it.
    mutating func set(_ i: Int, _ value: Double) {
        values[i] = value
        var k = i + 1
        while k < nodes.count {
            nodes[k] = node(k)
            k += k & -k
        }
        total = prefix(values.count)
    }

    /// Replaces `values[range]` with `newValues` and rebuilds: O(n).
    mutating func replaceSubrange(_ range: Range<Int>, with newValues: some Collection<Double>) {
        values.replaceSubrange(range, with: newValues)
        rebuild()
    }

    /// The number of leading values whose prefix sum is `≤ position`, i.e. the
    /// index of the first child whose natural range `[T_i, T_i + C_i)` contains
    /// `position`, skipping empty ones; `count` when `position ≥ total`.
    ///
    /// Binary lifting tests `prefix(k) ≤ position` with the very sums `prefix`
    /// computes, including `prefix(k + 1)` for the answer `k`, so the answer
    /// satisfies `prefix(k) ≤ position < prefix(k + 1)` exactly.
    func index(containing position: Double) -> Int {
        guard count > 0 else { return 0 }
        var k = 0
        var sum = 0.0
        // The largest power of two ≤ count.
        var step = 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)
        while step > 0 {
            let next = k + step
            if next < nodes.count, sum + nodes[next] <= position {
                k = next
                sum += nodes[next]
            }
            step /= 2
        }
        return k
    }

    private func node(_ k: Int) -> Double {
        var sum = values[k - 1]
        var step = 1
        let low = k & -k
        while step < low {
            sum += nodes[k - step]
            step *= 2
        }
        return sum
    }

    /// The first way the nodes or the total disagree with the values (nodes
    /// are recomputed, never patched, so they must match to the bit), or nil.
    /// swift-collections' `_checkInvariants`, reporting instead of trapping so
    /// a checking worker answers -32603 rather than losing every session.
    func checkInvariants() -> String? {
        guard nodes.count == values.count + 1 else { return "\(nodes.count) nodes for \(values.count) values" }
        for k in stride(from: 1, to: nodes.count, by: 1) where nodes[k].bitPattern != node(k).bitPattern {
            return "node \(k) is \(nodes[k]), its values sum to \(node(k))"
        }
        if total.bitPattern != prefix(values.count).bitPattern { return "total \(total) is not the sum \(prefix(values.count))" }
        return nil
    }

    private mutating func rebuild() {
        nodes = [Double](repeating: 0, count: values.count + 1)
        for k in stride(from: 1, to: nodes.count, by: 1) {
            nodes[k] = node(k)
        }
        total = prefix(values.count)
    }
}
