import XCTest
@testable import OmniScrollCore

/// The golden figures of docs/design.md#physics-and-motion, to the precision shown there, and the
/// constants they rest on.
final class PhysicsGoldenTests: XCTestCase {
    /// Rounds to `places` decimals, the way the design writes its figures.
    private func rounded(_ x: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (x * scale).rounded() / scale
    }

    func testIosFlingOf1000EndsAt499_50After3_45Seconds() {
        let motion = Motion(preset: .ios, position: 0, velocity: 1000)
        XCTAssertEqual(rounded(motion.target, 2), 499.50)
        XCTAssertEqual(rounded(motion.duration, 2), 3.45)
    }

    func testIosFastFlingOf1000EndsAt99_50() {
        XCTAssertEqual(rounded(Motion(preset: .iosFast, position: 0, velocity: 1000).target, 2), 99.50)
    }

    func testAndroidFlingOf1000Travels194_31In0_4582Seconds() {
        let motion = Motion(preset: .android, position: 0, velocity: 1000)
        XCTAssertEqual(rounded(motion.target, 2), 194.31)
        XCTAssertEqual(rounded(motion.duration, 4), 0.4582)
    }

    func testAndroidFlingOf8000Travels7186_36In2_1184Seconds() {
        let motion = Motion(preset: .android, position: 0, velocity: 8000)
        XCTAssertEqual(rounded(motion.target, 2), 7186.36)
        XCTAssertEqual(rounded(motion.duration, 4), 2.1184)
    }

    func testFlutterFlingOf1000EndsAt499_38() {
        XCTAssertEqual(rounded(Motion(preset: .flutter, position: 0, velocity: 1000).target, 2), 499.38)
    }

    func testAndroidReferenceVelocityIs2223_87() {
        XCTAssertEqual(rounded(SplineFling.referenceVelocity, 2), 2223.87)
    }

    /// The write-up the rubber band cites prints these for d = 960.
    func testRubberBandMatchesItsSourceTable() {
        let band = RubberBand(dimension: 960)
        let table: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
        for (travel, offset) in table {
            XCTAssertEqual(rounded(band.offset(forTravel: travel), 2), offset, "travel \(travel)")
        }
    }

    /// Flutter's spring: m 0.5, k 100, ratio 1.1 gives c = 1.1·2·√50.
    func testFlutterSpringIsOverdamped() {
        XCTAssertEqual(SpringDescription.flutter.damping, 1.1 * 2 * 50.0.squareRoot(), accuracy: 1e-12)
        let spring = SpringSimulation(spring: .flutter, start: 0, target: 100, velocity: 0)
        guard case .overdamped = spring.displacement else { return XCTFail("\(spring.displacement)") }
        guard case .critical = SpringSimulation(spring: .critical, start: 0, target: 100, velocity: 0).displacement else {
            return XCTFail("m 1, k 100, ratio 1 must be critically damped exactly")
        }
    }
}
