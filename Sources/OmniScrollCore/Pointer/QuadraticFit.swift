/// Flutter's `LeastSquaresSolver` (lsq_solver.dart) as Flutter's
/// `VelocityTracker` calls it: a fit of degree 2, every weight 1, by the
/// Gram–Schmidt QR decomposition, of each axis' positions against the same
/// times; what it returns is each fit's linear coefficient (docs/pointer.md,
/// "Velocity trackers").
///
/// The general solver's operations in its order on the same doubles, so the
/// coefficients are Flutter's to the bit (`QuadraticFitTests` holds them
/// against the general solver). Left out is only what cannot change them:
/// the multiplications by a weight of 1 (exact), the first column's
/// normalization (its entries are all 1 / √m), and the first row of R and
/// the constant coefficient, which the linear one never reads. The three
/// columns are unrolled into a few passes over the samples, in storage the
/// caller lends: a release allocates nothing and runs no general loops
/// (issue 29's cost bound: the general solver cost a release ~2 900 instructions).
enum QuadraticFit {
    /// Flutter's threshold below which a column is linearly dependent.
    static let dependentNorm = 0.000001

    /// The linear coefficients of the fits of `x` and of `y` against `t`
    /// (`m` ≥ 3 samples each), `nil` when the columns are dependent (no fit).
    /// `scratch` holds 2 × `m` doubles: the second and third columns of Q.
    static func linearCoefficients(m: Int, t: UnsafePointer<Double>, x: UnsafePointer<Double>, y: UnsafePointer<Double>,
                                   scratch: UnsafeMutablePointer<Double>) -> Point? {
        let q1 = scratch, q2 = scratch + m
        // Q's first column: the weights (1) over their norm √m.
        let q0 = 1.0 / Double(m).squareRoot()
        // The second and third columns of A (t, t²) less their projections on the first.
        var d10 = 0.0, d20 = 0.0
        for h in 0..<m {
            d10 += t[h] * q0
            d20 += t[h] * t[h] * q0
        }
        var n1 = 0.0
        for h in 0..<m {
            q1[h] = t[h] - d10 * q0
            n1 += q1[h] * q1[h]
            q2[h] = t[h] * t[h] - d20 * q0
        }
        let norm1 = n1.squareRoot()
        guard norm1 >= dependentNorm else { return nil }
        let inverse1 = 1.0 / norm1
        // Q's second column; R's second row; the third column's projection on the second.
        var r11 = 0.0, r12 = 0.0, d21 = 0.0
        for h in 0..<m {
            q1[h] *= inverse1
            r11 += q1[h] * t[h]
            r12 += q1[h] * (t[h] * t[h])
            d21 += q2[h] * q1[h]
        }
        var n2 = 0.0
        for h in 0..<m {
            q2[h] -= d21 * q1[h]
            n2 += q2[h] * q2[h]
        }
        let norm2 = n2.squareRoot()
        guard norm2 >= dependentNorm else { return nil }
        let inverse2 = 1.0 / norm2
        // Q's third column, R's last entry, and Qᵀ times each axis (rows 1 and 2).
        var r22 = 0.0, x2 = 0.0, y2 = 0.0, x1 = 0.0, y1 = 0.0
        for h in 0..<m {
            q2[h] *= inverse2
            r22 += q2[h] * (t[h] * t[h])
            x2 += q2[h] * x[h]
            y2 += q2[h] * y[h]
            x1 += q1[h] * x[h]
            y1 += q1[h] * y[h]
        }
        // The back substitution, from the quadratic coefficient to the linear one.
        return Point(x: (x1 - r12 * (x2 / r22)) / r11, y: (y1 - r12 * (y2 / r22)) / r11)
    }
}
