import XCTest
@testable import OmniScrollCore

/// `options.tracks` in a container: after every update it holds the values at its
/// layout, `changed` naming those it changed; malformed tracks are rejected
/// at the member's path before anything is built.
final class ScrollLinkedTracksTests: XCTestCase {
    /// Seed 004's title and button (docs/design.md#collapsing-header-and-tracks), and a view track on `card`.
    private static let tracks: OptionValue = .array([
        .object(["id": .string("title"), "range": .object(["start": .number(-130), "end": .number(-97)]),
                 "from": .number(36), "to": .number(20)]),
        .object(["id": .string("button"), "range": .object(["start": .number(-130), "end": .number(-97)]),
                 "keyframes": .array([
                     .object(["at": .number(0), "value": .number(20)]),
                     .object(["at": .number(0.45), "value": .number(16)]),
                     .object(["at": .number(1), "value": .number(16)]),
                 ])]),
        .object(["id": .string("card"), "range": .object(["child": .string("card"), "name": .string("cover")]),
                 "from": .number(0), "to": .number(1)]),
    ])

    private func make(tracks: OptionValue = tracks, offset: Double = -200) throws -> (Container, ContainerUpdate) {
        var options = ContainerOptions()
        options["tracks"] = tracks
        return try Container.create(
            viewport: Viewport(width: 375, height: 600),
            children: [.fixed("head", height: 1000), .fixed("card", height: 200), .scroll("list", contentHeight: 3000)],
            offset: offset, options: options)
    }

    private func values(_ container: Container) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: container.trackValues!.entries.map { ($0.id, $0.value) })
    }

    func testSeedNavigationBarGoldens() throws {
        var (container, _) = try make()
        XCTAssertEqual(values(container), ["title": 36, "button": 20, "card": 0], "held before the range")
        let goldens: [(Double, Double, Double)] = [(-130, 36, 20), (-115.15, 28.8, 16), (-113.5, 28, 16), (-97, 20, 16), (50, 20, 16)]
        for (offset, title, button) in goldens {
            _ = try container.apply(.offset(offset))
            XCTAssertEqual(values(container)["title"]!, title, accuracy: 1e-12, "title at \(offset)")
            XCTAssertEqual(values(container)["button"]!, button, accuracy: 1e-12, "button at \(offset)")
        }
    }

    func testViewTrackFollowsItsChildsCoverRange() throws {
        // card: T 1000, H 200, V 600: cover [400, 1200].
        var (container, _) = try make()
        for (offset, progress) in [(400.0, 0.0), (800, 0.5), (1200, 1), (2000, 1)] {
            _ = try container.apply(.offset(offset))
            XCTAssertEqual(values(container)["card"], progress, "at \(offset)")
        }
    }

    /// The goldens of docs/design.md#collapsing-header-and-tracks (V 600, T 1000, H 200) through a session:
    /// each named range of `card` runs from 0 at its start to 1 at its end.
    func testEveryNamedRangeOfAChildGoldens() throws {
        let ranges: [(String, Double, Double)] = [("cover", 400, 1200), ("contain", 600, 1000), ("entry", 400, 600),
                                                  ("exit", 1000, 1200), ("entry-crossing", 400, 600),
                                                  ("exit-crossing", 1000, 1200)]
        let tracks = OptionValue.array(ranges.map { name, _, _ in
            .object(["id": .string(name), "range": .object(["child": .string("card"), "name": .string(name)]),
                     "from": .number(0), "to": .number(1)])
        })
        var (container, _) = try make(tracks: tracks)
        for (name, start, end) in ranges {
            _ = try container.apply(.offset(start))
            XCTAssertEqual(container.trackValues!.entries.first { $0.id == name }!.value, 0, "\(name) at its start \(start)")
            _ = try container.apply(.offset((start + end) / 2))
            XCTAssertEqual(container.trackValues!.entries.first { $0.id == name }!.value, 0.5, "\(name) halfway")
            _ = try container.apply(.offset(end))
            XCTAssertEqual(container.trackValues!.entries.first { $0.id == name }!.value, 1, "\(name) at its end \(end)")
        }
    }

    func testChangedListsOnlyTheValuesTheUpdateChanged() throws {
        var (container, _) = try make()
        for (offset, changed, why) in [(-113.5, [0, 1], ""), (-100, [0], "the button holds 16 past 0.45"), (-90, [0], ""),
                                       (-80, [], "every value held")] {
            _ = try container.apply(.offset(offset))
            XCTAssertEqual(container.trackValues?.changed, changed, why)
        }
        XCTAssertEqual(container.trackValues?.values, [20, 16, 0])
    }

    func testATrackWhoseChildIsRemovedHoldsProgressZero() throws {
        var (container, _) = try make(offset: 800)
        XCTAssertEqual(container.trackValues?.values[2], 0.5)
        _ = try container.apply(.remove(["card"]))
        XCTAssertEqual(values(container)["card"], 0)
        // Its snapshot still names the child, as the session's options do.
        let restored = try Container(restoring: container.snapshot())
        XCTAssertEqual(restored.snapshot(), container.snapshot())
        XCTAssertEqual(values(restored)["card"], 0)
    }

    func testRestoreCarriesEveryValue() throws {
        var (container, _) = try make()
        _ = try container.apply(.offset(-113.5))
        let restored = try Container(restoring: container.snapshot())
        XCTAssertEqual(restored.trackValues, TrackValues(
            try TrackSet(ScrollLinkedTracks.tracks(in: container.options), childIndex: container.childIndex(of:)),
            at: -113.5, subject: { _ in TimelineSubject(top: 1000, height: 200, viewport: 600) }))
    }

    func testASessionWithoutTracksCarriesNone() throws {
        var (container, _) = try make(tracks: .null)
        XCTAssertNil(container.trackValues)
        _ = try container.apply(.offset(10))
        XCTAssertNil(container.trackValues)
    }

    func testMalformedTracksNameTheirMember() throws {
        func track(_ members: [String: OptionValue]) -> OptionValue {
            .array([.object(["id": .string("t"), "range": .object(["start": .number(0), "end": .number(10)]),
                             "from": .number(0), "to": .number(1)].merging(members) { $1 })])
        }
        let cases: [(OptionValue, String)] = [
            (track(["from": .null, "to": .null, "keyframes": .array([.object(["at": .number(0.5), "value": .number(1)]),
                                                                       .object(["at": .number(0.2), "value": .number(1)])])]),
             "options.tracks[0].keyframes[1].at"),
            (track(["from": .null, "to": .null, "keyframes": .array([.object(["at": .number(1.5), "value": .number(1)])])]),
             "options.tracks[0].keyframes[0].at"),
            (track(["range": .object(["start": .number(10), "end": .number(0)])]), "options.tracks[0].range.start"),
            (track(["range": .object(["child": .string("card"), "name": .string("middle")])]), "options.tracks[0].range.name"),
            (track(["range": .object(["child": .string("nope"), "name": .string("cover")])]), "options.tracks[0].range.child"),
            (track(["easing": .string("steps(0)")]), "options.tracks[0].easing"),
            (track(["to": .null]), "options.tracks[0].to"),
            (.array([track([:]).items![0], track([:]).items![0]]), "options.tracks[1].id"),
        ]
        for (tracks, field) in cases {
            // `.null` members stand for "not given".
            let given = OptionValue.array(tracks.items!.map { element in
                guard case .object(let members) = element else { return element }
                return .object(members.filter { $0.value != .null })
            })
            XCTAssertThrowsError(try make(tracks: given), field) { error in
                XCTAssertEqual((error as? ContainerError)?.field.description, field)
            }
        }
    }
}
