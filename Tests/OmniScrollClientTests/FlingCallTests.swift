import OmniScrollClient
import XCTest

/// `physics.fling` through the typed call: the golden numbers of docs/design.md#physics-and-motion, snapping
/// and samples decoded into `FlingResult`.
final class FlingCallTests: XCTestCase {
    func testGoldenFlingsSnapAndSamples() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        let ios = try await c.fling(position: 0, velocity: 1000)
        XCTAssertEqual(ios.target, 499.50, accuracy: 0.005)
        XCTAssertEqual(ios.duration, 3.45, accuracy: 0.005)
        XCTAssertNil(ios.samples)
        let android = try await c.fling(position: 0, velocity: 1000, preset: .android)
        XCTAssertEqual(android.target, 194.31, accuracy: 0.005)
        XCTAssertEqual(android.duration, 0.4582, accuracy: 0.00005)
        let paged = try await c.fling(position: 820, velocity: 3000,
                                      snap: FlingSnap(.interval(800), mode: .paging()), dragStart: 800, times: [0, 100])
        XCTAssertEqual(paged.target, 1600)
        XCTAssertEqual(paged.samples?.map(\.time), [0, 100])
        XCTAssertEqual(paged.samples?.last?.position, 1600)
        XCTAssertEqual(paged.samples?.last?.velocity, 0)
        do {
            _ = try await c.fling(position: 0, velocity: 1000, snap: FlingSnap(.points([3, 1])))
            XCTFail("unsorted snap points accepted")
        } catch let error as OmniScrollRPCError {
            XCTAssertEqual(error.code, OmniScrollRPCError.invalidParams)
            XCTAssertEqual(error.data?["param"]?.stringValue, "params.snap.points[1]")
        }
        let status = await c.close()
        XCTAssertEqual(status, 0)
    }
}
