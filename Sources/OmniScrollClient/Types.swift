import OmniScrollJSON

// Native result types. Each keeps members it does not know in `extra`, so
// protocol additions never break the client.

func num(_ o: JSONObject, _ key: String, _ what: String) throws -> Double {
    guard let d = o[key]?.doubleValue else {
        throw OmniScrollClientError.unexpectedResult(method: what, reason: "\(key) must be a number")
    }
    return d
}

/// An integer member: a reply's number converted only when it is a whole
/// number `Int64` holds (`Int64(_:)` traps on 1e300 and truncates 0.5),
/// else the reply is unexpected.
func integer(_ o: JSONObject, _ key: String, _ what: String) throws -> Int64 {
    guard let n = Int64(exactly: try num(o, key, what)) else {
        throw OmniScrollClientError.unexpectedResult(method: what, reason: "\(key) must be an integer")
    }
    return n
}

func object(_ v: JSONValue?, _ what: String) throws -> JSONObject {
    guard let o = v?.objectValue else {
        throw OmniScrollClientError.unexpectedResult(method: what, reason: "expected an object")
    }
    return o
}

func extras(_ o: JSONObject, _ known: Set<String>) -> JSONObject {
    JSONObject(o.members.filter { !known.contains($0.key) })
}

public struct Rect: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public var extra: JSONObject
    init(json: JSONValue?) throws {
        let o = try object(json, "frame")
        x = try num(o, "x", "frame"); y = try num(o, "y", "frame")
        width = try num(o, "width", "frame"); height = try num(o, "height", "frame")
        extra = extras(o, ["x", "y", "width", "height"])
    }
}

public struct Point: Sendable, Equatable {
    public var x: Double, y: Double
    public var extra: JSONObject
    init(json: JSONValue?) throws {
        let o = try object(json, "contentOffset")
        x = try num(o, "x", "contentOffset"); y = try num(o, "y", "contentOffset")
        extra = extras(o, ["x", "y"])
    }
}

public struct ContentView: Sendable, Equatable {
    public var top: Double, height: Double
    public var extra: JSONObject
    init(json: JSONValue?) throws {
        let o = try object(json, "contentView")
        top = try num(o, "top", "contentView"); height = try num(o, "height", "contentView")
        extra = extras(o, ["top", "height"])
    }
}

public struct ChildLayout: Sendable, Equatable {
    public var id: String
    public var frame: Rect
    public var contentOffset: Point
    public var visibleHeight: Double
    /// Collapsing children only: 0 expanded to 1 collapsed; `nil` for other kinds.
    public var collapse: Double?
    public var extra: JSONObject
    init(json: JSONValue) throws {
        let o = try object(json, "child")
        guard let id = o["id"]?.stringValue else {
            throw OmniScrollClientError.unexpectedResult(method: "child", reason: "id must be a string")
        }
        self.id = id
        frame = try Rect(json: o["frame"])
        contentOffset = try Point(json: o["contentOffset"])
        visibleHeight = try num(o, "visibleHeight", "child")
        collapse = try o["collapse"].map { _ in try num(o, "collapse", "child") }
        extra = extras(o, ["id", "frame", "contentOffset", "visibleHeight", "collapse"])
    }

    /// A pager's selected page id (`nil` for other kinds).
    public var selectedPage: String? { extra["selected"]?.stringValue }
    /// A pager's horizontal offset in pages.
    public var pageProgress: Double? { extra["pageProgress"]?.doubleValue }
    /// A pager's pages in view, each as a child layout (id, frame, inner offset, visible height).
    public var pages: [ChildLayout] {
        (extra["pages"]?.arrayValue ?? []).compactMap { try? ChildLayout(json: $0) }
    }
}

public struct Event: Sendable, Equatable {
    public var type: String
    public var child: String?
    /// Every other member (direction, offset, components…), kept in `extra`
    /// like every other type's members it does not name.
    public var extra: JSONObject
    init(json: JSONValue) throws {
        let o = try object(json, "event")
        guard let t = o["type"]?.stringValue else {
            throw OmniScrollClientError.unexpectedResult(method: "event", reason: "type must be a string")
        }
        type = t
        child = o["child"]?.stringValue
        extra = extras(o, ["type", "child"])
    }
}

public struct Target: Sendable, Equatable {
    /// `nil` while the target is pending on an unknown size.
    public var offset: Double?
    public var pending: Bool
    public var extra: JSONObject
    init(json: JSONValue) throws {
        let o = try object(json, "target")
        offset = (o["offset"]?.isNull ?? true) ? nil : try num(o, "offset", "target")
        pending = o["pending"]?.boolValue ?? false
        extra = extras(o, ["offset", "pending"])
    }
}

/// The motion the engine runs: where it rests and when, in seconds after its start.
public struct Motion: Sendable, Equatable {
    public var target: Double
    public var duration: Double
    public var extra: JSONObject
    init(json: JSONValue) throws {
        let o = try object(json, "motion")
        target = try num(o, "target", "motion")
        duration = try num(o, "duration", "motion")
        extra = extras(o, ["target", "duration"])
    }
}

public struct Layout: Sendable, Equatable {
    public var session: String
    public var revision: Int
    public var offset: Double
    public var contentHeight: Double
    public var minOffset: Double
    public var maxOffset: Double
    public var direction: String?
    public var phase: String
    public var activeChild: String?
    /// Only in feed sessions (`options.feed`): the committed current child.
    public var currentChild: String?
    public var contentView: ContentView
    public var children: [ChildLayout]
    public var events: [Event]
    /// In the reply of the call that started a motion (a release with a velocity, a spring back…).
    public var motion: Motion?
    public var anchorShift: Double?
    /// How far the engine clamped the offset back into `[minOffset, maxOffset]`; `nil` when it did not.
    public var clampShift: Double?
    public var target: Target?
    /// Sessions with `options.tracks` only: track values by id (a delta
    /// session: only the values this call changed); `nil` without tracks.
    public var tracks: [String: Double]?
    public var extra: JSONObject
    /// The reply exactly as decoded.
    public var raw: JSONValue

    public init(json: JSONValue) throws {
        let o = try object(json, "Layout")
        guard let s = o["session"]?.stringValue else {
            throw OmniScrollClientError.unexpectedResult(method: "Layout", reason: "session must be a string")
        }
        session = s
        revision = Int(try integer(o, "revision", "Layout"))
        offset = try num(o, "offset", "Layout")
        contentHeight = try num(o, "contentHeight", "Layout")
        minOffset = try num(o, "minOffset", "Layout")
        maxOffset = try num(o, "maxOffset", "Layout")
        direction = o["direction"]?.stringValue
        phase = o["phase"]?.stringValue ?? ScrollPhase.idle.rawValue
        activeChild = o["activeChild"]?.stringValue
        currentChild = o["currentChild"]?.stringValue
        contentView = try ContentView(json: o["contentView"])
        guard let cs = o["children"]?.arrayValue, let es = o["events"]?.arrayValue else {
            throw OmniScrollClientError.unexpectedResult(method: "Layout", reason: "children and events must be arrays")
        }
        children = try cs.map(ChildLayout.init(json:))
        events = try es.map(Event.init(json:))
        motion = try o["motion"].flatMap { $0.isNull ? nil : try Motion(json: $0) }
        anchorShift = o["anchorShift"]?.doubleValue
        clampShift = o["clampShift"]?.doubleValue
        target = try o["target"].flatMap { $0.isNull ? nil : try Target(json: $0) }
        tracks = try o["tracks"].map { (value) throws in
            let values = try object(value, "Layout.tracks")
            return try Dictionary(values.members.map { ($0.key, try num(values, $0.key, "Layout.tracks")) }) { $1 }
        }
        extra = extras(o, ["session", "revision", "offset", "contentHeight", "minOffset", "maxOffset", "direction",
                           "phase", "activeChild", "currentChild", "contentView", "children", "events", "motion", "tracks", "anchorShift",
                           "clampShift", "target"])
        raw = json
    }

    /// The layout of one child, if the reply lists it.
    public func child(_ id: String) -> ChildLayout? { children.first { $0.id == id } }
    public var eventTypes: [String] { events.map(\.type) }
}

public struct SessionInfo: Sendable, Equatable {
    public var id: String
    /// What the session lays out: `"container"` (the stack of children).
    public var engine: String
    public var children: JSONValue?
    public var revision: Int
    public var extra: JSONObject
    init(json: JSONValue) throws {
        let o = try object(json, "session.list")
        guard let id = o["id"]?.stringValue else {
            throw OmniScrollClientError.unexpectedResult(method: "session.list", reason: "id must be a string")
        }
        self.id = id
        guard let engine = o["engine"]?.stringValue else {
            throw OmniScrollClientError.unexpectedResult(method: "session.list", reason: "engine must be a string")
        }
        self.engine = engine
        children = o["children"]
        revision = Int(try integer(o, "revision", "session.list"))
        extra = extras(o, ["id", "engine", "children", "revision"])
    }
}

/// One entry of `session.templates`: a name `create(template:)` takes.
public struct TemplateInfo: Sendable, Equatable {
    public var name: String
    /// `true` for the templates compiled into the worker, `false` for defined ones.
    public var builtIn: Bool
    public var extra: JSONObject
    init(json: JSONValue) throws {
        let o = try object(json, "TemplateList")
        guard let name = o["name"]?.stringValue else {
            throw OmniScrollClientError.unexpectedResult(method: "TemplateList", reason: "name must be a string")
        }
        self.name = name
        builtIn = o["builtIn"]?.boolValue ?? false
        extra = extras(o, ["name", "builtIn"])
    }
}

public struct InitializeResult: Sendable, Equatable {
    public var serverName: String
    public var serverVersion: String
    public var protocolVersion: JSONValue?
    public var capabilities: JSONObject
    public var extra: JSONObject
    init(json: JSONValue) throws {
        let o = try object(json, "initialize")
        serverName = o["serverInfo"]?["name"]?.stringValue ?? ""
        serverVersion = o["serverInfo"]?["version"]?.stringValue ?? ""
        protocolVersion = o["protocolVersion"]
        capabilities = o["capabilities"]?.objectValue ?? JSONObject()
        extra = extras(o, ["serverInfo", "protocolVersion", "capabilities"])
    }
}

/// A child declaration for `create` / `insertChildren`.
public struct ChildSpec: Sendable, Equatable {
    public var id: String
    public var kind: String
    public var contentHeight: Double?
    public var height: Double?
    public var pinOffset: Double?
    public var extra: JSONObject

    public init(id: String, kind: String, contentHeight: Double? = nil, height: Double? = nil,
                pinOffset: Double? = nil, extra: JSONObject = JSONObject()) {
        self.id = id; self.kind = kind; self.contentHeight = contentHeight
        self.height = height; self.pinOffset = pinOffset; self.extra = extra
    }

    /// A scrollable child; `nil` content height means "not known yet".
    public static func scroll(_ id: String, contentHeight: Double? = nil) -> ChildSpec {
        ChildSpec(id: id, kind: ChildKind.scroll.rawValue, contentHeight: contentHeight)
    }
    public static func fixed(_ id: String, height: Double) -> ChildSpec { ChildSpec(id: id, kind: ChildKind.fixed.rawValue, height: height) }
    public static func sticky(_ id: String, height: Double, pinOffset: Double? = nil) -> ChildSpec {
        ChildSpec(id: id, kind: ChildKind.sticky.rawValue, height: height, pinOffset: pinOffset)
    }
    /// A pager of `pages` (id, content height or `nil` while unknown); its
    /// own height is its selected page's.
    public static func pager(_ id: String, pages: [(id: String, contentHeight: Double?)], selected: String? = nil,
                             offsetPolicy: ChildSpecOffsetPolicy? = nil, fillViewport: Bool? = nil) -> ChildSpec {
        var extra: JSONObject = ["pages": .array(pages.map { page in
            var o: JSONObject = ["id": .string(page.id)]
            if let height = page.contentHeight { o["contentHeight"] = .number(height) }
            return .object(o)
        })]
        if let selected { extra["selected"] = .string(selected) }
        if let offsetPolicy { extra["offsetPolicy"] = .string(offsetPolicy.rawValue) }
        if let fillViewport { extra["fillViewport"] = .bool(fillViewport) }
        return ChildSpec(id: id, kind: ChildKind.pager.rawValue, extra: extra)
    }

    /// A full-screen feed item: exactly one viewport tall, it takes no size.
    public static func page(_ id: String) -> ChildSpec { ChildSpec(id: id, kind: ChildKind.page.rawValue) }

    /// A header collapsing from `maxHeight` to `minHeight`; `mode` is `pinned`, `scroll` or `floating`.
    public static func collapsing(_ id: String, maxHeight: Double, minHeight: Double = 0,
                                  mode: String = "pinned") -> ChildSpec {
        ChildSpec(id: id, kind: ChildKind.collapsing.rawValue,
                  extra: ["maxHeight": .number(maxHeight), "minHeight": .number(minHeight), "mode": .string(mode)])
    }

    public var json: JSONValue {
        var o: JSONObject = ["id": .string(id), "kind": .string(kind)]
        if let contentHeight { o["contentHeight"] = .number(contentHeight) }
        if let height { o["height"] = .number(height) }
        if let pinOffset { o["pinOffset"] = .number(pinOffset) }
        for m in extra.members { o[m.key] = m.value }
        return .object(o)
    }
}
