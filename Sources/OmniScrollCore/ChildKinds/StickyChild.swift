/// A bar that scrolls in flow until it reaches its pin line, then stays
/// pinned there; it joins the pinned stack (`StickyPins`), so its height
/// counts above every later child.
public struct StickyChild: ChildKindRule, Equatable, Sendable {
    /// The distance of the pin line below the viewport top, before the
    /// heights of the bars pinned above are added.
    public var pinOffset: Double

    public init(pinOffset: Double = 0) { self.pinOffset = pinOffset }

    static let kind = ChildKind.sticky
    static let sizeMember: StaticString = "height"
    static let requiresSize = true
    static let payloadMembers: [KindMember] = [.length("pinOffset")]

    static func payload(_ values: [OptionValue?]) -> ChildPayload {
        .sticky(StickyChild(pinOffset: values[0]?.number ?? 0))
    }

    static func values(of payload: ChildPayload) -> [OptionValue] { pinOffset(of: payload).map { [.number($0)] } ?? [] }

    static func pinOffset(of payload: ChildPayload) -> Double? {
        if case .sticky(let bar) = payload { bar.pinOffset } else { nil }
    }

    @inline(__always)
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        let pinTop = stack.pins.pinTop(ofChild: i)
        return offset + pinTop >= top
            ? ChildPlacement(frameTop: offset + pinTop, isPinned: true)
            : ChildPlacement(frameTop: top)
    }
}

extension ChildSpec {
    public static func sticky(_ id: String, height: Double, pinOffset: Double = 0) -> ChildSpec {
        ChildSpec(id: id, size: height, payload: .sticky(StickyChild(pinOffset: pinOffset)))
    }
}
