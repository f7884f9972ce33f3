import OmniScrollCore
import OmniScrollJSON

/// Writes Layout results straight into the reply buffer, members in the
/// documented order:
///
///     {"session","revision","offset","contentHeight","minOffset","maxOffset",
///      "direction","phase","activeChild","contentView","children","events"}
///
/// with the behaviors' own members after `activeChild` (a feed's
/// `currentChild`) and after `events` (`ContainerBehavior.writeReply`: a
/// started `motion`, a session's `tracks`), then `anchorShift`
/// when anchoring moved the offset, `clampShift` when the offset was clamped
/// back into range, and `target` for `session.scrollToChild`. A child's
/// entry ends with its kind's own members (`ChildKindRule.layoutMembers`:
/// a header's number `collapse`, a pager's pages it writes itself). The container is taken `inout`
/// only so its behaviors write in place (no copy).
enum LayoutEncoding {
    /// The reply to a call that applied changes to `container`, listing every
    /// child. Every `write` is the last thing its caller does: the reply may
    /// stream out as it is written (`JSONWriter.streaming`).
    static func write(_ update: ContainerUpdate, of container: inout Container, in session: SessionHeader, into w: inout JSONWriter) {
        write(layout: update.layout, of: &container, in: session, children: nil, events: update.events,
              context: ReplyContext(isUpdate: true, delta: false), anchorShift: update.anchorShift,
              clampShift: update.clampShift, target: update.target, into: &w)
    }

    /// The reply of a delta session to a call that applied changes: it lists
    /// the children that changed since `before`, the layout of the previous reply.
    static func write(_ update: ContainerUpdate, since before: Layout, of container: inout Container,
                      in session: SessionHeader, into w: inout JSONWriter) {
        write(layout: update.layout, of: &container, in: session, children: update.changedChildren(since: before),
              events: update.events, context: ReplyContext(isUpdate: true, delta: true), anchorShift: update.anchorShift,
              clampShift: update.clampShift, target: update.target, into: &w)
    }

    /// The reply to a call that only reads (`session.get`, `session.restore`): every child, no events.
    static func writeCurrent(_ container: Container, in session: SessionHeader, into w: inout JSONWriter) {
        var container = container
        write(layout: container.layout, of: &container, in: session, children: nil, events: [],
              context: ReplyContext(isUpdate: false, delta: session.delta), anchorShift: 0, clampShift: 0, target: nil,
              into: &w)
    }

    /// - Parameter children: the indices of the children to list, `nil` for all.
    private static func write(layout: Layout, of container: inout Container, in session: SessionHeader, children: [Int]?,
                              events: [ContainerEvent], context: ReplyContext, anchorShift: Double, clampShift: Double,
                              target: ScrollTargetResult?, into w: inout JSONWriter) {
        // Constant runs of keys and punctuation are written as one fragment
        // each (the member order never changes), and each run of fragments,
        // numbers and pre-encoded ids goes through one `Cursor` (one capacity
        // check per run instead of one per value). The reservations count
        // the fragments' bytes generously and `maxNumberBytes` per number.
        w.beginObject()
        session.encodedID.withUnsafeBytes { id in
            // Constant bytes in this run: 132 at most (the keys, "none"/"down",
            // "decelerating"); reserve more than that, and room for the
            // extents' kept text (read whole) after the first three members.
            w.withCursor(reserving: 160 + 5 * JSONWriter.maxNumberBytes + id.count + NumberKeyedTexts.textCapacity,
                         needsComma: false) { c in
                c.fragment(#""session":"#); c.raw(id)
                c.fragment(#","revision":"#); c.number(container.revision)
                c.fragment(#","offset":"#); c.number(layout.offset)
                // The extents hold while the offset moves: their text is kept.
                let extents = NumberKey(layout.contentHeight, layout.minOffset, layout.maxOffset)
                let slot = session.extentsText.slot(0)
                if let kept = slot.text(for: extents) {
                    c.copyKept(kept.text, count: kept.count, reading: NumberKeyedTexts.textCapacity)
                } else {
                    let start = c.next
                    c.fragment(#","contentHeight":"#); c.number(layout.contentHeight)
                    c.fragment(#","minOffset":"#); c.number(layout.minOffset)
                    c.fragment(#","maxOffset":"#); c.number(layout.maxOffset)
                    slot.keep(for: extents, text: start, written: start.distance(to: c.next))
                }
                c.fragment(#","direction":"#); c.fragment(encoded(container.direction))
                c.fragment(#","phase":"#); c.fragment(encoded(container.phase))
                c.fragment(#","activeChild":"#)
            }
        }
        if let active = layout.activeIndex {
            // Its entry's opening, kept, holds its id's JSON text.
            let id = layout.childID(active)
            if let quoted = session.entryCache.quotedID(active, id: id) { w.raw(quoted) } else { w.string(id) }
        } else {
            w.null()
        }
        let slots = context.isUpdate ? container.replySlots : .all
        if slots.contains(.feedCurrent) { writeFeedCurrent(of: &container, keeping: session.entryCache, into: &w) }
        let contentView = layout.contentView
        w.withCursor(reserving: 64 + 2 * JSONWriter.maxNumberBytes, needsComma: false) { c in
            c.fragment(#","contentView":{"top":"#); c.number(contentView.top)
            c.fragment(#","height":"#); c.number(contentView.height)
            c.fragment(#"},"children":["#)
        }
        // Nothing fails once a reply is written (every caller writes it
        // last), so a connection's writer may hand the children to stdout as
        // they are written: a 1 000 000-child layout is ~120 MB of JSON. Only
        // past `streamedChildCount`: a scroll tick's few children skip it.
        // Streamed entries leave the buffer as they go: none is kept.
        if layout.childCount < streamedChildCount {
            writeListed(children, of: layout, keeping: session.entryCache, into: &w)
        } else {
            w.streaming { w in writeListed(children, of: layout, keeping: nil, into: &w) }
        }
        // Through a cursor: a fragment is word moves there, a memcpy call through `rawFragment`.
        w.withCursor(reserving: 16, needsComma: false) { $0.fragment(#"],"events":["#) }
        if !events.isEmpty { writeEvents(events, components: session.components, into: &w) }
        w.endArray()
        if slots.contains(.afterEvents) { writeMembers(of: &container, .afterEvents, context, into: &w) }
        if slots.contains(.pointer), let member = container.pointerMember() {
            w.withCursor(reserving: member.utf8CodeUnitCount, needsComma: true) { $0.fragment(member) }
        }
        if anchorShift != 0 {
            w.key("anchorShift"); w.number(anchorShift)
        }
        if clampShift != 0 {
            w.key("clampShift"); w.number(clampShift)
        }
        if let target {
            w.key("target")
            w.beginObject()
            w.key("offset")
            if let offset = target.offset { w.number(offset) } else { w.null() }
            w.key("pending"); w.bool(target.pending)
            w.endObject()
        }
        w.endObject()
    }

    /// A feed's `currentChild`, its id's JSON text copied from `cache` when
    /// the current child's entry there holds it (as `activeChild`'s is).
    /// Out of line: inlined, every other session's reply paid for it.
    @inline(never)
    private static func writeFeedCurrent(of container: inout Container, keeping cache: ChildEntryCache,
                                         into w: inout JSONWriter) {
        switch container.feedCurrentMember() {
        case .none:
            return
        case .null:
            w.key("currentChild"); w.null()
        case .child(let id, let index):
            w.key("currentChild")
            if let quoted = cache.quotedID(index, id: id) { w.raw(quoted) } else { w.string(id) }
        }
    }

    /// The direction as a JSON string, a constant (no escaping pass).
    private static func encoded(_ direction: ScrollDirection) -> StaticString {
        switch direction {
        case .none: #""none""#
        case .up: #""up""#
        case .down: #""down""#
        }
    }

    /// The phase as a JSON string, a constant (no escaping pass).
    private static func encoded(_ phase: ScrollPhase) -> StaticString {
        switch phase {
        case .idle: #""idle""#
        case .dragging: #""dragging""#
        case .decelerating: #""decelerating""#
        case .animating: #""animating""#
        }
    }

    /// From this many children on, a layout's children stream
    /// (`JSONWriter.streaming`): below it they are at most ~150 KB.
    /// (A computed constant: a stored one is read through a lazy-init check
    /// on every reply.)
    static var streamedChildCount: Int { 1024 }

    /// The entries of `children` (`nil`: every child), each copied from
    /// `cache` when it holds the entry's text, else written and kept there.
    @inline(__always)
    private static func writeListed(_ children: [Int]?, of layout: Layout, keeping cache: ChildEntryCache?,
                                    into w: inout JSONWriter) {
        if let children {
            writeChildren(children, of: layout, keeping: cache, into: &w)
        } else {
            writeChildren(0..<layout.childCount, of: layout, keeping: cache, into: &w)
        }
    }

    /// The entries of `children`; a child whose kind has members of its own
    /// gets them after `visibleHeight` (`Layout.writeKindMembers`).
    @inline(__always)
    private static func writeChildren(_ children: some Sequence<Int>, of layout: Layout, keeping cache: ChildEntryCache?,
                                      into w: inout JSONWriter) {
        if layout.hasKindMembers {
            writeChildrenWithKindMembers(children, of: layout, keeping: cache, into: &w)
        } else {
            for i in children { writeChild(i, of: layout, members: .none, keeping: cache, into: &w) }
        }
    }

    /// The entries of a layout where some kind has members: a kind's number
    /// goes with the entry's own numbers; an entry whose kind writes its
    /// members is left open for them. Out of line, so the loop above stays
    /// as it was for every session without such a kind.
    @inline(never)
    private static func writeChildrenWithKindMembers(_ children: some Sequence<Int>, of layout: Layout,
                                                     keeping cache: ChildEntryCache?, into w: inout JSONWriter) {
        for i in children {
            let members = layout.kindMembers(ofChild: i)
            // A child whose kind adds nothing (a header's scroll children)
            // takes the plain loop's entry, its members a constant: ~25
            // instructions a child fewer than through the general entry (issue 28).
            if case .none = members {
                writeChild(i, of: layout, members: .none, keeping: cache, into: &w)
                continue
            }
            let (child, restStart) = writeChild(i, of: layout, members: members, keeping: cache, into: &w)
            guard case .written = members else { continue }
            let echo = EntryEcho(child: child, rest: restStart..<w.count, handedOver: w.handOvers)
            withUnsafePointer(to: echo) { echo in
                withUnsafeMutablePointer(to: &w) { pointer in
                    layout.writeKindMembers(ofChild: i, into: ReplyMemberWriter(json: pointer, echo: echo))
                }
            }
            w.endObject()
        }
    }

    @inline(__always)  // a reply writes one per visible child; outlined it cost ~50 instructions per scroll
    /// The entry's opening is copied from `cache` when it holds the text
    /// for this id and `x` (`ChildEntryCache`), else written and kept there.
    /// - Parameter members: what the child's kind adds (`writeRest`).
    /// Returns the child's layout and where the entry's text from its
    /// frame's `y` on starts (`EntryEcho`).
    @discardableResult
    private static func writeChild(_ i: Int, of layout: Layout, members: KindLayoutMembers, keeping cache: ChildEntryCache?,
                                   into w: inout JSONWriter) -> (ChildLayout, restStart: Int) {
        let child = layout.child(i)
        let id = layout.childID(i)
        if let cache {
            // An entry without a kind's members ends with the numbers: its
            // rest is kept whole (`ChildEntryCache.rests`).
            var rest: NumberKeyedTexts.Slot? = nil
            if case .none = members { rest = cache.rest(i) }
            if let opening = cache.opening(i, id: id, x: child.frame.x) {
                let restStart = w.count &+ (w.needsComma ? 1 : 0) &+ opening.count
                writeRest(child, opening: opening, members: members, kindNumber: layout.kindNumber(ofChild: i),
                          keeping: rest, into: &w)
                return (child, restStart)
            }
            let start = w.count &+ (w.needsComma ? 1 : 0)
            let quotedBytes = writeOpening(child, id: id, into: &w)
            w.withUnsafeBytes {
                cache.keep(UnsafeRawBufferPointer(rebasing: $0[start...]), i, id: id, quotedBytes: quotedBytes, x: child.frame.x)
            }
            let restStart = w.count
            writeRest(child, opening: nil, members: members, kindNumber: layout.kindNumber(ofChild: i), keeping: rest,
                      into: &w)
            return (child, restStart)
        }
        writeOpening(child, id: id, into: &w)
        let restStart = w.count
        writeRest(child, opening: nil, members: members, kindNumber: layout.kindNumber(ofChild: i), into: &w)
        return (child, restStart)
    }

    /// A pager page's entry (`ReplyWriter.entry`): a child's members, none of a kind's.
    fileprivate static func writeEntry(_ child: ChildLayout, id: String, into w: inout JSONWriter) {
        writeOpening(child, id: id, into: &w)
        writeRest(child, opening: nil, members: .none, kindNumber: 0, into: &w)
    }

    /// An entry up to its frame's `y`: `{"id":"web","frame":{"x":0,"y":`,
    /// what `ChildEntryCache` keeps; returns the byte count of the id's JSON text.
    @inline(__always) @discardableResult
    fileprivate static func writeOpening(_ child: ChildLayout, id: String, into w: inout JSONWriter) -> Int {
        w.beginObject()
        w.rawFragment(#""id":"#, needsComma: false)
        let idStart = w.count
        w.string(id)
        let quotedBytes = w.count &- idStart
        w.withCursor(reserving: 24 + JSONWriter.maxNumberBytes, needsComma: false) { c in
            c.fragment(#","frame":{"x":"#); c.number(child.frame.x)
            c.fragment(#","y":"#)
        }
        return quotedBytes
    }

    /// The rest of an entry, from its frame's `y`, after `opening`, a kept
    /// opening to copy first (its separator too), when given; else after
    /// `writeOpening`. `members`: what the child's kind adds: its number is
    /// written after `visibleHeight`; an entry whose kind writes its own
    /// members is left open for them. `rest`: where this text is kept with
    /// its numbers (only when `members` is `.none`), copied from there when
    /// they are the same.
    @inline(__always)
    fileprivate static func writeRest(_ child: ChildLayout, opening: (text: UnsafeRawPointer, count: Int)?,
                                  members: KindLayoutMembers, kindNumber: @autoclosure () -> Double,
                                  keeping rest: NumberKeyedTexts.Slot? = nil, into w: inout JSONWriter) {
        // Room for a kind's number member: `,"name":` and the number.
        var extra = 0
        if case .number(let name) = members { extra = name.utf8CodeUnitCount + 4 + JSONWriter.maxNumberBytes }
        let separated = w.needsComma
        // The rest's kept text is read and stored whole (`textCapacity`).
        let restBytes = max(96 + 6 * JSONWriter.maxNumberBytes + extra, NumberKeyedTexts.textCapacity)
        w.withCursor(reserving: 1 + JSONWriter.Cursor.keptTextBytes + restBytes, needsComma: true) { c in
            if let opening {
                if separated { c.byte(UInt8(ascii: ",")) }
                c.copyKept(opening.text, count: opening.count)
            }
            let key = NumberKey(child.frame.y, child.frame.width, child.frame.height, child.contentOffset.x,
                                child.contentOffset.y, child.visibleHeight)
            if let rest, let kept = rest.text(for: key) {
                return c.copyKept(kept.text, count: kept.count, reading: NumberKeyedTexts.textCapacity)
            }
            let start = c.next
            c.number(child.frame.y)
            c.fragment(#","width":"#); c.number(child.frame.width)
            c.fragment(#","height":"#); c.number(child.frame.height)
            // `x` is 0 for every child of a vertical kind: one fragment then,
            // rather than a number to format on every child of every reply.
            if child.contentOffset.x == 0 {
                c.fragment(#"},"contentOffset":{"x":0,"y":"#)
            } else {
                c.fragment(#"},"contentOffset":{"x":"#); c.number(child.contentOffset.x)
                c.fragment(#","y":"#)
            }
            c.number(child.contentOffset.y)
            c.fragment(#"},"visibleHeight":"#); c.number(child.visibleHeight)
            switch members {
            case .none:
                c.fragment("}")
            case .number(let name):
                c.fragment(#",""#)
                c.raw(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
                c.fragment(#"":"#)
                c.number(kindNumber())
                c.fragment("}")
            case .written:
                break
            }
            if let rest { rest.keep(for: key, text: start, written: start.distance(to: c.next)) }
        }
    }

    /// The entries of `events`, each written where the array holds it: a
    /// loop over the array copied every event out and destroyed the copy
    /// (~250 instructions an event, issue 29). Out of line, and called only
    /// with events: inlined into the reply, the events' code grew
    /// `SessionChange.update` past what the optimizer inlines, and the plain
    /// scroll cost ~95 instructions more.
    @inline(never)
    private static func writeEvents(_ events: [ContainerEvent], components: SessionComponents?,
                                    into w: inout JSONWriter) {
        events.withUnsafeBufferPointer { events in
            for i in events.indices { writeEvent(events[i], components: components, into: &w) }
        }
    }

    /// - Parameter components: the session's, when it registered any: the
    ///   event then names the components subscribed to its type, last.
    static func writeEvent(_ event: ContainerEvent, components: SessionComponents?, into w: inout JSONWriter) {
        w.beginObject()
        if let encoded = event.encoded {
            w.rawFragment(encoded, needsComma: true)
        } else {
            w.key("type"); w.string(event.type.rawValue)
            if let child = event.child { w.key("child"); w.string(child) }
            for member in event.members {
                w.key(member.name)
                switch member.value {
                case .string(let value): w.string(value)
                case .number(let value): w.number(value)
                }
            }
        }
        if let components { components.writeMember(of: event.type, into: &w) }
        w.endObject()
    }
}

extension LayoutEncoding {
    /// The behaviors' members at `slot`, written straight into `w`.
    private static func writeMembers(of container: inout Container, _ slot: ReplySlot, _ context: ReplyContext,
                                     into w: inout JSONWriter) {
        withUnsafeMutablePointer(to: &w) { pointer in
            var writer: any ReplyWriter = ReplyMemberWriter(json: pointer)
            container.writeReplyMembers(slot, context, into: &writer)
        }
    }
}

/// The reply's writer as behaviors and child kinds see it: a pointer, one
/// word, so the existential holds it inline (no allocation, no copy of the
/// reply's buffer). Valid only within the `withUnsafeMutablePointer` that
/// makes it (`writeMembers`, `writeChildrenWithKindMembers`).
private struct ReplyMemberWriter: ReplyWriter {
    let json: UnsafeMutablePointer<JSONWriter>
    /// The entry of the child whose kind is writing its members, when it is
    /// (a pointer: two words, the existential still holds the writer inline).
    var echo: UnsafePointer<EntryEcho>? = nil
    func key(_ name: StaticString) { json.pointee.key(name) }
    func number(_ value: Double) { json.pointee.number(value) }
    func string(_ value: String) { json.pointee.string(value) }
    func null() { json.pointee.null() }
    func beginObject() { json.pointee.beginObject() }
    func endObject() { json.pointee.endObject() }
    func beginArray() { json.pointee.beginArray() }
    func endArray() { json.pointee.endArray() }

    func member(_ name: StaticString, _ value: Double) {
        json.pointee.withMemberCursor(name, reserving: JSONWriter.maxNumberBytes) { $0.number(value) }
    }

    func entry(id: String, frame: Rect, contentOffset: Point, visibleHeight: Double) {
        let entry = ChildLayout(frame: frame, contentOffset: contentOffset, visibleHeight: visibleHeight, isPinned: false)
        if let echo = echo?.pointee, echo.repeats(entry) {
            LayoutEncoding.writeOpening(entry, id: id, into: &json.pointee)
            if json.pointee.repeatFragment(echo.rest, handedOver: echo.handedOver, needsComma: true) {
                return json.pointee.endObject()
            }
            LayoutEncoding.writeRest(entry, opening: nil, members: .none, kindNumber: 0, into: &json.pointee)
            return
        }
        LayoutEncoding.writeEntry(entry, id: id, into: &json.pointee)
    }
    func fragment(_ json: StaticString, needsComma: Bool) { self.json.pointee.rawFragment(json, needsComma: needsComma) }

    func numbers(_ name: StaticString, keys: ReplyKeys, values: [Double], only indices: [Int]?) {
        keys.withUTF8 { bytes, bounds in
            values.withUnsafeBufferPointer { values in
                // Names that need no escaping and fit `shortKey` (the usual
                // ids): the whole member through one cursor, one capacity
                // check, each name two word copies.
                guard keys.arePlainASCII, keys.longestByteCount <= JSONWriter.shortNameBytes,
                      ReplyKeys.readablePadding >= JSONWriter.shortNameBytes else {
                    json.pointee.key(name)
                    json.pointee.beginObject()
                    for k in indices ?? Array(values.indices) {
                        json.pointee.key(utf8: UnsafeBufferPointer(rebasing: bytes[bounds[k]..<bounds[k &+ 1]]))
                        json.pointee.number(values[k])
                    }
                    json.pointee.endObject()
                    return
                }
                let count = indices?.count ?? values.count
                let memberBytes = 1 + JSONWriter.shortNameBytes + 3 + JSONWriter.maxNumberBytes
                json.pointee.withMemberCursor(name, reserving: count * memberBytes + 2) { c in
                    c.byte(UInt8(ascii: "{"))
                    // One loop for both cases: a nested function per member ran out of line.
                    for n in 0..<count {
                        let k = indices?[n] ?? n
                        if n > 0 { c.byte(UInt8(ascii: ",")) }
                        let from = bounds[k]
                        c.shortKey(bytes.baseAddress! + from, count: bounds[k &+ 1] &- from)
                        c.number(values[k])
                    }
                    c.byte(UInt8(ascii: "}"))
                }
            }
        }
    }

    /// The fast path of `numbers` with each member's text kept in `cache`:
    /// a member whose value has the bit pattern it was last written for is
    /// its slot's text copied (`Cursor.copyKept`: its name and number both
    /// unchanged), else written as `numbers` writes it and kept.
    /// Names that need escaping or are longer than `shortKey` copies take
    /// `numbers` itself.
    func numbers(_ name: StaticString, keys: ReplyKeys, values: [Double], only indices: [Int]?,
                 reusing cache: ReplyMemberCache) {
        guard keys.arePlainASCII, keys.longestByteCount <= JSONWriter.shortNameBytes,
              ReplyKeys.readablePadding >= JSONWriter.shortNameBytes, cache.count == values.count,
              ReplyMemberCache.textCapacity == JSONWriter.Cursor.keptTextBytes else {
            return numbers(name, keys: keys, values: values, only: indices)
        }
        keys.withUTF8 { bytes, bounds in
            values.withUnsafeBufferPointer { values in
                let count = indices?.count ?? values.count
                // A copied member stores a whole slot's text (then moves on
                // by its length); a written one `"name":` and a number.
                let memberBytes = 1 + max(JSONWriter.Cursor.keptTextBytes, JSONWriter.shortNameBytes + 3 + JSONWriter.maxNumberBytes)
                json.pointee.withMemberCursor(name, reserving: count * memberBytes + 2) { c in
                    c.byte(UInt8(ascii: "{"))
                    for n in 0..<count {
                        let k = indices?[n] ?? n
                        if n > 0 { c.byte(UInt8(ascii: ",")) }
                        let slot = cache.slots + k &* ReplyMemberCache.slotBytes
                        let bits = values[k].bitPattern
                        let cached = slot.load(fromByteOffset: 8, as: Int.self)
                        if cached > 0, slot.load(as: UInt64.self) == bits {
                            c.copyKept(slot + ReplyMemberCache.textOffset, count: cached)
                            continue
                        }
                        let start = c.next
                        let from = bounds[k]
                        c.shortKey(bytes.baseAddress! + from, count: bounds[k &+ 1] &- from)
                        c.number(values[k])
                        let written = start.distance(to: c.next)
                        // Longer text than a slot holds (a long name and an
                        // exponent) is written anew every time; a non-finite
                        // number too, so the writer counts each one
                        // (`JSONWriter.nonFiniteNumbers`: the reply is refused).
                        guard written <= ReplyMemberCache.textCapacity, values[k].isFinite else { continue }
                        // A constant count: word moves, not a call. The
                        // member's reservation covers the bytes past it.
                        (slot + ReplyMemberCache.textOffset).copyMemory(from: start, byteCount: JSONWriter.Cursor.keptTextBytes)
                        slot.storeBytes(of: bits, as: UInt64.self)
                        slot.storeBytes(of: written, toByteOffset: 8, as: Int.self)
                    }
                    c.byte(UInt8(ascii: "}"))
                }
            }
        }
    }
}

/// The text of a child's entry from its frame's `y` to its `visibleHeight`,
/// written earlier in the same reply: an entry with the same numbers there
/// (a pager's page at rest, which shows as its pager) copies it rather than
/// writing its six numbers again (issue 28: a third of the profile page's
/// extra over a plain scroll).
private struct EntryEcho {
    let child: ChildLayout
    /// Where that text is in the reply (`JSONWriter.count` positions).
    let rest: Range<Int>
    /// The reply's `handOvers` then: a streamed reply may have sent it on since.
    let handedOver: Int

    /// Whether `entry`'s text from its frame's `y` on is `child`'s, number for
    /// number: the same bit patterns write the same text (-0 and 0 do not).
    func repeats(_ entry: ChildLayout) -> Bool {
        entry.frame.y.bitPattern == child.frame.y.bitPattern
            && entry.frame.width.bitPattern == child.frame.width.bitPattern
            && entry.frame.height.bitPattern == child.frame.height.bitPattern
            && entry.contentOffset.x.bitPattern == child.contentOffset.x.bitPattern
            && entry.contentOffset.y.bitPattern == child.contentOffset.y.bitPattern
            && entry.visibleHeight.bitPattern == child.visibleHeight.bitPattern
    }
}
