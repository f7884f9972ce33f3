import XCTest
@testable import OmniScrollCore

/// One track's value: keyframes, per-interval easing, `fill: both`, and
/// seed 004's navigation bar (docs/design.md#collapsing-header-and-tracks).
final class TrackTests: XCTestCase {
    /// Seed 004's title: `fontSize = −16·Y/33 − 892/33` between −130 and −97.
    private let title = Track(id: "titleSize", range: .offsets(start: -130, end: -97), from: 36, to: 20)
    /// Its button, 5/9 of the title but never under 16.
    private let button = Track(id: "buttonSize", range: .offsets(start: -130, end: -97), keyframes: [
        Keyframe(at: 0, value: 20), Keyframe(at: 0.45, value: 16), Keyframe(at: 1, value: 16),
    ])

    private func value(_ track: Track, at offset: Double) throws -> Double {
        let set = try TrackSet([track], childIndex: { _ in nil })
        return set.value(ofTrack: 0, at: offset, subject: { _ in XCTFail("no view range"); return TimelineSubject(top: 0, height: 0, viewport: 0) })
    }

    /// The value at `progress` through the range: the track over offsets
    /// 0…1, where offset and progress agree.
    private func value(_ track: Track, atProgress progress: Double) throws -> Double {
        var unit = track
        unit.range = .offsets(start: 0, end: 1)
        return try value(unit, at: progress)
    }

    func testSeedTitleGoldens() throws {
        XCTAssertEqual(try value(title, at: -130), 36)
        XCTAssertEqual(try value(title, at: -113.5), 28)
        XCTAssertEqual(try value(title, at: -97), 20)
        XCTAssertEqual(try value(title, at: -500), 36, "held before the range")
        XCTAssertEqual(try value(title, at: 300), 20, "held after the range")
        for k in 0...33 {
            let y = -130 + Double(k)
            XCTAssertEqual(try value(title, at: y), -16 * y / 33 - 892.0 / 33, accuracy: 1e-12, "the seed's formula at \(y)")
        }
    }

    func testSeedButtonGoldens() throws {
        XCTAssertEqual(try value(button, at: -130), 20)
        XCTAssertEqual(try value(button, at: -115.15), 16, accuracy: 1e-12, "0.45 of the range")
        XCTAssertEqual(try value(button, at: -110), 16, "held at 16 after 0.45")
        XCTAssertEqual(try value(button, at: -97), 16)
        XCTAssertEqual(try value(button, at: -200), 20)
        XCTAssertEqual(try value(button, at: 0), 16)
        // Where the seed's own rule (5/9 of the title, not under 16) applies.
        for k in 0...33 {
            let y = -130 + Double(k)
            let seed = max(16, (5.0 / 9) * (-16 * y / 33 - 892.0 / 33))
            XCTAssertEqual(try value(button, at: y), seed, accuracy: 1e-12, "at \(y)")
        }
    }

    func testKeyframesInterpolatePerIntervalAndHoldOutsideThem() throws {
        let track = Track(id: "t", range: .offsets(start: 0, end: 1), keyframes: [
            Keyframe(at: 0.2, value: 10), Keyframe(at: 0.6, value: 30), Keyframe(at: 0.8, value: -10),
        ])
        XCTAssertEqual(try value(track, atProgress: 0), 10, "before the first keyframe: its value")
        XCTAssertEqual(try value(track, atProgress: 0.2), 10)
        XCTAssertEqual(try value(track, atProgress: 0.4), 20, accuracy: 1e-12)
        XCTAssertEqual(try value(track, atProgress: 0.6), 30)
        XCTAssertEqual(try value(track, atProgress: 0.7), 10, accuracy: 1e-12)
        XCTAssertEqual(try value(track, atProgress: 0.8), -10)
        XCTAssertEqual(try value(track, atProgress: 1), -10, "after the last keyframe: its value")
    }

    /// The easing runs from 0 to 1 across each interval, not across the range.
    func testEasingAppliesToEachInterval() throws {
        let frames = [Keyframe(at: 0, value: 0), Keyframe(at: 0.5, value: 100), Keyframe(at: 1, value: 0)]
        let eased = Track(id: "t", range: .offsets(start: 0, end: 1), keyframes: frames, easing: .easeIn)
        XCTAssertEqual(try value(eased, atProgress: 0.25), 100 * Easing.easeIn(0.5), accuracy: 1e-12)
        XCTAssertEqual(try value(eased, atProgress: 0.75), 100 - 100 * Easing.easeIn(0.5), accuracy: 1e-12)
        XCTAssertEqual(try value(eased, atProgress: 0.5), 100)
        let stepped = Track(id: "s", range: .offsets(start: 0, end: 1), keyframes: frames, easing: .steps(2))
        XCTAssertEqual(try value(stepped, atProgress: 0.24), 0)
        XCTAssertEqual(try value(stepped, atProgress: 0.25), 50)
        XCTAssertEqual(try value(stepped, atProgress: 0.49), 50)
        XCTAssertEqual(try value(stepped, atProgress: 0.5), 100)
        XCTAssertEqual(try value(stepped, atProgress: 0.75), 50)
        XCTAssertEqual(try value(stepped, atProgress: 1), 0)
    }

    /// from/to is keyframes at 0 and 1.
    func testFromToEqualsTwoKeyframes() throws {
        try forEachSeed(200, base: 0x7EAC_0000) { seed, rng in
            let from = Double.random(in: -1e3...1e3, using: &rng), to = Double.random(in: -1e3...1e3, using: &rng)
            let easing: Easing = [.linear, .ease, .easeOut, .steps(3)].randomElement(using: &rng)!
            let a = Track(id: "a", range: .offsets(start: 0, end: 1), from: from, to: to, easing: easing)
            let b = Track(id: "b", range: .offsets(start: 0, end: 1),
                          keyframes: [Keyframe(at: 0, value: from), Keyframe(at: 1, value: to)], easing: easing)
            for _ in 0..<20 {
                let p = Double.random(in: 0...1, using: &rng)
                XCTAssertEqual(try value(a, atProgress: p), try value(b, atProgress: p), "seed \(seed) at \(p)")
            }
            XCTAssertEqual(try value(a, atProgress: 0), from, "seed \(seed)")
            XCTAssertEqual(try value(a, atProgress: 1), to, "seed \(seed)")
        }
    }

    /// Keyframes sharing an `at` jump there; the later one holds from it on.
    func testEqualAtsMakeAJump() throws {
        let track = Track(id: "t", range: .offsets(start: 0, end: 1), keyframes: [
            Keyframe(at: 0, value: 0), Keyframe(at: 0.5, value: 1), Keyframe(at: 0.5, value: 5), Keyframe(at: 1, value: 7),
        ])
        XCTAssertEqual(try value(track, atProgress: 0.25), 0.5)
        XCTAssertEqual(try value(track, atProgress: 0.5), 5)
        XCTAssertEqual(try value(track, atProgress: 0.75), 6)
    }

    func testASingleKeyframeIsConstantAndNegativeZeroIsNeverOutput() throws {
        let track = Track(id: "t", range: .offsets(start: 0, end: 1), keyframes: [Keyframe(at: 0.5, value: -0.0)])
        for p in [0, 0.5, 1.0] {
            XCTAssertEqual(try value(track, atProgress: p).sign, .plus)
        }
        let towardsZero = Track(id: "z", range: .offsets(start: 0, end: 1), from: -3, to: -0.0)
        XCTAssertEqual(try value(towardsZero, atProgress: 1).sign, .plus)
    }

    /// Outside the range a track holds its ends; inside, a held keyframe pair
    /// stays exactly at its value (never an ulp off).
    func testValuesStayBetweenTheirKeyframes() throws {
        try forEachSeed(300, base: 0x7EAC_1000) { seed, rng in
            var at = 0.0
            let frames = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                at = min(1, at + Double.random(in: 0...0.4, using: &rng))
                return Keyframe(at: at, value: Bool.random(using: &rng) ? 16 : Double.random(in: -100...100, using: &rng))
            }
            let start = Double.random(in: -500...500, using: &rng)
            let end = start + (Bool.random(using: &rng) ? 0 : Double.random(in: 0...300, using: &rng))
            let track = Track(id: "t", range: .offsets(start: start, end: end),
                              keyframes: frames, easing: [.linear, .easeInOut, .steps(5)].randomElement(using: &rng)!)
            let set = try TrackSet([track], childIndex: { _ in nil })
            let values = frames.map(\.value)
            for _ in 0..<40 {
                let offset = Double.random(in: -1000...1000, using: &rng)
                let value = set.value(ofTrack: 0, at: offset, subject: { _ in TimelineSubject(top: 0, height: 0, viewport: 1) })
                if offset < start { XCTAssertEqual(value, frames[0].value, "seed \(seed) before") }
                if offset >= end { XCTAssertEqual(value, frames.last!.value, "seed \(seed) after") }
                XCTAssertGreaterThanOrEqual(value, values.min()!, "seed \(seed) offset \(offset)")
                XCTAssertLessThanOrEqual(value, values.max()!, "seed \(seed) offset \(offset)")
                if let k = frames.indices.dropLast().first(where: { frames[$0].value == 16 && frames[$0 + 1].value == 16 }),
                   value != 16, offset > start, offset < end {
                    let p = (offset - start) / (end - start)
                    XCTAssertFalse(p > frames[k].at && p < frames[k + 1].at, "seed \(seed): held 16 wobbled to \(value)")
                }
            }
        }
    }

    func testValidationNamesTheField() {
        let range = TrackRange.offsets(start: 0, end: 1)
        let bad: [(Track, String, String)] = [
            (Track(id: "", range: range, from: 0, to: 1), "t.id", "must not be empty"),
            (Track(id: "a", range: range, keyframes: []), "t.keyframes", "at least one keyframe"),
            (Track(id: "a", range: range, keyframes: [Keyframe(at: 0, value: 1), Keyframe(at: 1.5, value: 2)]),
             "t.keyframes[1].at", "between 0 and 1"),
            (Track(id: "a", range: range, keyframes: [Keyframe(at: -0.1, value: 1)]), "t.keyframes[0].at", "between 0 and 1"),
            (Track(id: "a", range: range, keyframes: [Keyframe(at: .nan, value: 1)]), "t.keyframes[0].at", "between 0 and 1"),
            (Track(id: "a", range: range, keyframes: [Keyframe(at: 0.5, value: 1), Keyframe(at: 0.4, value: 2)]),
             "t.keyframes[1].at", "must not be less than the previous keyframe's at (0.5)"),
            (Track(id: "a", range: range, keyframes: [Keyframe(at: 0.5, value: .infinity)]), "t.keyframes[0].value", "finite"),
            (Track(id: "a", range: range, from: .nan, to: 1), "t.from", "finite"),
            (Track(id: "a", range: range, from: 0, to: -2e24), "t.to", "finite"),
            (Track(id: "a", range: .offsets(start: 1, end: 0), from: 0, to: 1), "t.range.start", "greater than end"),
            (Track(id: "a", range: range, from: 0, to: 1, easing: .steps(0)), "t.easing", "steps"),
        ]
        for (track, field, reason) in bad {
            XCTAssertThrowsError(try track.validate(field: "t"), "\(track)") { error in
                let error = error as! ContainerError
                XCTAssertEqual(error.kind, .invalidValue)
                XCTAssertEqual(error.field.description, field, "\(track)")
                XCTAssertTrue(error.reason.contains(reason), "\(track): \(error.reason)")
            }
        }
    }
}
