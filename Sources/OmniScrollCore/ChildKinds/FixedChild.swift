/// A plain view of a fixed height that scrolls with the container, in flow.
/// May be taller than the viewport.
enum FixedChild: ChildKindRule {
    static let kind = ChildKind.fixed
    static let sizeMember: StaticString = "height"
    static let requiresSize = false

    static func payload(_ values: [OptionValue?]) -> ChildPayload { .fixed }

    @inline(__always)
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        ChildPlacement(frameTop: top)
    }
}

extension ChildSpec {
    public static func fixed(_ id: String, height: Double?) -> ChildSpec {
        ChildSpec(id: id, size: height, payload: .fixed)
    }
}
