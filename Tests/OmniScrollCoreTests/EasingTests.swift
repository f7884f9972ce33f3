import XCTest
@testable import OmniScrollCore

/// Each easing against CSS Easing Functions Level 1's definitions.
final class EasingTests: XCTestCase {
    /// The curve's Bernstein form, solved for t by plain bisection: a
    /// reference independent of the polynomial coefficients and Newton steps.
    private func reference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let t = (low + high) / 2
            if bernstein(x1, x2, t) < x { low = t } else { high = t }
        }
        return bernstein(y1, y2, (low + high) / 2)
    }

    func testKeywordCurvesMatchTheirControlPoints() {
        let keywords: [(Easing, [Double])] = [
            (.ease, [0.25, 0.1, 0.25, 1]), (.easeIn, [0.42, 0, 1, 1]),
            (.easeOut, [0, 0, 0.58, 1]), (.easeInOut, [0.42, 0, 0.58, 1]),
        ]
        for (easing, p) in keywords {
            for x in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
                XCTAssertEqual(easing(x), reference(p[0], p[1], p[2], p[3], at: x), accuracy: 1e-9, "\(easing.cssText) at \(x)")
            }
        }
    }

    /// Values computed beside the code (exact rational bisection of the
    /// Bernstein form, 80 halvings) at 0.25, 0.5, 0.75.
    func testKeywordGoldens() {
        let goldens: [(Easing, [Double])] = [
            (.ease, [0.40851059135539586, 0.802403387584857, 0.9604589783489741]),
            (.easeIn, [0.09346465071882486, 0.31535681257253934, 0.6218618691748902]),
            (.easeOut, [0.37813813082510983, 0.6846431874274607, 0.9065353492811752]),
            (.easeInOut, [0.12916193104731982, 0.5, 0.8708380689526802]),
            (.cubicBezier(CubicBezier(0.1, 0.7, 1, 0.1)), [0.350421120776173, 0.417276783052458, 0.48987599789728276]),
        ]
        for (easing, values) in goldens {
            for (x, value) in zip([0.25, 0.5, 0.75], values) {
                XCTAssertEqual(easing(x), value, accuracy: 1e-9, "\(easing.cssText) at \(x)")
            }
        }
    }

    /// Tracks evaluate easings prepared once (`Easing.Prepared`: a curve's
    /// coefficients computed at set-up); replies must keep their exact
    /// bytes, so the prepared curve must give the bits of the solver that
    /// computes the coefficients on every call, spelled here as it was
    /// before the preparation: the same Newton steps and bisection, in the
    /// same order of operations.
    func testPreparedCurvesGiveThePerCallSolversBits() {
        func perCall(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
            func coefficients(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
                let c = 3 * p1, b = 3 * (p2 - p1) - c
                return (1 - c - b, b, c)
            }
            func sample(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
                let (a, b, c) = coefficients(p1, p2)
                return ((a * t + b) * t + c) * t
            }
            func slope(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
                let (a, b, c) = coefficients(p1, p2)
                return (3 * a * t + 2 * b) * t + c
            }
            guard x > 0 else { return 0 }
            guard x < 1 else { return 1 }
            var t = x
            for _ in 0..<8 {
                let error = sample(x1, x2, t) - x
                if abs(error) < 1e-12 { return sample(y1, y2, t) }
                let d = slope(x1, x2, t)
                guard abs(d) > 1e-12 else { break }
                t -= error / d
                guard t >= 0, t <= 1 else { break }
            }
            var low = 0.0, high = 1.0
            t = x
            while true {
                let value = sample(x1, x2, t)
                if abs(value - x) < 1e-12 { break }
                if value < x { low = t } else { high = t }
                let middle = low + (high - low) / 2
                guard middle > low, middle < high else { break }
                t = middle
            }
            return sample(y1, y2, t)
        }
        let keywords: [(Easing, [Double])] = [
            (.ease, [0.25, 0.1, 0.25, 1]), (.easeIn, [0.42, 0, 1, 1]),
            (.easeOut, [0, 0, 0.58, 1]), (.easeInOut, [0.42, 0, 0.58, 1]),
        ]
        forEachSeed(200, base: 0xB175_0000) { seed, rng in
            let p = [Double.random(in: 0...1, using: &rng), Double.random(in: -2...2, using: &rng),
                     Double.random(in: 0...1, using: &rng), Double.random(in: -2...2, using: &rng)]
            let (keyword, q) = keywords[Int(seed % 4)]
            let prepared = Easing.cubicBezier(CubicBezier(p[0], p[1], p[2], p[3])).prepared
            for _ in 0..<64 {
                let x = Double.random(in: -0.1...1.1, using: &rng)
                XCTAssertEqual(prepared(x).bitPattern, perCall(p[0], p[1], p[2], p[3], at: x).bitPattern, "seed \(seed) x \(x)")
                XCTAssertEqual(keyword.prepared(x).bitPattern, perCall(q[0], q[1], q[2], q[3], at: x).bitPattern,
                               "\(keyword.cssText) at \(x)")
            }
        }
    }

    func testLinearIsTheIdentityClamped() {
        for x in [0, 0.125, 0.5, 0.9, 1] { XCTAssertEqual(Easing.linear(x), x) }
        XCTAssertEqual(Easing.linear(-0.5), 0)
        XCTAssertEqual(Easing.linear(1.5), 1)
    }

    func testCubicBezierEndsAreExactAndItIsMonotoneInX() {
        forEachSeed(300, base: 0xE451_0000) { seed, rng in
            let x1 = Double.random(in: 0...1, using: &rng), x2 = Double.random(in: 0...1, using: &rng)
            let ordinates = [Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng)].sorted()
            let curve = CubicBezier(x1, ordinates[0], x2, ordinates[1])
            XCTAssertEqual(curve(0), 0, "seed \(seed)")
            XCTAssertEqual(curve(1), 1, "seed \(seed)")
            // With 0 ≤ y1 ≤ y2 ≤ 1 the output is non-decreasing in x, so the
            // solved parameter must be too, to within its precision.
            var previous = 0.0
            for k in 1...256 {
                let x = Double(k) / 256
                let t = k == 256 ? 1 : curve.parameter(forX: x)
                XCTAssertGreaterThanOrEqual(t, 0, "seed \(seed) x \(x)")
                XCTAssertLessThanOrEqual(t, 1, "seed \(seed) x \(x)")
                XCTAssertEqual(curve.sampleX(t), x, accuracy: 1e-11, "seed \(seed) x \(x)")
                let y = curve(x)
                XCTAssertGreaterThanOrEqual(y, previous - 1e-11, "seed \(seed) x \(x)")
                previous = y
            }
        }
    }

    /// Control points with flat spots (x1 = 0, x2 = 1, both 0 or both 1)
    /// where Newton's slope vanishes: bisection must still land on X(t) = x.
    /// Where X is flat inside (x1 = 1, x2 = 0 at 0.5, X − ½ = (2t − 1)³/2),
    /// Y is ill-conditioned in x: X's rounding (1e-16) moves t by ~5e-6,
    /// hence the loose tolerance on Y.
    func testSolverHandlesFlatEnds() {
        for (x1, x2) in [(0.0, 1.0), (1.0, 0.0), (1.0, 1.0), (0.0, 0.0)] {
            let curve = CubicBezier(x1, 0.3, x2, 0.6)
            for x in [1e-9, 0.001, 0.5, 0.999, 1 - 1e-9] {
                XCTAssertEqual(curve.sampleX(curve.parameter(forX: x)), x, accuracy: 1e-11, "(\(x1), \(x2)) at \(x)")
                XCTAssertEqual(curve(x), reference(x1, 0.3, x2, 0.6, at: x), accuracy: 1e-5, "(\(x1), \(x2)) at \(x)")
            }
        }
    }

    /// steps(n) jump-end: ⌊x·n⌋/n, the first step at 0, 1 only at x = 1.
    func testStepsJumpAtTheEndOfEachStep() {
        let four = Easing.steps(4)
        XCTAssertEqual(four(0), 0)
        XCTAssertEqual(four(0.2499), 0)
        XCTAssertEqual(four(0.25), 0.25)
        XCTAssertEqual(four(0.5), 0.5)
        XCTAssertEqual(four(0.74), 0.5)
        XCTAssertEqual(four(0.75), 0.75)
        XCTAssertEqual(four(0.9999), 0.75)
        XCTAssertEqual(four(1), 1)
        XCTAssertEqual(Easing.steps(1)(0.999), 0)
        XCTAssertEqual(Easing.steps(1)(1), 1)
        let many = Easing.steps(Easing.maxSteps)
        XCTAssertLessThan(many(1.0.nextDown), 1, "below 1 the last step is n − 1")
    }

    func testCanonicalTextParsesBack() throws {
        let easings: [Easing] = [.linear, .ease, .easeIn, .easeOut, .easeInOut, .steps(4), .steps(1),
                                 .cubicBezier(CubicBezier(0.1, 0.7, 1, 0.1)),
                                 .cubicBezier(CubicBezier(0, -0.5, 1e-7, 1.25e3))]
        XCTAssertEqual(easings.map(\.cssText),
                       ["linear", "ease", "ease-in", "ease-out", "ease-in-out", "steps(4)", "steps(1)",
                        "cubic-bezier(0.1, 0.7, 1, 0.1)", "cubic-bezier(0, -0.5, 1e-07, 1250)"])
        for easing in easings {
            XCTAssertEqual(try Easing(parsing: easing.cssText, field: "easing"), easing)
        }
    }

    func testValidateRejectsWhatCSSRejects() {
        let bad: [(Easing, String)] = [
            (.cubicBezier(CubicBezier(-0.1, 0, 1, 1)), "x1"), (.cubicBezier(CubicBezier(0, 0, 1.5, 1)), "x2"),
            (.cubicBezier(CubicBezier(.nan, 0, 1, 1)), "x1"), (.cubicBezier(CubicBezier(0, .infinity, 1, 1)), "y1"),
            (.cubicBezier(CubicBezier(0, 0, 1, 2e6)), "y2"), (.steps(0), "steps"), (.steps(-3), "steps"),
        ]
        for (easing, word) in bad {
            XCTAssertThrowsError(try easing.validate(field: "tracks[0].easing"), "\(easing)") { error in
                let error = error as! ContainerError
                XCTAssertEqual(error.field.description, "tracks[0].easing")
                XCTAssertTrue(error.reason.contains(word), error.reason)
            }
        }
        XCTAssertNoThrow(try Easing.cubicBezier(CubicBezier(0, -2, 1, 3)).validate(field: "easing"), "y may overshoot")
    }
}
