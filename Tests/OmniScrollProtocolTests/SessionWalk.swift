import OmniScrollJSON
import OmniScrollTestSupport

/// A seeded random client: builds session calls of every kind against the
/// sessions and children it has seen created, for property tests of the
/// worker's replies.
struct SessionWalk {
    private var random: SeededGenerator
    private var session: String?
    private var children: [String] = []
    /// The page ids of each pager child seen created, by pager id.
    private var pagers: [String: [String]] = [:]
    private var nextChild = 0
    /// The last snapshot taken, restored later under a new id.
    private var snapshot: JSONValue?
    private var restored = 0
    /// The walk's frame clock (seconds), for ticks and releases.
    private var time = 0.0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func length(_ max: Int) -> JSONValue { .number(Double(below(max * 4)) / 4) }
    private mutating func pick(_ values: [String]) -> JSONValue { .string(values[below(values.count)]) }

    private mutating func childSpec() -> JSONValue {
        nextChild += 1
        let id = JSONValue.string("c\(nextChild)")
        switch below(5) {
        case 3:
            let pages: [JSONValue] = (0..<1 + below(3)).map { k in
                ["id": .string("c\(nextChild)p\(k)"), "contentHeight": chance(20) ? .null : length(4000)]
            }
            return ["id": id, "kind": "pager", "pages": .array(pages), "offsetPolicy": pick(["preserve", "reset", "sync"]),
                    "fillViewport": .bool(chance(70))]
        case 0: return ["id": id, "kind": "scroll", "contentHeight": chance(20) ? .null : length(3000)]
        case 1: return ["id": id, "kind": "fixed", "height": chance(20) ? .null : length(400)]
        case 2: return ["id": id, "kind": "page"]
        default: return chance(50) ? ["id": id, "kind": "sticky", "height": length(60), "pinOffset": length(20)]
                                   : ["id": id, "kind": "sticky", "height": length(60)]
        }
    }

    /// A pager seen created and its pages, or `none` with no pages.
    private mutating func pager() -> (id: JSONValue, pages: [String]) {
        let ids = children.filter { pagers[$0] != nil }
        guard !ids.isEmpty else { return ("none", []) }
        let id = ids[below(ids.count)]
        return (.string(id), pagers[id]!)
    }

    private mutating func child() -> JSONValue { children.isEmpty ? "none" : .string(children[below(children.count)]) }

    /// The next call: a method and its params.
    mutating func nextCall() -> (String, JSONObject) {
        guard let session else {
            var options: JSONObject = ["anchoring": .bool(chance(70)), "delta": .bool(chance(30)), "seedEvents": .bool(chance(50))]
            if chance(50) { options.append("refresh", ["threshold": .number(Double(1 + below(100)))]) }
            if chance(50) { options.append("loadMore", ["distance": length(500)]) }
            if chance(50) { options.append("feed", ["preload": ["ahead": .number(Double(below(4))), "behind": .number(Double(below(4)))]]) }
            if chance(50) { options.append("physics", ["preset": pick(["ios", "iosFast", "android", "flutter"]), "rubberBand": .bool(chance(80))]) }
            if chance(20) {
                options.append("paging", .bool(true))
            } else if chance(30) {
                options.append("snap", chance(50) ? ["interval": .number(Double(50 + below(500)))]
                                                  : ["children": .bool(true), "mode": pick(["mandatory", "proximity"])])
            }
            var specs: [JSONValue] = []
            for _ in 0..<below(7) { specs.append(childSpec()) }
            return ("session.create", ["viewport": ["width": .number(Double(100 + below(400))), "height": .number(Double(100 + below(900)))],
                                       "insets": ["top": length(100), "bottom": length(100)], "children": .array(specs),
                                       "options": .object(options)])
        }
        let s = JSONValue.string(session)
        let phases = ["idle", "dragging", "decelerating", "animating"]
        switch below(25) {
        case 0...5: return ("session.scroll", chance(70) ? ["session": s, "offset": .number(Double(below(6000)) - 300)]
                                                    : ["session": s, "offset": .number(Double(below(6000)) - 300), "phase": pick(phases)])
        case 6: return ("session.setContentHeight", ["session": s, "child": child(), "contentHeight": length(3000)])
        case 7:
            var sizes = JSONObject()
            for _ in 0..<below(3) { if case .string(let id) = child() { sizes[id] = length(3000) } }
            return ("session.update", ["session": s, "sizes": .object(sizes), "offset": .number(Double(below(4000)))])
        case 8: return ("session.setViewport", ["session": s, "width": .number(Double(100 + below(400))), "height": .number(Double(100 + below(900)))])
        case 9: return ("session.setInsets", ["session": s, "top": length(100)])
        case 10: return ("session.insertChildren", ["session": s, "children": [childSpec()], "index": .number(Double(below(children.count + 1)))])
        case 11: return ("session.removeChildren", ["session": s, "children": [child()]])
        case 12: return ("session.scrollToChild", ["session": s, "child": child(), "position": pick(["top", "center", "bottom"]), "animated": .bool(chance(50))])
        case 13: return ("session.beginDragging", ["session": s])
        case 14:
            guard chance(50) else { return ("session.endDragging", ["session": s, "decelerate": .bool(chance(50))]) }
            return ("session.endDragging", ["session": s, "velocity": .number(Double(below(8000)) - 4000), "time": advanceClock()])
        case 15: return (["session.endScrolling", "session.endRefreshing", "session.endLoadingMore"][below(3)], ["session": s])
        case 16: return (["session.get", "session.snapshot"][below(2)], ["session": s])
        case 17:
            if let snapshot, chance(50) {
                restored += 1
                return ("session.restore", ["snapshot": snapshot, "id": .string("restored\(restored)")])
            }
            switch below(3) {
            case 0: return ("session.list", [:])
            case 1: return ("session.templates", [:])
            default: return ("session.defineTemplate", ["name": .string("t\(below(4))"), "template": ["children": [childSpec()]]])
            }
        case 18: return ("session.drag", ["session": s, "translation": .number(Double(below(4000)) - 2000)])
        case 19: return ("session.tick", ["session": s, "time": advanceClock()])
        case 20:
            let (pager, pages) = self.pager()
            return ("session.selectPage", ["session": s, "child": pager, "page": pages.isEmpty ? "none" : pick(pages)])
        case 21: return ("session.scrollPager", ["session": s, "child": self.pager().id, "offset": .number(Double(below(1200)) - 100)])
        case 22:
            return ("session.endPagerDragging", ["session": s, "child": self.pager().id, "velocity": .number(Double(below(4000)) - 2000),
                                                 "time": advanceClock()])
        case 23:
            return ("session.pointer", ["session": s, "phase": pick(["down", "move", "move", "up", "cancel"]),
                                        "x": .number(Double(below(500))), "y": .number(Double(below(1000))), "time": advanceClock()])
        default: return ("session.destroy", ["session": s])
        }
    }

    /// The clock a frame later (0 to 50 ms), sometimes (5 %) going back, which must be refused.
    private mutating func advanceClock() -> JSONValue {
        time += chance(5) ? -0.5 : Double(below(50)) / 1000
        return .number(time)
    }

    /// Follows what the reply says: the session created or destroyed, children inserted or removed.
    mutating func observe(method: String, params: JSONObject, reply: JSONValue?) {
        guard reply?["result"] != nil else { return }
        for spec in (method == "session.restore" ? snapshot : params.isEmpty ? nil : JSONValue.object(params))?["children"]?.arrayValue ?? []
        where spec["kind"]?.stringValue == "pager" {
            if let id = spec["id"]?.stringValue {
                pagers[id] = spec["pages"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            }
        }
        switch method {
        case "session.create":
            session = reply?["result"]?["session"]?.stringValue
            children = params["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        case "session.insertChildren":
            children += params["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        case "session.removeChildren":
            let removed = Set(params["children"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            children.removeAll { removed.contains($0) }
        case "session.snapshot":
            snapshot = reply?["result"]
        case "session.restore":
            session = reply?["result"]?["session"]?.stringValue
            children = snapshot?["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        case "session.destroy":
            session = nil
        default:
            break
        }
    }
}
