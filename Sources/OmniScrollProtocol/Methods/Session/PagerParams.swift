import OmniScrollCore
import OmniScrollJSON

/// The members of a `pager` child spec: the one kind whose members are not
/// lengths (pages, a selected page id, a policy, a snap rule), so it is
/// decoded and written here rather than from `ChildKind.payloadMembers`.
enum PagerParams {
    /// `pageSnap`: the threshold is a fraction of a page in (0, 1].
    static let pageSnap = Schema.object([
        .optional("threshold", .number(exclusiveMinimum: 0, maximum: 1)),
        .optional("minFlingVelocity", Schema.length),
    ])
    static let page = Schema.object([
        .required("id", SessionParams.id),
        .optional("contentHeight", .nullable(Schema.length)),
    ])
    /// The pager's members in a child spec, each optional in the schema
    /// (`pages` is required of a pager by `child`).
    static let members: [Member] = [
        .optional("pages", .array(items: page, minItems: 1)),
        .optional("selected", SessionParams.id),
        .optional("offsetPolicy", .enumeration(of: PageOffsetPolicy.self)),
        .optional("fillViewport", .boolean),
        .optional("pageSnap", pageSnap),
    ]
    static let keys: [ParamKey] = ["pages", "selected", "offsetPolicy", "fillViewport", "pageSnap"]

    /// A pager spec; `selected` must name one of its pages.
    static func child(id: String, _ object: borrowing ParamDecoder) throws(RPCError) -> ChildSpec {
        if object.contains("contentHeight") {
            throw object.invalid("contentHeight", "not used by a pager child: its height is its selected page's; size its pages")
        }
        // Optional in the shared child schema (other kinds have no pages), so
        // the decoder leaves its absence to this check.
        guard let array = try object.optionalArray("pages") else { throw object.invalid("pages", "required for a pager child") }
        try SessionParams.checkCount(array)
        var pages: [PagerPage] = []
        for k in 0..<array.count {
            let page = try array.object(at: k)
            pages.append(PagerPage(id: try page.string("id"), contentHeight: try page.optionalDouble("contentHeight")))
        }
        var selected = 0
        if let selectedID = try object.optionalString("selected") {
            guard let k = pages.firstIndex(where: { $0.id == selectedID }) else {
                throw object.invalid("selected", "must be the id of one of the pager's pages")
            }
            selected = k
        }
        var snap = PageSnap.standard
        if let given = try object.optionalObject("pageSnap") {
            snap.threshold = try given.optionalDouble("threshold") ?? snap.threshold
            snap.minFlingVelocity = try given.optionalDouble("minFlingVelocity") ?? snap.minFlingVelocity
        }
        return .pager(id, PagerChild(
            pages: pages, selected: selected,
            offsetPolicy: try object.optionalEnumeration("offsetPolicy") ?? .preserve,
            fillViewport: try object.optionalBool("fillViewport") ?? true, pageSnap: snap))
    }

    /// Writes the pager's declared members after `id` and `kind` (a
    /// snapshot's child): its state (remembered offsets, a swipe) is
    /// `PagerTabs`' part, `state.pagers`.
    static func write(_ pager: PagerChild, into w: inout JSONWriter) {
        w.key("pages")
        w.beginArray()
        for page in pager.pages {
            w.beginObject()
            w.key("id"); w.string(page.id)
            if let height = page.contentHeight { w.key("contentHeight"); w.number(height) }
            w.endObject()
        }
        w.endArray()
        w.key("selected"); w.string(pager.selectedPage.id)
        w.key("offsetPolicy"); w.string(pager.offsetPolicy.rawValue)
        w.key("fillViewport"); w.bool(pager.fillViewport)
        w.key("pageSnap")
        w.beginObject()
        w.key("threshold"); w.number(pager.pageSnap.threshold)
        w.key("minFlingVelocity"); w.number(pager.pageSnap.minFlingVelocity)
        w.endObject()
    }
}
