/// A full-screen item of a feed (seed 003's Douyin item): in flow, exactly
/// one viewport tall, following every viewport change. Its height is never
/// declared, so it is always known.
enum PageChild: ChildKindRule {
    static let kind = ChildKind.page
    /// The member a page does not take: a height given is refused (`Validation.children`).
    static let sizeMember: StaticString = "height"
    static let requiresSize = false
    static let isViewportTall = true

    static func payload(_ values: [OptionValue?]) -> ChildPayload { .page }

    @inline(__always)
    static func place(_ i: Int, top: Double, height: Double, in stack: ChildStack, offset: Double) -> ChildPlacement {
        ChildPlacement(frameTop: top)
    }
}

extension ChildSpec {
    public static func page(_ id: String) -> ChildSpec {
        ChildSpec(id: id, size: nil, payload: .page)
    }
}
