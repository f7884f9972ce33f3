/// Tabs: the pagers' page switches, swipes and page events (docs/design.md#pager).
///
/// A pager's state lives in its payload in the stack (the layout reads it
/// from there); this behavior changes it for `SelectPage`, `ScrollPager`
/// and `EndPagerDragging` (whose snap motion it runs on `session.tick`),
/// applies the offset policy on a switch, forgets the remembered offsets
/// once a pager unpins, and reports the pages entering and leaving each
/// pager's horizontal window. A session without pagers pays one branch per
/// hook.
struct PagerTabs: ContainerBehavior {
    /// The page ids in each pager's horizontal window after the last call, by pager id.
    private(set) var shown: [String: [String]] = [:]
    /// The same windows as page ranges, in the order of the stack's pagers,
    /// for the layout `shown` was last set from: while the children keep
    /// their structure, a swipe's window is checked against its range
    /// without hashing a pager's id or copying its state (issue 28).
    private var shownRanges: [ClosedRange<Int>] = []
    /// The snap motions running, by pager id.
    private var motions: [String: PagerMotion] = [:]

    /// The pagers whose snap is running, by id in order: a finger's `down` stops them.
    var snappingPagers: [String] { motions.keys.sorted() }

    /// `options.physics`' preset (`ios` without it): the snap's spring.
    private var preset = PhysicsPreset.ios
    /// Whether this list changed a pager (`prepare`), which `observe` then
    /// looks at: a swipe is no change of the children's structure.
    private var changedPagers = false

    var isMoving: Bool { !motions.isEmpty }

    mutating func configure(_ options: ContainerOptions) { preset = options.physics?.preset ?? .ios }

    func check(_ change: ContainerChange, phase: ScrollPhase) throws(ContainerError) {
        guard !motions.isEmpty, case .tick(let time) = change,
              let last = motions.values.compactMap(\.earliestTick).max(), time < last else { return }
        throw ContainerError(.invalidValue, field: "time", reason: "must be ≥ \(last), the pager snap's last time (times never go back)")
    }

    /// Inlined into the registry's walk: a session without pagers pays the check only.
    @inline(__always)
    mutating func prepare(_ draft: inout Draft) {
        if draft.stack.hasPagers { preparePagers(&draft) }
    }

    private mutating func preparePagers(_ draft: inout Draft) {
        if draft.phase == .dragging, draft.previousPhase != .dragging {
            motions = [:]  // a new drag stops every snap where it is
        }
        defer { changedPagers = draft.stackChanged }
        for case .command(let change) in draft.commands {
            if let command = castCommand(change, to: ScrollPager.self) {
                if !motions.isEmpty { motions[command.pager] = nil }  // a look-up in an empty table hashes the id too
                let i = draft.stack.pagerIndex(of: command.pager)
                let width = draft.viewport.width
                draft.updatePager(i) { $0.horizontalOffset = $0.clampedHorizontalOffset(command.offset, width: width) }
            } else if let command = castCommand(change, to: SelectPage.self) {
                motions[command.pager] = nil
                select(command, &draft)
            } else if let command = castCommand(change, to: EndPagerDragging.self) {
                release(command, &draft)
            }
        }
        if !motions.isEmpty { landResized(&draft) }
        if let time = draft.time, !motions.isEmpty { advance(to: time, &draft) }
        if !motions.isEmpty { draft.replySlots.formUnion(.afterEvents) }
        for i in draft.stack.pagers where draft.offset < draft.stack.pinPoint(i) {
            if draft.stack.pager(i).rememberedOffsets.contains(where: { $0 != nil }) {
                draft.updatePager(i) { $0.rememberedOffsets = Array(repeating: nil, count: $0.pages.count) }
            }
        }
    }

    /// Starts the snap to the page `pageSnap` picks from where the swipe
    /// is; a release already resting on its landing page lands at once.
    private mutating func release(_ command: EndPagerDragging, _ draft: inout Draft) {
        let i = draft.stack.pagerIndex(of: command.pager)
        let pager = draft.stack.pager(i)
        let width = draft.viewport.width
        let start = pager.clampedHorizontalOffset(pager.horizontalOffset ?? Double(pager.selected) * width, width: width)
        let landing = pager.pageSnap.landingPage(startPage: pager.selected, offset: start, velocity: command.velocity,
                                                 pageWidth: width, pageCount: pager.pages.count)
        let motion = PagerMotion(preset: preset, start: start, velocity: command.velocity,
                                 springTo: Double(landing) * width, landing: landing, releaseTime: command.time)
        guard motion.motion.duration > 0 else {
            motions[command.pager] = nil
            return land(i, on: landing, &draft)
        }
        motions[command.pager] = motion
        draft.updatePager(i) { $0.horizontalOffset = start }
    }

    /// A snap springs to its landing page's boundary at the width it began
    /// with; once the viewport's width changed under it, that boundary is
    /// gone, and the snap lands its page at once (so a running snap always
    /// springs to `landing · width` from a start in `horizontalRange`, which
    /// a restore checks: a width that shrank leaves a snap to page 0, whose
    /// boundary stays 0, with a start past the pages).
    private mutating func landResized(_ draft: inout Draft) {
        let width = draft.viewport.width
        for (id, motion) in motions.sorted(by: { $0.key < $1.key }) {
            // A pager this list removes takes its snap with it (`observe`).
            guard let i = draft.stack.index(of: id), draft.stack.payloads[i].kind == .pager else { continue }
            guard motion.motion.target != Double(motion.landing) * width
                || !draft.stack.pager(i).horizontalRange(width: width).contains(motion.motion.start) else { continue }
            motions[id] = nil
            land(i, on: motion.landing, &draft)
        }
    }

    /// Moves every snap to the tick's time; one that ends lands its page.
    private mutating func advance(to time: Double, _ draft: inout Draft) {
        for id in motions.keys.sorted() {
            let i = draft.stack.index(of: id)!
            let (offset, ended) = motions[id]!.advance(to: time)
            if ended {
                let landing = motions.removeValue(forKey: id)!.landing
                land(i, on: landing, &draft)
            } else {
                let width = draft.viewport.width
                draft.updatePager(i) { $0.horizontalOffset = $0.clampedHorizontalOffset(offset, width: width) }
            }
        }
    }

    /// The snap's end: the pager rests exactly on page `landing`, which
    /// becomes selected with its offset policy and `pageDidSelect`.
    private func land(_ i: Int, on landing: Int, _ draft: inout Draft) {
        let pager = draft.stack.pager(i)
        select(SelectPage(pager: draft.stack.ids[i], page: pager.pages[landing].id), &draft)
    }

    /// Switches at once: below the pin point the offset stays (the header
    /// never jumps); at or past it the offset policy places the new page,
    /// and an offset the new page leaves past the end is clamped.
    private func select(_ command: SelectPage, _ draft: inout Draft) {
        let i = draft.stack.pagerIndex(of: command.pager)
        let pager = draft.stack.pager(i)
        let page = pager.pageIndex(of: command.page)!
        guard page != pager.selected || pager.horizontalOffset != nil else { return }
        let pinPoint = draft.stack.pinPoint(i)
        let isPinned = draft.offset >= pinPoint
        let current = clamp(draft.offset - pinPoint, 0, draft.stack.naturalHeight(i) - draft.stack.frameHeight(i))
        let changesPage = page != pager.selected
        draft.updatePager(i) { pager in
            if isPinned, pager.offsetPolicy == .preserve { pager.rememberedOffsets[pager.selected] = current }
            pager.selected = page
            pager.horizontalOffset = nil
        }
        if isPinned, changesPage {
            let range = draft.stack.naturalHeight(i) - draft.stack.frameHeight(i)
            let inner = pager.offsetPolicy.innerOffset(current: current, remembered: pager.rememberedOffsets[page])
            draft.offset = pinPoint + clamp(inner, 0, range)
        }
        let bounds = draft.offsetBounds
        if draft.offset > bounds.upperBound { draft.offset = bounds.upperBound }
        if changesPage {
            draft.events.append(ContainerEvent(.pageDidSelect, child: command.pager, members: [.string("page", command.page)]))
        }
    }

    /// `snappingPagers` after `events` in every reply while a snap runs: the
    /// container's phase is the vertical scroll's and stays `idle`, so this is
    /// what tells a client to keep ticking (docs/protocol.md#pagers).
    func writeReply(_ slot: ReplySlot, _ context: ReplyContext, into w: any ReplyWriter) {
        guard slot == .afterEvents, !motions.isEmpty else { return }
        w.key("snappingPagers")
        w.beginArray()
        for id in snappingPagers { w.string(id) }
        w.endArray()
    }

    /// Pages entering and leaving the horizontal windows. A window changes
    /// only with the stack or a pager's state, so a plain scroll returns at
    /// the first checks.
    @inline(__always)
    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        if transition.structureChanged || changedPagers { observeWindows(transition, events: &events) }
    }

    private mutating func observeWindows(_ transition: Transition, events: inout [ContainerEvent]) {
        changedPagers = false
        let layout = transition.layout
        if !motions.isEmpty {
            motions = motions.filter { id, _ in layout.stack.index(of: id).map { layout.stack.payloads[$0].kind == .pager } ?? false }
        }
        if !transition.structureChanged, rangesUnchanged(layout) { return }
        defer { shownRanges = ranges(layout) }
        if windowsUnchanged(layout) { return }
        var now: [String: [String]] = [:]
        for i in layout.stack.pagers {
            let pager = layout.stack.pager(i)
            now[layout.childID(i)] = pager.pagesInView(width: layout.viewport.width).map { pager.pages[$0].id }
        }
        guard now != shown else { return }
        for i in layout.stack.pagers {
            let id = layout.childID(i)
            let before = shown[id] ?? []
            for page in now[id]! where !before.contains(page) {
                events.append(ContainerEvent(.pageDidShow, child: id, members: [.string("page", page)]))
            }
        }
        for (id, pages) in shown.sorted(by: { $0.key < $1.key }) {
            let after = now[id] ?? []
            for page in pages where !after.contains(page) {
                events.append(ContainerEvent(.pageDidHide, child: id, members: [.string("page", page)]))
            }
        }
        shown = now
    }

    /// Whether every pager's window is the range `shownRanges` has for it,
    /// which holds for the same pagers and pages (no change of structure since).
    private func rangesUnchanged(_ layout: Layout) -> Bool {
        let table = layout.stack.pagerTable
        guard shownRanges.count == table.childIndices.count else { return false }
        for n in shownRanges.indices where table.window(ofSlot: n, width: layout.viewport.width) != shownRanges[n] {
            return false
        }
        return true
    }

    /// Each pager's window as a page range, in the order of the stack's pagers.
    private func ranges(_ layout: Layout) -> [ClosedRange<Int>] {
        let table = layout.stack.pagerTable
        return table.childIndices.indices.map { table.window(ofSlot: $0, width: layout.viewport.width) }
    }

    /// Whether every pager's window holds the pages `shown` has for it: a
    /// swipe's frames mostly keep the same two pages, and this check builds
    /// no table of the windows (issue 28).
    private func windowsUnchanged(_ layout: Layout) -> Bool {
        guard shown.count == layout.stack.pagers.count else { return false }
        for i in layout.stack.pagers {
            let pager = layout.stack.pager(i)
            guard let before = shown[layout.childID(i)] else { return false }
            let window = pager.pagesInView(width: layout.viewport.width)
            guard before.count == window.count, zip(before, window).allSatisfy({ $0 == pager.pages[$1].id }) else { return false }
        }
        return true
    }

    /// `state.pagers`: each pager's state beyond its spec, in child order
    /// (the selected page is the spec's `selected`).
    static let statePart: StateDeclaration? = StateDeclaration("pagers", .array(items: .object([
        .required("child", .string()),
        .required("horizontalOffset", .nullable(.offset)),
        .required("remembered", .array(items: .object([
            .required("page", .string()),
            .required("offset", .length),
        ]))),
        .required("motion", .nullable(.object([
            .required("start", .offset),
            .required("velocity", .magnitude),
            .required("springTo", .offset),
            .required("page", .string()),
            .required("releaseTime", .nullable(.magnitude)),
            .required("lastTime", .nullable(.magnitude)),
        ]))),
    ])), initial: .array([]))

    func save(with stack: ChildStack) -> OptionValue {
        .array(stack.pagers.map { i in
            let pager = stack.pager(i)
            return .object([
                "child": .string(stack.ids[i]),
                "horizontalOffset": OptionValue(pager.horizontalOffset, OptionValue.number),
                "remembered": .array(zip(pager.pages, pager.rememberedOffsets).compactMap { page, offset in
                    offset.map { .object(["page": .string(page.id), "offset": .number($0)]) }
                }),
                "motion": OptionValue(motions[stack.ids[i]]) { snap in
                    .object([
                        "start": .number(snap.motion.start), "velocity": .number(snap.motion.initialVelocity),
                        "springTo": .number(snap.motion.target), "page": .string(pager.pages[snap.landing].id),
                        "releaseTime": OptionValue(snap.releaseTime, OptionValue.number),
                        "lastTime": OptionValue(snap.lastTime, OptionValue.number),
                    ])
                },
            ])
        })
    }

    static func restore(_ part: OptionValue, into stack: inout ChildStack, at field: FieldPath) throws(ContainerError) {
        var seen = Set<String>()
        for (n, entry) in (part.items ?? []).enumerated() {
            let path = field.index(n)
            let id = entry["child"]?.string ?? ""
            guard let i = stack.index(of: id), stack.payloads[i].kind == .pager else {
                throw ContainerError(.invalidValue, field: path.member("child"), reason: "no pager '\(id)' in this snapshot's children")
            }
            guard seen.insert(id).inserted else {
                throw ContainerError(.invalidValue, field: path.member("child"), reason: "pager '\(id)' is listed twice")
            }
            let pager = stack.pager(i)
            var remembered = Array<Double?>(repeating: nil, count: pager.pages.count)
            for (k, item) in (entry["remembered"]?.items ?? []).enumerated() {
                let page = item["page"]?.string ?? ""
                guard let p = pager.pageIndex(of: page) else {
                    throw ContainerError(.invalidValue, field: path.member("remembered").index(k).member("page"),
                                         reason: "no page '\(page)' in pager '\(id)'")
                }
                guard remembered[p] == nil else {
                    throw ContainerError(.invalidValue, field: path.member("remembered").index(k).member("page"),
                                         reason: "page '\(page)' is listed twice")
                }
                remembered[p] = item["offset"]?.number
            }
            stack.updatePager(i) { pager in
                pager.horizontalOffset = entry["horizontalOffset"]?.number
                pager.rememberedOffsets = remembered
            }
        }
        // The worker writes every pager; one left out would restore a state
        // no call sequence reaches (issue 26).
        if let missing = stack.pagers.first(where: { !seen.contains(stack.ids[$0]) }) {
            throw ContainerError(.invalidValue, field: field,
                                 reason: "must list every pager of the children, one entry each (pager '\(stack.ids[missing])' is missing)")
        }
    }

    /// What every snap a call starts satisfies (`release`, `landResized`):
    /// it lands at most one page from the selected page, on that page's
    /// boundary at the current width, from a horizontal offset in
    /// `horizontalRange`.
    private static func check(snap: (start: Double, springTo: Double, landing: Int), of pager: PagerChild,
                              width: Double, at field: FieldPath) throws(ContainerError) {
        guard abs(snap.landing - pager.selected) <= 1 else {
            throw ContainerError(.invalidValue, field: field.member("page"),
                                 reason: "must be at most one page from the selected page")
        }
        guard snap.springTo == Double(snap.landing) * width else {
            throw ContainerError(.invalidValue, field: field.member("springTo"),
                                 reason: "must be the landing page's boundary, page × viewport width (\(Double(snap.landing) * width))")
        }
        guard pager.horizontalRange(width: width).contains(snap.start) else {
            throw ContainerError(.invalidValue, field: field.member("start"),
                                 reason: "must be within one page past the first and the last page")
        }
    }

    /// The windows are what the restored pagers give; a snap in progress is
    /// rebuilt from its inputs with the restored session's preset.
    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        let layout = restoration.layout
        preset = restoration.options.physics?.preset ?? .ios
        motions = [:]
        for (n, entry) in (part.items ?? []).enumerated() {
            guard let snap = entry["motion"], snap != .null, let id = entry["child"]?.string,
                  let start = snap["start"]?.number, let velocity = snap["velocity"]?.number,
                  let springTo = snap["springTo"]?.number else { continue }
            let pager = layout.stack.pager(layout.stack.index(of: id)!)
            let field = restoration.part.index(n).member("motion")
            let page = snap["page"]?.string ?? ""
            guard let landing = pager.pageIndex(of: page) else {
                throw ContainerError(.invalidValue, field: field.member("page"), reason: "no page '\(page)' in pager '\(id)'")
            }
            let releaseTime = snap["releaseTime"]?.number
            let lastTime = snap["lastTime"]?.number
            if let lastTime, lastTime < releaseTime ?? .infinity {
                throw ContainerError(.invalidValue, field: field.member("lastTime"),
                                     reason: "must be ≥ releaseTime, which must be given with it")
            }
            guard entry["horizontalOffset"]?.number != nil else {
                throw ContainerError(.invalidValue, field: restoration.part.index(n).member("horizontalOffset"),
                                     reason: "must be a number while the pager snaps")
            }
            try Self.check(snap: (start, springTo, landing), of: pager, width: layout.viewport.width, at: field)
            motions[id] = PagerMotion(preset: preset, start: start, velocity: velocity, springTo: springTo,
                                      landing: landing, releaseTime: releaseTime, lastTime: lastTime)
        }
        shown = [:]
        for i in layout.stack.pagers {
            let pager = layout.stack.pager(i)
            shown[layout.childID(i)] = pager.pagesInView(width: layout.viewport.width).map { pager.pages[$0].id }
        }
        shownRanges = ranges(layout)
    }
}

/// A tab tap: select `page` of pager `pager` at once.
public struct SelectPage: BehaviorCommand, Equatable {
    public var pager: String
    public var page: String

    public init(pager: String, page: String) {
        self.pager = pager
        self.page = page
    }

    public var child: String? { pager }

    public func validate(against children: CommandChildren, change: Int) throws(ContainerError) {
        try PagerCommandValidation.pager(pager, in: children, change: change)
        guard children.namedChild(holdsPage: page) else {
            throw ContainerError(.invalidValue, change: change, field: "page", reason: "no page '\(page)' in pager '\(pager)'")
        }
    }
}

/// A horizontal swipe: pager `pager` at horizontal `offset` (page `k` rests at
/// `k · width`); the selection and the vertical offset stay put.
public struct ScrollPager: BehaviorCommand, Equatable {
    public var pager: String
    public var offset: Double

    public init(pager: String, offset: Double) {
        self.pager = pager
        self.offset = offset
    }

    public var child: String? { pager }

    public func validate(against children: CommandChildren, change: Int) throws(ContainerError) {
        try PagerCommandValidation.pager(pager, in: children, change: change)
        try Validation.offset(offset, field: "offset", change: change)
    }
}

/// A swipe released: pager `pager` snaps, from where the swipe left it, to
/// the page its `pageSnap` picks for `velocity`; the motion runs on
/// `session.tick` from `time` (`nil`: the first tick's).
public struct EndPagerDragging: BehaviorCommand, Equatable {
    public var pager: String
    /// Points per second, positive toward later pages (the horizontal offset growing).
    public var velocity: Double
    public var time: Double?

    public init(pager: String, velocity: Double, time: Double? = nil) {
        self.pager = pager
        self.velocity = velocity
        self.time = time
    }

    public var child: String? { pager }

    public func validate(against children: CommandChildren, change: Int) throws(ContainerError) {
        try PagerCommandValidation.pager(pager, in: children, change: change)
        guard abs(velocity) <= FlingRequest.maxMagnitude else {  // false for NaN
            throw ContainerError(.invalidValue, change: change, field: "velocity",
                                 reason: "must be a finite number between -1e15 and 1e15")
        }
        if let time, !(abs(time) <= Validation.maxTime) {
            throw ContainerError(.invalidValue, change: change, field: "time", reason: "must be a finite number between -1e15 and 1e15")
        }
    }
}

private enum PagerCommandValidation {
    /// Pager commands name their pager as `child`, whose index `children` holds.
    static func pager(_ id: String, in children: CommandChildren, change: Int) throws(ContainerError) {
        guard children.namedChildIsPager else {
            throw ContainerError(.invalidValue, change: change, field: "child", reason: "'\(id)' is not a pager")
        }
    }
}

extension PagerTabs {
    static let events = [
        EventDeclaration(.pageDidSelect, members: ["child", "page"], rule:
            "the pager's selected page became `page` (`session.selectPage`; also a landing swipe)"),
        EventDeclaration(.pageDidShow, members: ["child", "page"], rule:
            "the page entered the pager's horizontal window (the selected page at rest, two pages mid-swipe), "
            + "whatever the pager's own vertical visibility; the first selected page at creation"),
        EventDeclaration(.pageDidHide, members: ["child", "page"], rule:
            "the page left the pager's horizontal window, or its pager was removed"),
    ]
}

extension EventType {
    public static var pageDidSelect: EventType { EventType("pageDidSelect") }
    public static var pageDidShow: EventType { EventType("pageDidShow") }
    public static var pageDidHide: EventType { EventType("pageDidHide") }
}

extension ContainerChange {
    /// A tab tap: select `page` of pager `pager` at once.
    public static func selectPage(_ page: String, in pager: String) -> ContainerChange {
        .command(SelectPage(pager: pager, page: page))
    }

    /// A swipe of pager `pager` released at `velocity` (its clock from `time`, or the first tick).
    public static func endPagerDragging(_ pager: String, velocity: Double, time: Double? = nil) -> ContainerChange {
        .command(EndPagerDragging(pager: pager, velocity: velocity, time: time))
    }

    /// A horizontal swipe of pager `pager` at `offset`.
    public static func scrollPager(_ pager: String, offset: Double) -> ContainerChange {
        .command(ScrollPager(pager: pager, offset: offset))
    }
}
