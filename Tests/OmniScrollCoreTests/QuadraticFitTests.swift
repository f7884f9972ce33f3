import OmniScrollTestSupport
import XCTest
@testable import OmniScrollCore

/// `QuadraticFit`, the release's fit (docs/pointer.md, "Velocity trackers"),
/// against Flutter's general `LeastSquaresSolver` (the reference in this
/// module): the same linear coefficients to the bit, so the velocities the
/// replies carry are Flutter's.
final class QuadraticFitTests: XCTestCase {
    /// The fast fit's coefficients, or `nil` for no fit.
    private func fast(_ t: [Double], _ x: [Double], _ y: [Double]) -> Point? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * t.count) { scratch in
            QuadraticFit.linearCoefficients(m: t.count, t: t, x: x, y: y, scratch: scratch.baseAddress!)
        }
    }

    /// The general solver's, degree 2 with weights 1, as Flutter's tracker calls it.
    private func reference(_ t: [Double], _ x: [Double], _ y: [Double]) -> Point? {
        let weights = [Double](repeating: 1, count: t.count)
        return t.withUnsafeBufferPointer { t in
            weights.withUnsafeBufferPointer { w in
                x.withUnsafeBufferPointer { x in
                    y.withUnsafeBufferPointer { y in
                        LeastSquaresSolver.withFit(x: t, w: w, degree: 2) { fit in
                            fit.map { Point(x: $0.coefficient(1, fitting: x), y: $0.coefficient(1, fitting: y)) }
                        }
                    }
                }
            }
        }
    }

    /// Seeded fingers as the tracker feeds the fit (3 to 20 samples, times
    /// −age in milliseconds from whole microseconds, some at the same time):
    /// the bits of both coefficients equal the general solver's, and both
    /// find no fit together.
    func testMatchesTheGeneralSolverBitForBit() {
        forEachSeed(2000, base: 0x0F17_0000) { seed, rng in
            let m = Int.random(in: 3...PointerHistory.capacity, using: &rng)
            var age: Int64 = 0
            var t: [Double] = [], x: [Double] = [], y: [Double] = []
            for _ in 0..<m {
                t.append(-Double(age) / 1000)
                x.append(Double.random(in: -2000...2000, using: &rng))
                y.append(Double.random(in: -2000...2000, using: &rng).rounded(.down))
                age += Bool.random(using: &rng) ? Int64.random(in: 0...40_000, using: &rng) : 8_000
            }
            let (actual, expected) = (fast(t, x, y), reference(t, x, y))
            XCTAssertEqual(actual.map { [$0.x.bitPattern, $0.y.bitPattern] }, expected.map { [$0.x.bitPattern, $0.y.bitPattern] },
                           "seed \(seed): \(String(describing: actual)), the general solver \(String(describing: expected))")
        }
    }

    /// Each axis gets its own polynomial's linear coefficient back; equal
    /// times give dependent columns and no fit, as Flutter's solver does.
    func testFitsEachAxisAndRefusesDependentColumns() {
        let t: [Double] = [-40, -30, -20, -10, 0]
        let fit = fast(t, t.map { 3 + 2 * $0 + 0.5 * $0 * $0 }, t.map { -7 - 4 * $0 })
        XCTAssertEqual(fit?.x ?? .nan, 2, accuracy: 1e-9)
        XCTAssertEqual(fit?.y ?? .nan, -4, accuracy: 1e-9)
        XCTAssertNil(fast([5, 5, 5], [1, 2, 3], [4, 5, 6]))
        XCTAssertNil(reference([5, 5, 5], [1, 2, 3], [4, 5, 6]))
    }
}
