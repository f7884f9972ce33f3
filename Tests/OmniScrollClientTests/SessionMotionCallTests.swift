import OmniScrollClient
import XCTest

/// Session motions through the typed calls: a client forwarding drags, a
/// release velocity and a 60 Hz clock gets `physics.fling`'s samples,
/// ending exactly on the snap point.
final class SessionMotionCallTests: XCTestCase {
    func testTicksFollowTheFlingAndEndOnTheSnapPoint() async throws {
        let c = try OmniScrollClient(executable: try workerPath(), timeout: 20)
        let s = try await c.create(viewport: (width: 375, height: 800),
                                   children: [.scroll("a", contentHeight: 2000), .scroll("b", contentHeight: 3000)],
                                   insets: (top: 0, bottom: 100), id: "m",
                                   options: ["physics": ["preset": "ios"], "snap": ["interval": 400]]).session
        _ = try await c.beginDragging(session: s)
        let dragged = try await c.drag(session: s, translation: -100)
        XCTAssertEqual(dragged.offset, 100)
        let released = try await c.endDragging(session: s, velocity: 1000, time: 0)
        XCTAssertEqual(released.phase, "decelerating")
        XCTAssertEqual(released.motion?.target, 400)
        let fling = try await c.fling(position: 100, velocity: 1000, bounds: (min: 0, max: 4300), viewport: 800,
                                      snap: FlingSnap(.interval(400)), sampleInterval: 1.0 / 60)
        let samples = Array(try XCTUnwrap(fling.samples).dropFirst())
        var offsets: [Double] = []
        var last: Layout?
        for sample in samples {
            last = try await c.tick(session: s, time: sample.time)
            offsets.append(last!.offset)
        }
        XCTAssertEqual(offsets, samples.map(\.position))
        XCTAssertEqual(last?.offset, 400)
        XCTAssertEqual(last?.phase, "idle")
        XCTAssertNil(last?.motion)
        do {
            _ = try await c.tick(session: s, time: 10)
            XCTFail("a tick with no motion accepted")
        } catch let error as OmniScrollRPCError {
            XCTAssertEqual(error.data?["param"]?.stringValue, "params.time")
        }
        let status = await c.close()
        XCTAssertEqual(status, 0)
    }
}
