import XCTest
@testable import OmniScrollCore

/// View-timeline named ranges (CSS Scroll-driven Animations §4.1) and
/// range progress with `fill: both`.
final class TimelineRangeTests: XCTestCase {
    private func interval(_ name: TimelineRangeName, top: Double = 1000, height: Double, viewport: Double = 600) -> [Double] {
        let (start, end) = name.interval(top: top, height: height, viewport: viewport)
        return [start, end]
    }

    /// docs/design.md#collapsing-header-and-tracks: V 600, T 1000, H 200.
    func testGoldenRanges() {
        XCTAssertEqual(interval(.cover, height: 200), [400, 1200])
        XCTAssertEqual(interval(.contain, height: 200), [600, 1000])
        XCTAssertEqual(interval(.entry, height: 200), [400, 600])
        XCTAssertEqual(interval(.exit, height: 200), [1000, 1200])
        XCTAssertEqual(interval(.entryCrossing, height: 200), [400, 600])
        XCTAssertEqual(interval(.exitCrossing, height: 200), [1000, 1200])
    }

    /// A subject taller than the viewport (H 900): contain is where it covers the view.
    func testTallSubject() {
        XCTAssertEqual(interval(.contain, height: 900), [1000, 1300])
        XCTAssertEqual(interval(.entry, height: 900), [400, 1000])
        XCTAssertEqual(interval(.exit, height: 900), [1300, 1900])
        XCTAssertEqual(interval(.entryCrossing, height: 900), [400, 1300])
        XCTAssertEqual(interval(.exitCrossing, height: 900), [1000, 1900])
    }

    /// Entry and exit meet contain; every range is ordered and within cover.
    func testRangesNestInCover() {
        forEachSeed(500, base: 0x7A9E_0000) { seed, rng in
            let top = Double.random(in: -1e4...1e5, using: &rng)
            let height = Bool.random(using: &rng) ? 0 : Double.random(in: 0...5000, using: &rng)
            let viewport = Double.random(in: 1...2000, using: &rng)
            let cover = interval(.cover, top: top, height: height, viewport: viewport)
            let contain = interval(.contain, top: top, height: height, viewport: viewport)
            XCTAssertEqual(interval(.entry, top: top, height: height, viewport: viewport), [cover[0], contain[0]], "seed \(seed)")
            XCTAssertEqual(interval(.exit, top: top, height: height, viewport: viewport), [contain[1], cover[1]], "seed \(seed)")
            for name in TimelineRangeName.allCases {
                let range = interval(name, top: top, height: height, viewport: viewport)
                XCTAssertLessThanOrEqual(range[0], range[1], "seed \(seed) \(name)")
                XCTAssertGreaterThanOrEqual(range[0], cover[0], "seed \(seed) \(name)")
                XCTAssertLessThanOrEqual(range[1], cover[1], "seed \(seed) \(name)")
            }
        }
    }

    func testNamesAreTheWireNames() throws {
        XCTAssertEqual(TimelineRangeName.allCases.map(\.rawValue),
                       ["cover", "contain", "entry", "exit", "entry-crossing", "exit-crossing"])
        XCTAssertEqual(try TimelineRangeName.named("exit-crossing", field: "f"), .exitCrossing)
        XCTAssertThrowsError(try TimelineRangeName.named("Cover", field: "options.tracks[0].range.name")) { error in
            let error = error as! ContainerError
            XCTAssertEqual(error.field.description, "options.tracks[0].range.name")
            XCTAssertEqual(error.reason, "unknown range name 'Cover'; expected one of cover, contain, entry, exit, entry-crossing, exit-crossing")
        }
    }

    func testProgressHoldsItsEndsOutsideTheRange() {
        XCTAssertEqual(TrackRange.progress(at: -1e24, start: -130, end: -97), 0)
        XCTAssertEqual(TrackRange.progress(at: -130, start: -130, end: -97), 0)
        XCTAssertEqual(TrackRange.progress(at: -113.5, start: -130, end: -97), 0.5)
        XCTAssertEqual(TrackRange.progress(at: -97, start: -130, end: -97), 1)
        XCTAssertEqual(TrackRange.progress(at: 1e24, start: -130, end: -97), 1)
    }

    func testZeroLengthRangeStepsAtItsStart() {
        XCTAssertEqual(TrackRange.progress(at: 99.999, start: 100, end: 100), 0)
        XCTAssertEqual(TrackRange.progress(at: 100, start: 100, end: 100), 1)
        XCTAssertEqual(TrackRange.progress(at: 100.001, start: 100, end: 100), 1)
    }

    func testRangeValidationNamesTheField() {
        let bad: [(TrackRange, String, String)] = [
            (.offsets(start: -97, end: -130), "r.start", "must not be greater than end (-130)"),
            (.offsets(start: .nan, end: 0), "r.start", "finite"),
            (.offsets(start: 0, end: .infinity), "r.end", "finite"),
            (.offsets(start: 0, end: 2e24), "r.end", "finite"),
            (.view(child: "", name: .cover), "r.child", "must not be empty"),
            (.view(child: "list", name: .cover, start: -1, end: 50), "r.start", "percentage"),
            (.view(child: "list", name: .cover, start: 0, end: 100.5), "r.end", "percentage"),
            (.view(child: "list", name: .cover, start: 0, end: .nan), "r.end", "percentage"),
            (.view(child: "list", name: .entry, start: 60, end: 40), "r.start", "must not be greater than end (40)"),
        ]
        for (range, field, reason) in bad {
            XCTAssertThrowsError(try range.validate(field: "r"), "\(range)") { error in
                let error = error as! ContainerError
                XCTAssertEqual(error.field.description, field, "\(range)")
                XCTAssertTrue(error.reason.contains(reason), "\(range): \(error.reason)")
            }
        }
        XCTAssertNoThrow(try TrackRange.offsets(start: 5, end: 5).validate(field: "r"), "zero length is allowed")
        XCTAssertNoThrow(try TrackRange.view(child: "list", name: .exit, start: 30, end: 30).validate(field: "r"))
    }
}
