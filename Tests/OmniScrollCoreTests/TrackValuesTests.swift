import XCTest
@testable import OmniScrollCore

/// Track values across layouts and the changed indices a delta reply carries.
final class TrackValuesTests: XCTestCase {
    private let seedBar = [
        Track(id: "titleSize", range: .offsets(start: -130, end: -97), from: 36, to: 20),
        Track(id: "buttonSize", range: .offsets(start: -130, end: -97), keyframes: [
            Keyframe(at: 0, value: 20), Keyframe(at: 0.45, value: 16), Keyframe(at: 1, value: 16),
        ]),
        Track(id: "fade", range: .view(child: "list", name: .entry), from: 0, to: 1, easing: .easeOut),
    ]
    private let list = { (_: Int) in TimelineSubject(top: 1000, height: 200, viewport: 600) }

    func testFirstEvaluationReportsEveryValueInDeclarationOrder() throws {
        let set = try TrackSet(seedBar, childIndex: { $0 == "list" ? 0 : nil })
        let values = TrackValues(set, at: -113.5, subject: list)
        XCTAssertEqual(values.ids, ["titleSize", "buttonSize", "fade"])
        XCTAssertEqual(values.values[0], 28)
        XCTAssertEqual(values.values[1], 16)
        XCTAssertEqual(values.values[2], 0)
        XCTAssertEqual(values.changed, [0, 1, 2])
        XCTAssertEqual(values.entries.map(\.id), values.ids)
        XCTAssertEqual(values.entries.map(\.value), values.values)
    }

    func testChangedHoldsExactlyTheValuesThatDiffer() throws {
        let set = try TrackSet(seedBar, childIndex: { $0 == "list" ? 0 : nil })
        var values = TrackValues(set, at: -200, subject: list)
        values.update(set, at: -300, subject: list)
        XCTAssertEqual(values.changed, [], "all held before their ranges")
        values.update(set, at: -120, subject: list)
        XCTAssertEqual(values.changed, [0, 1])
        values.update(set, at: -115, subject: list)
        XCTAssertEqual(values.changed, [0, 1], "15/33 is past 0.45: the button reaches 16")
        XCTAssertEqual(values.values[1], 16)
        values.update(set, at: -110, subject: list)
        XCTAssertEqual(values.changed, [0], "the button holds 16 past 0.45")
        values.update(set, at: 500, subject: list)
        XCTAssertEqual(values.changed, [0, 2])
        values.update(set, at: 500, subject: list)
        XCTAssertEqual(values.changed, [])
    }

    /// Over random sets and offsets, `changed` is exactly the indices whose
    /// value differs from the previous update's, and the values are those
    /// a fresh evaluation gives.
    func testChangedMatchesAFreshEvaluation() throws {
        try forEachSeed(200, base: 0x7A15_0000) { seed, rng in
            let tracks = (0..<Int.random(in: 1...12, using: &rng)).map { i in
                let start = Double.random(in: -300...300, using: &rng).rounded()
                let range: TrackRange = Bool.random(using: &rng)
                    ? .offsets(start: start, end: start + Double.random(in: 0...200, using: &rng).rounded())
                    : .view(child: "c\(Int.random(in: 0..<3, using: &rng))",
                            name: TimelineRangeName.allCases.randomElement(using: &rng)!)
                return Track(id: "t\(i)", range: range, from: Double.random(in: -50...50, using: &rng),
                             to: Double.random(in: -50...50, using: &rng), easing: .steps(Int.random(in: 1...4, using: &rng)))
            }
            let set = try TrackSet(tracks, childIndex: { Int($0.dropFirst()) })
            let boxes = (0..<3).map { _ in
                TimelineSubject(top: Double.random(in: 0...1000, using: &rng).rounded(),
                                height: Double.random(in: 0...400, using: &rng).rounded(), viewport: 500)
            }
            let subject = { (i: Int) in boxes[i] }
            var values = TrackValues(set, at: 0, subject: subject)
            for _ in 0..<50 {
                let previous = values.values
                let offset = Double.random(in: -600...1600, using: &rng).rounded()
                values.update(set, at: offset, subject: subject)
                let fresh = TrackValues(set, at: offset, subject: subject).values
                XCTAssertEqual(values.values, fresh, "seed \(seed) offset \(offset)")
                XCTAssertEqual(values.changed, fresh.indices.filter { fresh[$0] != previous[$0] }, "seed \(seed) offset \(offset)")
            }
        }
    }

    /// A scroll's small steps stay within a region between two range ends,
    /// where only the tracks moving there are evaluated (`TrackSet.region`):
    /// after every step, across range ends, onto them and back, the values
    /// are a fresh evaluation's and `changed` lists exactly the ones that differ.
    func testStepsWithinARegionMatchAFreshEvaluation() throws {
        try forEachSeed(100, base: 0x5EA1_0000) { seed, rng in
            let easings: [Easing] = [.linear, .ease, .easeOut, .steps(3), .cubicBezier(CubicBezier(0.3, -0.5, 0.7, 1.5))]
            // Every tenth seed has more tracks than the region table takes
            // (`TrackSet.maxRegionPairs`): one region holds them all.
            let count = seed % 10 == 0 ? 400 : Int.random(in: 1...10, using: &rng)
            let tracks = (0..<count).map { i in
                let start = Double(Int.random(in: -20...20, using: &rng) * 10)
                let range: TrackRange = Int.random(in: 0..<4, using: &rng) > 0
                    ? .offsets(start: start, end: start + Double(Int.random(in: 0...15, using: &rng) * 10))
                    : .view(child: "c\(Int.random(in: 0..<4, using: &rng))", name: .cover)
                return Track(id: "t\(i)", range: range, from: Double.random(in: -50...50, using: &rng),
                             to: Double.random(in: -50...50, using: &rng), easing: easings.randomElement(using: &rng)!)
            }
            // c3 is no child: its tracks hold progress 0.
            let set = try TrackSet(tracks, childIndex: { $0 == "c3" ? nil : Int($0.dropFirst()) }, requiringChildren: false)
            let boxes = (0..<3).map { _ in
                TimelineSubject(top: Double(Int.random(in: 0...100, using: &rng) * 10), height: 300, viewport: 500)
            }
            let subject = { (i: Int) in boxes[i] }
            var offset = Double(Int.random(in: -250...250, using: &rng))
            var values = TrackValues(set, at: offset, subject: subject)
            for _ in 0..<200 {
                let previous = values.values
                // Quarter steps, so some land on a range end.
                offset += Double(Int.random(in: -40...40, using: &rng)) / 4
                values.update(set, at: offset, subject: subject)
                let fresh = TrackValues(set, at: offset, subject: subject).values
                XCTAssertEqual(values.values, fresh, "seed \(seed) offset \(offset)")
                XCTAssertEqual(values.changed, fresh.indices.filter { fresh[$0] != previous[$0] }, "seed \(seed) offset \(offset)")
            }
        }
    }

    /// An update writes into the buffers the first evaluation made, so a
    /// layout with tracks allocates nothing for them.
    func testUpdatesReuseTheirBuffers() throws {
        let set = try TrackSet(seedBar, childIndex: { $0 == "list" ? 0 : nil })
        var values = TrackValues(set, at: -200, subject: list)
        func addresses() -> [UInt] {
            [values.values.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) },
             values.changed.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }]
        }
        let before = addresses()
        for offset in [-300.0, -120, -110, 500, 500, -130] {
            values.update(set, at: offset, subject: list)
            XCTAssertEqual(addresses(), before, "at \(offset)")
        }
    }

    /// A different set (tracks added or removed) starts afresh.
    func testADifferentSetStartsAfresh() throws {
        let one = try TrackSet(Array(seedBar.prefix(1)), childIndex: { _ in nil })
        let two = try TrackSet(Array(seedBar.prefix(2)), childIndex: { _ in nil })
        var values = TrackValues(one, at: -130, subject: list)
        values.update(two, at: -130, subject: list)
        XCTAssertEqual(values.ids, ["titleSize", "buttonSize"])
        XCTAssertEqual(values.changed, [0, 1])
    }
}
