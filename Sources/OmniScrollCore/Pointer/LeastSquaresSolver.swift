/// Flutter's `LeastSquaresSolver` (lsq_solver.dart): a weighted polynomial
/// fit of `y` against `x` by the Gram–Schmidt QR decomposition, the same
/// steps in the same order, so the fit's doubles are Flutter's.
struct LeastSquaresSolver {
    let x: [Double]
    let y: [Double]
    let w: [Double]

    /// Flutter's threshold below which a column is linearly dependent.
    static let dependentNorm = 0.000001

    /// The coefficients of the polynomial of `degree` (constant first), or
    /// `nil` when there are too few points or the columns are dependent.
    func solve(degree: Int) -> [Double]? {
        let m = x.count
        let n = degree + 1
        guard degree <= m else { return nil }
        // A: n rows of m, the powers of x pre-multiplied by the weights.
        var a = [Double](repeating: 0, count: n * m)
        for h in 0..<m {
            a[h] = w[h]
            for i in 1..<n { a[i * m + h] = a[(i - 1) * m + h] * x[h] }
        }
        var q = [Double](repeating: 0, count: n * m)
        var r = [Double](repeating: 0, count: n * n)
        func dot(_ u: [Double], _ i: Int, _ v: [Double], _ j: Int) -> Double {
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
            guard norm >= Self.dependentNorm else { return nil }
            let inverse = 1.0 / norm
            for h in 0..<m { q[j * m + h] *= inverse }
            for i in 0..<n { r[j * n + i] = i < j ? 0 : dot(q, j, a, i) }
        }
        var coefficients = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var c = 0.0
            for h in 0..<m { c += q[i * m + h] * (y[h] * w[h]) }
            for j in stride(from: n - 1, to: i, by: -1) { c -= r[i * n + j] * coefficients[j] }
            coefficients[i] = c / r[i * n + i]
        }
        return coefficients
    }
}
