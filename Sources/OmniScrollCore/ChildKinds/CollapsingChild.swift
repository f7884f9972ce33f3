/// A header that collapses with scrolling (docs/design.md#collapsing-header-and-tracks; Flutter's
/// `SliverPersistentHeader`, Android's `AppBarLayout`). It takes `maxHeight`
/// of content and joins the pinned stack at its pin line. Scrolled `e`
/// past that line (its effective scroll offset), its extent is
/// `max(minHeight, maxHeight − e)`; its paint extent (the part on screen
/// below the pin line, which scroll children below see as pinned height)
/// is the extent for `pinned` and `max(0, maxHeight − e)` for `scroll` and
/// `floating`, which scroll away once collapsed. `floating`'s `e` follows
/// the path (`CollapsingHeaders`), the others' is how far the offset has
/// carried its natural top past the pin line.
public struct CollapsingChild: ChildKindRule, Equatable, Sendable {
    public enum Mode: String, CaseIterable, Sendable {
        /// Shrinks to `minHeight`, then stays at the pin line like a sticky bar.
        case pinned
        /// Shrinks to `minHeight`, then scrolls away.
        case scroll
        /// Like `scroll`, but comes back as soon as the offset goes down (Android's `enterAlways`).
        case floating
    }

    public var minHeight: Double
    public var mode: Mode
    /// Settles a header left partly collapsed to the nearer end once the
    /// phase becomes idle (`CollapsingHeaders`: a motion on `session.tick`).
    public var snap: Bool

    public init(minHeight: Double, mode: Mode = .pinned, snap: Bool = false) {
        self.minHeight = minHeight
        self.mode = mode
        self.snap = snap
    }

    static let kind = ChildKind.collapsing
    static let sizeMember: StaticString = "maxHeight"
    static let requiresSize = true
    static let payloadMembers: [KindMember] = [.length("minHeight"), .choice("mode", of: Mode.self), .boolean("snap")]
    static let layoutMembers = KindLayoutMembers.number("collapse")

    static func payload(_ values: [OptionValue?]) -> ChildPayload {
        .collapsing(CollapsingChild(minHeight: values[0]?.number ?? 0,
                                    mode: values[1]?.string.flatMap(Mode.init(rawValue:)) ?? .pinned,
                                    snap: values[2]?.bool ?? false))
    }

    static func values(of payload: ChildPayload) -> [OptionValue] {
        guard case .collapsing(let header) = payload else { return [] }
        return [.number(header.minHeight), .string(header.mode.rawValue), .bool(header.snap)]
    }

    static func pinOffset(of payload: ChildPayload) -> Double? {
        if case .collapsing = payload { 0 } else { nil }
    }

    /// What every pin line below counts for the header: the `minHeight` a
    /// pinned header keeps; nothing for one that scrolls away.
    static func pinnedHeight(of payload: ChildPayload, natural: Double) -> Double {
        guard case .collapsing(let header) = payload else { return natural }
        return header.pinnedHeight
    }

    /// `pinnedHeight(of:natural:)` for this header.
    var pinnedHeight: Double { mode == .pinned ? minHeight : 0 }

    static func validate(_ spec: ChildSpec, ids: inout DeclaredIDs, field: @autoclosure () -> FieldPath,
                         change: Int) throws(ContainerError) {
        guard case .collapsing(let header) = spec.payload, let size = spec.size, header.minHeight > size else { return }
        throw ContainerError(.invalidValue, change: change, field: field().member("minHeight"),
                             reason: "must not be greater than maxHeight (\(CSSNumber.text(size)))")
    }

    /// The placement without a path (`floating` as if it never came back):
    /// what the kind table's `place` gives; `Layout` places headers from
    /// their `HeaderState`.
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        guard case .collapsing(let header) = stack.payloads[i] else { return ChildPlacement(frameTop: top) }
        let pinTop = stack.pins.pinTop(ofChild: i)
        let past = offset + pinTop - top
        let state = header.state(scrolledPast: max(0, past), carried: max(0, past), natural: stack.naturalHeight(i), isHeld: past > 0)
        return state.placement(top: top, pinLine: offset + pinTop)
    }

    /// `collapse` (`Layout.collapse(ofChild:)`).
    static func layoutNumber(ofChild i: Int, in layout: Layout) -> Double { layout.collapse(ofChild: i) ?? 0 }

    /// The header's extent, paint extent and collapse at effective scroll
    /// offset `e ≥ 0` with `maxHeight` `natural`; `carried`: how far the
    /// offset carries its natural top past its pin line (`isHeld`: at all).
    func state(scrolledPast e: Double, carried: Double, natural: Double, isHeld: Bool) -> HeaderState {
        let extent = max(minHeight, natural - e)
        let paint = mode == .pinned ? extent : max(0, natural - e)
        // A header whose ends coincide has nothing to collapse: it stays expanded.
        let collapse = natural > minHeight ? (natural - extent) / (natural - minHeight) : 0
        // Scrolling away: its bottom reaches less far below the pin line
        // than its extent.
        let isAway = mode != .pinned && natural - e < extent
        let slack = paint - pinnedHeight
        // From the natural top, the small numbers first: far along (offset
        // 1e24) the pin line and `e` are both huge, and the pin line plus
        // `natural − e` lost the header's place (issue 26).
        let awayTop = (carried - e) + (natural - extent)
        return HeaderState(isHeld: isHeld, isAway: isAway, extent: extent, paint: paint, awayTop: awayTop,
                           collapse: collapse, slack: slack)
    }
}

/// A collapsing header at one offset.
struct HeaderState: Equatable, Sendable {
    /// Whether the offset carries its natural top past its pin line, so it
    /// is held there (a floating header that came back whole has `e` 0 but is held).
    var isHeld: Bool
    /// Whether it is scrolling away (its bottom less than its extent below
    /// the pin line).
    var isAway: Bool
    var extent: Double
    /// The part of it below the pin line, on screen.
    var paint: Double
    /// Where its frame top is below its natural top while it is away.
    var awayTop: Double
    /// 0 expanded … 1 collapsed.
    var collapse: Double
    /// What it adds to the pinned height below it beyond its `pinnedHeight`
    /// (which the pinned stack counts already): its paint extent minus that.
    var slack: Double

    /// In flow at its natural top while not scrolled past the pin line;
    /// else at the pin line, or where it left while away (so a header that has
    /// scrolled away stays where it left, in content coordinates).
    func placement(top: Double, pinLine: Double) -> ChildPlacement {
        guard isHeld else { return ChildPlacement(frameTop: top) }
        return ChildPlacement(frameTop: isAway ? top + awayTop : pinLine, isPinned: isPinned)
    }

    /// Held at its pin line with some of it painted.
    var isPinned: Bool { isHeld && paint > 0 }
}

extension ChildSpec {
    public static func collapsing(_ id: String, maxHeight: Double, minHeight: Double,
                                  mode: CollapsingChild.Mode = .pinned, snap: Bool = false) -> ChildSpec {
        ChildSpec(id: id, size: maxHeight, payload: .collapsing(CollapsingChild(minHeight: minHeight, mode: mode, snap: snap)))
    }
}
