import OmniScrollJSON

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
