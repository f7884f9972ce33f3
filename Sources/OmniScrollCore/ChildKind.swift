/// What a child is and how it lays out.
public enum ChildKind: String, CaseIterable, Sendable {
    /// A scrollable child (web view, list) with its own content height `C`.
    /// Its frame height is `min(C, V − pinned bars above it)`; its inner offset
    /// lives in `[0, C − H]`.
    case scroll
    /// A plain view of a fixed height that scrolls with the container. May be
    /// taller than the viewport.
    case fixed
    /// A bar that scrolls in flow until it reaches its pin line, then stays pinned.
    case sticky
}

/// A child as the client declares it.
public struct ChildSpec: Equatable, Sendable {
    public var id: String
    public var kind: ChildKind
    /// The content height of a `scroll` child or the height of a `fixed` or
    /// `sticky` one; `nil` while it is not known yet (it counts as 0).
    public var size: Double?
    /// For `sticky` children: the distance of the pin line below the viewport
    /// top, before the heights of the sticky bars above are added.
    public var pinOffset: Double

    public init(id: String, kind: ChildKind, size: Double?, pinOffset: Double = 0) {
        self.id = id
        self.kind = kind
        self.size = size
        self.pinOffset = pinOffset
    }

    public static func scroll(_ id: String, contentHeight: Double?) -> ChildSpec {
        ChildSpec(id: id, kind: .scroll, size: contentHeight)
    }

    public static func fixed(_ id: String, height: Double?) -> ChildSpec {
        ChildSpec(id: id, kind: .fixed, size: height)
    }

    public static func sticky(_ id: String, height: Double, pinOffset: Double = 0) -> ChildSpec {
        ChildSpec(id: id, kind: .sticky, size: height, pinOffset: pinOffset)
    }
}
