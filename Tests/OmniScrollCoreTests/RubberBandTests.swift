import XCTest
@testable import OmniScrollCore

final class RubberBandTests: XCTestCase {
    func testRubberBandIsOddStartsAtZeroWithSlopeCAndStaysUnderD() {
        forEachSeed(1000, base: 0x2B2B_0000) { seed, rng in
            let band = RubberBand(dimension: Double.random(in: 50...2_000, using: &rng))
            let d = band.dimension
            let x = Double.random(in: -20 * d...20 * d, using: &rng)
            XCTAssertEqual(band.offset(forTravel: -x), -band.offset(forTravel: x), "seed \(seed): odd")
            XCTAssertLessThan(abs(band.offset(forTravel: x)), d, "seed \(seed): under d")
            XCTAssertLessThanOrEqual(abs(band.offset(forTravel: x)), RubberBand.coefficient * abs(x), "seed \(seed): under c·x")
            let further = x + (x >= 0 ? 1 : -1) * Double.random(in: 0...d, using: &rng)
            XCTAssertGreaterThanOrEqual(abs(band.offset(forTravel: further)), abs(band.offset(forTravel: x)), "seed \(seed): monotone")
            XCTAssertEqual(band.travel(forOffset: band.offset(forTravel: x)), x, accuracy: 1e-9 * max(1, abs(x)) * 20,
                           "seed \(seed): inverse")
            let h = 1e-6 * d
            XCTAssertEqual(band.offset(forTravel: h) / h, RubberBand.coefficient, accuracy: 1e-6, "seed \(seed): f′(0) = c")
        }
        XCTAssertEqual(RubberBand(dimension: 800).offset(forTravel: 0), 0)
    }
}
