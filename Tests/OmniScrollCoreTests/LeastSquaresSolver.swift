/// Flutter's `LeastSquaresSolver` (lsq_solver.dart), general: a weighted
/// polynomial fit of `y` against `x` by the Gram–Schmidt QR decomposition,
/// the same steps in the same order, so the fit's doubles are Flutter's.
/// The reference `QuadraticFitTests` holds the engine's `QuadraticFit` (its
/// degree-2, unit-weight case, unrolled) to, bit for bit.
///
/// The decomposition depends on `x` and the weights alone: it is decomposed
/// once and each axis reads its coefficients from it (the same operations on
/// the same doubles as Flutter's decomposing it per axis: the same results).
struct LeastSquaresSolver {
    /// Flutter's threshold below which a column is linearly dependent.
    static let dependentNorm = 0.000001

    private let w: UnsafeBufferPointer<Double>
    /// Q: n rows of m, orthonormal.
    private let q: UnsafeMutableBufferPointer<Double>
    /// R: n × n, upper triangular.
    private let r: UnsafeMutableBufferPointer<Double>
    private let m: Int
    private let n: Int

    /// Decomposes the fit of degree `degree` against `x` with weights `w` and
    /// runs `body` on it; `body` gets `nil` when there are too few points or
    /// the columns are dependent. The solver is valid inside `body` only.
    static func withFit<R>(x: UnsafeBufferPointer<Double>, w: UnsafeBufferPointer<Double>, degree: Int,
                           _ body: (LeastSquaresSolver?) -> R) -> R {
        let m = x.count
        let n = degree + 1
        guard degree <= m else { return body(nil) }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n * m) { a in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: n * m) { q in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: n * n) { r in
                    // A: n rows of m, the powers of x pre-multiplied by the weights.
                    for h in 0..<m {
                        a[h] = w[h]
                        for i in 1..<n { a[i * m + h] = a[(i - 1) * m + h] * x[h] }
                    }
                    func dot(_ u: UnsafeMutableBufferPointer<Double>, _ i: Int, _ v: UnsafeMutableBufferPointer<Double>, _ j: Int) -> Double {
                        var sum = 0.0
                        for h in 0..<m { sum += u[i * m + h] * v[j * m + h] }
                        return sum
                    }
                    for j in 0..<n {
                        for h in 0..<m { q[j * m + h] = a[j * m + h] }
                        for i in 0..<j {
                            let d = dot(q, j, q, i)
                            for h in 0..<m { q[j * m + h] -= d * q[i * m + h] }
                        }
                        let norm = dot(q, j, q, j).squareRoot()
                        guard norm >= Self.dependentNorm else { return body(nil) }
                        let inverse = 1.0 / norm
                        for h in 0..<m { q[j * m + h] *= inverse }
                        for i in 0..<n { r[j * n + i] = i < j ? 0 : dot(q, j, a, i) }
                    }
                    return body(LeastSquaresSolver(w: w, q: q, r: r, m: m, n: n))
                }
            }
        }
    }

    /// The coefficient of `x^power` of the polynomial fitted to `y` (constant first).
    /// The back substitution stops at `power`: the lower coefficients do not
    /// change it (a release's velocity skips the constant term's pass).
    func coefficient(_ power: Int, fitting y: UnsafeBufferPointer<Double>) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { coefficients in
            for i in stride(from: n - 1, through: power, by: -1) {
                var c = 0.0
                for h in 0..<m { c += q[i * m + h] * (y[h] * w[h]) }
                for j in stride(from: n - 1, to: i, by: -1) { c -= r[i * n + j] * coefficients[j] }
                coefficients[i] = c / r[i * n + i]
            }
            return coefficients[power]
        }
    }
}
