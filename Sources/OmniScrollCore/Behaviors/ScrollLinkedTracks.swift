/// Scroll-linked tracks (docs/design.md#collapsing-header-and-tracks, CSS scroll-driven animations): the
/// values of `options.tracks` at every layout, and which of them the last
/// change list changed (what a delta reply carries). The values are a pure
/// function of the layout, so the snapshot keeps no part of them.
struct ScrollLinkedTracks: ContainerBehavior {
    /// The session's tracks and their values, behind a reference and `nil`
    /// in a session without tracks: every container holds its behaviors
    /// inline, and the scroll path moves the container (memcpy by size).
    private var state: State?

    private final class State: @unchecked Sendable {
        /// The session's tracks, checked; never empty.
        let tracks: [Track]
        /// Their ids, the members of `tracks` in every reply.
        let keys: ReplyKeys
        /// The values at the last layout, of no tracks before the first
        /// (a stored value, not an optional, so updating it and writing it
        /// work in place: an optional is copied out whole, every array
        /// retained). Unchecked: only `evaluate` writes it, on a state no
        /// other container holds.
        @exclusivity(unchecked) var values: TrackValues
        /// Each track's member as last written, with the value it was
        /// written for: a track held at an end of its range (most of them,
        /// most of a scroll) is copied, not formatted again.
        let written: ReplyMemberCache

        /// `tracks`: every value, or the ones the last update changed.
        func write(into w: any ReplyWriter, onlyChanged: Bool) {
            guard !values.ids.isEmpty else { return }
            w.numbers("tracks", keys: keys, values: values.values, only: onlyChanged ? values.changed : nil,
                      reusing: written)
        }

        init(tracks: [Track], values: TrackValues) {
            self.tracks = tracks
            keys = ReplyKeys(tracks.map(\.id))
            written = ReplyMemberCache(count: tracks.count)
            self.values = values
        }
    }

    /// The values at the last layout, `nil` before the first or without tracks.
    var values: TrackValues? {
        guard let state, !state.values.ids.isEmpty else { return nil }
        return state.values
    }

    static let declaration = OptionDeclaration("tracks", .nullable(.array(items: .object([
        .required("id", .string(minLength: 1)),
        .required("range", .object([
            .optional("start", .offset),
            .optional("end", .offset),
            .optional("child", .string(minLength: 1)),
            .optional("name", .string(minLength: 1)),
        ])),
        .optional("keyframes", .array(items: .object([
            .required("at", .offset),
            .required("value", .offset),
        ]), minItems: 1)),
        .optional("from", .offset),
        .optional("to", .offset),
        .optional("easing", .string()),
    ]))), default: .null)
    static var option: OptionDeclaration? { declaration }

    /// Every track: well formed (`Track(option:field:)`), then as a set over
    /// `children`; a snapshot's track may follow a child removed since
    /// (docs/protocol.md: it holds its value at progress 0).
    static func validate(_ options: ContainerOptions, children: ChildStack, restoring: Bool) throws(ContainerError) {
        _ = try TrackSet(try Self.tracks(in: options), childIndex: children.index(of:), requiringChildren: !restoring)
    }

    mutating func configure(_ options: ContainerOptions) {
        // `validate` has accepted them before any container is configured.
        let tracks = (try? Self.tracks(in: options)) ?? []
        state = tracks.isEmpty ? nil : State(tracks: tracks, values: TrackValues())
    }

    /// Every reply of a session with tracks carries them.
    @inline(__always)  // a session without tracks pays the test only
    func prepare(_ draft: inout Draft) {
        if state != nil { draft.replySlots.formUnion(.afterEvents) }
    }

    @inline(__always)  // a session without tracks pays the test only
    mutating func observe(_ transition: Transition, events: inout [ContainerEvent]) {
        guard state != nil else { return }
        evaluate(transition.layout, childrenChanged: transition.structureChanged)
    }

    mutating func restore(_ part: OptionValue, _ restoration: Restoration) throws(ContainerError) {
        guard state != nil else { return }
        evaluate(restoration.layout, childrenChanged: true)
    }

    /// Evaluates the tracks at `layout`, in place when this container alone
    /// holds the state (a scroll allocates nothing), else on a copy.
    @inline(never)
    private mutating func evaluate(_ layout: Layout, childrenChanged: Bool) {
        // Not unique when shared with a copy of the container, or nil
        // without tracks: one runtime call tells both.
        if !isKnownUniquelyReferenced(&self.state) {
            guard let shared = self.state else { return }
            self.state = State(tracks: shared.tracks, values: shared.values)
        }
        // Through `self.state!`, not a local: a local reference is retained
        // and released around the update (with the test above, ~50
        // instructions a scroll).
        if childrenChanged || self.state!.values.ids.isEmpty {
            self.state!.values.update(TrackSet(checked: self.state!.tracks, resolving: layout.childIndex(of:)),
                                      at: layout.offset, subjects: layout)
        } else {
            self.state!.values.update(at: layout.offset, subjects: layout)
        }
    }

    /// `tracks`: every value, or in a delta session's reply to a change the
    /// ones the change list changed.
    func writeReply(_ slot: ReplySlot, _ context: ReplyContext, into w: any ReplyWriter) {
        guard slot == .afterEvents else { return }
        // Through the stored reference: a bound copy retains it.
        state?.write(into: w, onlyChanged: context.isUpdate && context.delta)
    }

    /// The tracks `options.tracks` spells.
    static func tracks(in options: ContainerOptions) throws(ContainerError) -> [Track] {
        guard let list = options[declaration.name].items else { return [] }
        let field = FieldPath("options").member("tracks")
        var tracks: [Track] = []
        tracks.reserveCapacity(list.count)
        for (i, value) in list.enumerated() { tracks.append(try Track(option: value, field: field.index(i))) }
        return tracks
    }
}

extension Track {
    /// The track an `options.tracks` element spells (its shape checked by
    /// the option's schema): `range` is `{start, end}` offsets or `{child,
    /// name, start?, end?}` percentages of a view range; `keyframes` or
    /// `from` and `to`, not both; `easing` CSS text, `linear` by default.
    init(option value: OptionValue, field: FieldPath) throws(ContainerError) {
        func invalid(_ member: String, _ reason: String) -> ContainerError {
            ContainerError(.invalidValue, field: field.member(member), reason: reason)
        }
        let id = value["id"]?.string ?? ""
        let rangeField = field.member("range")
        let range: TrackRange
        let spelled = value["range"]
        if let child = spelled?["child"]?.string {
            guard let name = spelled?["name"]?.string else {
                throw ContainerError(.invalidValue, field: rangeField.member("name"), reason: "required with child")
            }
            range = .view(child: child, name: try TimelineRangeName.named(name, field: rangeField.member("name")),
                          start: spelled?["start"]?.number ?? 0, end: spelled?["end"]?.number ?? 100)
        } else {
            if spelled?["name"] != nil {
                throw ContainerError(.invalidValue, field: rangeField.member("child"), reason: "required with name")
            }
            guard let start = spelled?["start"]?.number else {
                throw ContainerError(.invalidValue, field: rangeField.member("start"), reason: "required for an offset range")
            }
            guard let end = spelled?["end"]?.number else {
                throw ContainerError(.invalidValue, field: rangeField.member("end"), reason: "required for an offset range")
            }
            range = .offsets(start: start, end: end)
        }
        let keyframes: Keyframes
        switch (value["keyframes"]?.items, value["from"]?.number, value["to"]?.number) {
        case (let list?, nil, nil):
            keyframes = .list(list.map { Keyframe(at: $0["at"]?.number ?? 0, value: $0["value"]?.number ?? 0) })
        case (nil, let from?, let to?):
            keyframes = .fromTo(from: from, to: to)
        case (_?, _, _):
            throw invalid(value["from"] != nil ? "from" : "to", "not allowed with keyframes")
        case (nil, nil, _):
            throw invalid("from", "required without keyframes")
        case (nil, _, nil):
            throw invalid("to", "required without keyframes")
        }
        let easing = try value["easing"]?.string.map { (text) throws(ContainerError) in
            try Easing(parsing: text, field: field.member("easing"))
        } ?? .linear
        self.init(id: id, range: range, keyframes: keyframes, easing: easing)
    }
}

extension Container {
    /// The track values at the current layout, `changed` listing those the
    /// last change list changed (all of them after a restore); `nil` in a
    /// session without tracks. Read here rather than carried by each
    /// update, so a scroll's update stays as small as it was.
    public var trackValues: TrackValues? { behaviors.behavior(of: ScrollLinkedTracks.self).values }
}
