import XCTest
@testable import OmniScrollCore

/// A session's tracks: validation against the session's children, and
/// evaluation of offset and view ranges.
final class TrackSetTests: XCTestCase {
    private let children = ["header", "list", "footer"]
    private func childIndex(_ id: String) -> Int? { children.firstIndex(of: id) }

    /// The golden geometry of docs/design.md#collapsing-header-and-tracks (V 600, T 1000, H 200) for the child "list".
    private func subject(_ index: Int) -> TimelineSubject {
        XCTAssertEqual(index, 1, "only the list is referenced")
        return TimelineSubject(top: 1000, height: 200, viewport: 600)
    }

    func testViewRangesResolveWithCSSSemantics() throws {
        let names = TimelineRangeName.allCases
        let set = try TrackSet(names.map { Track(id: $0.rawValue, range: .view(child: "list", name: $0), from: 0, to: 100) },
                               childIndex: childIndex)
        // Where each value reaches 0 and 100: the golden ranges.
        let goldens: [TimelineRangeName: (Double, Double)] = [
            .cover: (400, 1200), .contain: (600, 1000), .entry: (400, 600),
            .exit: (1000, 1200), .entryCrossing: (400, 600), .exitCrossing: (1000, 1200),
        ]
        for (i, name) in names.enumerated() {
            let (start, end) = goldens[name]!
            XCTAssertEqual(set.value(ofTrack: i, at: start - 1, subject: subject), 0, "\(name)")
            XCTAssertEqual(set.value(ofTrack: i, at: start, subject: subject), 0, "\(name)")
            XCTAssertEqual(set.value(ofTrack: i, at: (start + end) / 2, subject: subject), 50, "\(name)")
            XCTAssertEqual(set.value(ofTrack: i, at: end, subject: subject), 100, "\(name)")
            XCTAssertEqual(set.value(ofTrack: i, at: end + 1, subject: subject), 100, "\(name)")
        }
    }

    /// `start`/`end` are percentages of the named range: cover 25%…75% of [400, 1200] is [600, 1000].
    func testPercentagesCutTheNamedRange() throws {
        let set = try TrackSet([Track(id: "fade", range: .view(child: "list", name: .cover, start: 25, end: 75), from: 1, to: 0)],
                               childIndex: childIndex)
        XCTAssertEqual(set.value(ofTrack: 0, at: 599, subject: subject), 1)
        XCTAssertEqual(set.value(ofTrack: 0, at: 600, subject: subject), 1)
        XCTAssertEqual(set.value(ofTrack: 0, at: 700, subject: subject), 0.75)
        XCTAssertEqual(set.value(ofTrack: 0, at: 1000, subject: subject), 0)
        XCTAssertEqual(set.value(ofTrack: 0, at: 1001, subject: subject), 0)
    }

    /// A zero-height subject's exit-crossing is zero-length: it steps at its start.
    func testZeroLengthViewRangeStepsAtItsStart() throws {
        let set = try TrackSet([Track(id: "pin", range: .view(child: "header", name: .exitCrossing), from: 0, to: 1)],
                               childIndex: childIndex)
        let flat = { (_: Int) in TimelineSubject(top: 300, height: 0, viewport: 800) }
        XCTAssertEqual(set.value(ofTrack: 0, at: 299.5, subject: flat), 0)
        XCTAssertEqual(set.value(ofTrack: 0, at: 300, subject: flat), 1)
        XCTAssertEqual(set.value(ofTrack: 0, at: 301, subject: flat), 1)
    }

    /// A two-keyframe track is evaluated without the keyframe search: it
    /// must give the bits the search gives, here for the same pair with its
    /// last keyframe repeated (which changes nothing: at a shared `at` the
    /// later keyframe holds), at and around each `at`, equal `at`s included.
    func testTwoKeyframesGiveWhatTheSearchGives() throws {
        try forEachSeed(200, base: 0x2F4A_0000) { seed, rng in
            func at() -> Double { [0, 1, 0.5, Double.random(in: 0...1, using: &rng)].randomElement(using: &rng)! }
            let ats = [at(), at()].sorted()
            let pair = ats.map { Keyframe(at: $0, value: Double.random(in: -100...100, using: &rng).rounded()) }
            let easing = [Easing.linear, .easeOut, .steps(3), .cubicBezier(CubicBezier(0.3, -0.5, 0.7, 1.5))]
                .randomElement(using: &rng)!
            let range = TrackRange.offsets(start: 0, end: 1)
            let set = try TrackSet([Track(id: "pair", range: range, keyframes: pair, easing: easing),
                                    Track(id: "searched", range: range, keyframes: pair + [pair[1]], easing: easing)],
                                   childIndex: childIndex)
            let probes = ats.flatMap { [$0.nextDown, $0, $0.nextUp] } + (0..<16).map { _ in Double.random(in: -0.1...1.1, using: &rng) }
            for progress in probes {
                XCTAssertEqual(set.value(ofTrack: 0, atProgress: progress).bitPattern,
                               set.value(ofTrack: 1, atProgress: progress).bitPattern, "seed \(seed) progress \(progress)")
            }
        }
    }

    func testOffsetRangesNeverAskForASubject() throws {
        let set = try TrackSet([Track(id: "a", range: .offsets(start: 0, end: 10), from: 0, to: 1)], childIndex: { _ in
            XCTFail("no child to resolve"); return nil
        })
        XCTAssertEqual(set.value(ofTrack: 0, at: 5, subject: { _ in
            XCTFail("no subject to measure"); return TimelineSubject(top: 0, height: 0, viewport: 1)
        }), 0.5)
    }

    func testValidationNamesTheField() {
        let ok = Track(id: "a", range: .offsets(start: 0, end: 1), from: 0, to: 1)
        let cases: [([Track], ContainerError.Kind, String, String)] = [
            ([ok, Track(id: "b", range: .offsets(start: 0, end: 1), from: 0, to: 1), ok],
             .duplicateID, "options.tracks[2].id", "duplicate track id 'a'"),
            ([ok, Track(id: "b", range: .view(child: "nav", name: .cover), from: 0, to: 1)],
             .invalidValue, "options.tracks[1].range.child", "no child 'nav' in this session"),
            ([ok, Track(id: "b", range: .offsets(start: 0, end: 1), from: 0, to: 1), Track(id: "c", range: .offsets(start: 0, end: 1),
                            keyframes: [Keyframe(at: 0.2, value: 0), Keyframe(at: 0.1, value: 1)])],
             .invalidValue, "options.tracks[2].keyframes[1].at", "previous keyframe"),
        ]
        for (tracks, kind, field, reason) in cases {
            XCTAssertThrowsError(try TrackSet(tracks, childIndex: childIndex), field) { error in
                let error = error as! ContainerError
                XCTAssertEqual(error.kind, kind, field)
                XCTAssertEqual(error.field.description, field)
                XCTAssertEqual(error.reason.contains(reason), true, error.reason)
            }
        }
        XCTAssertEqual((try? TrackSet([], childIndex: childIndex))?.count, 0, "no tracks is a valid set")
    }

    func testTheFieldPrefixIsTheCallers() {
        XCTAssertThrowsError(try TrackSet([Track(id: "", range: .offsets(start: 0, end: 1), from: 0, to: 1)],
                                          field: "tracks", childIndex: childIndex)) { error in
            XCTAssertEqual((error as! ContainerError).field.description, "tracks[0].id")
        }
    }
}
