import OmniScrollCore

/// The opening of each child's entry as a session's Layout replies last
/// wrote it, `{"id":"web","frame":{"x":0,"y":`: its text depends on the
/// child's id and its frame's `x` alone, which hold for a session's life
/// while every other number moves. `LayoutEncoding` copies it instead of
/// escaping the id and formatting `x` on every entry of every reply
/// (issue 28: ~200 instructions an entry). The id's JSON text in it serves
/// the reply's `activeChild` too.
///
/// The texts live in a `ReplyMemberCache`, keyed there by `x`'s bit pattern
/// (one piece for a reply's kept text: the tracks keep theirs in one too),
/// and each slot's id beside it: a child whose id or `x` differ from its
/// slot's is written anew and kept. Child `i` has slot `i % capacity`, so
/// a session's memory stays bounded whatever its size while the few
/// children a reply lists (neighbours: a feed's pages far down its list
/// too) each have their own. An opening longer than a slot holds (a long
/// id) is written anew every time.
final class ChildEntryCache: @unchecked Sendable {
    // @unchecked: read and written only while a reply is written, and a
    // session's replies are written one at a time, on its connection's
    // thread (as `ReplyMemberCache`'s).

    /// The slots (2 KB), a power of two: child `i`'s is `i & (capacity - 1)`.
    static var capacity: Int { 32 }

    private let openings = ReplyMemberCache(count: capacity)
    /// Each entry's rest, from its frame's `y` to its end, kept with its six
    /// numbers (`LayoutEncoding.writeRest`): a child that did not move is
    /// copied whole. Fewer slots than openings (a slot is 192 bytes, and a
    /// scroll reply lists a few children): child `i`'s is `rest(i)`. A
    /// rest's text holds no id, so children sharing a slot share correctly.
    private let rests = NumberKeyedTexts(count: restSlots)
    private static var restSlots: Int { 8 }
    /// The id each slot's text was written for.
    private let ids: UnsafeMutablePointer<String>
    /// The byte count of that id's JSON text, which follows `{"id":` in the slot's text.
    private let quotedIDBytes: UnsafeMutablePointer<Int>
    /// `{"id":`, before the id in an opening.
    private static var idOffset: Int { 6 }

    init() {
        ids = .allocate(capacity: Self.capacity)
        ids.initialize(repeating: "", count: Self.capacity)
        quotedIDBytes = .allocate(capacity: Self.capacity)
        quotedIDBytes.initialize(repeating: 0, count: Self.capacity)
    }

    deinit {
        ids.deinitialize(count: Self.capacity)
        ids.deallocate()
        quotedIDBytes.deallocate()
    }

    /// Where child `index`'s entry's rest is kept.
    @inline(__always)
    func rest(_ index: Int) -> NumberKeyedTexts.Slot { rests.slot(index & (Self.restSlots &- 1)) }

    /// `id`'s JSON text, quoted and escaped, as child `index`'s kept opening
    /// holds it; nil when its slot holds another id's.
    @inline(__always)
    func quotedID(_ index: Int, id: String) -> UnsafeRawBufferPointer? {
        let k = index & (Self.capacity &- 1)
        guard quotedIDBytes[k] > 0, ids[k] == id else { return nil }
        let slot = openings.slots + k &* ReplyMemberCache.slotBytes
        return UnsafeRawBufferPointer(start: slot + ReplyMemberCache.textOffset + Self.idOffset, count: quotedIDBytes[k])
    }

    /// The opening kept for child `index` when it was written for this id
    /// and `x`, with its byte count; `ReplyMemberCache.textCapacity` bytes
    /// are readable from it (`JSONWriter.Cursor.copyKept`).
    @inline(__always)
    func opening(_ index: Int, id: String, x: Double) -> (text: UnsafeRawPointer, count: Int)? {
        let k = index & (Self.capacity &- 1)
        let slot = openings.slots + k &* ReplyMemberCache.slotBytes
        let count = slot.load(fromByteOffset: 8, as: Int.self)
        guard count > 0, slot.load(as: UInt64.self) == x.bitPattern, ids[k] == id else { return nil }
        return (UnsafeRawPointer(slot + ReplyMemberCache.textOffset), count)
    }

    /// Keeps `text`, the opening just written for child `index` with this
    /// id (`quotedBytes` of JSON text) and `x`, when it fits a slot and `x` is finite (a non-finite one
    /// is written anew each time, so the writer counts it: the reply is
    /// refused, `JSONWriter.nonFiniteNumbers`).
    func keep(_ text: UnsafeRawBufferPointer, _ index: Int, id: String, quotedBytes: Int, x: Double) {
        guard text.count <= ReplyMemberCache.textCapacity, x.isFinite else { return }
        let k = index & (Self.capacity &- 1)
        let slot = openings.slots + k &* ReplyMemberCache.slotBytes
        slot.storeBytes(of: x.bitPattern, as: UInt64.self)
        slot.storeBytes(of: text.count, toByteOffset: 8, as: Int.self)
        (slot + ReplyMemberCache.textOffset).copyMemory(from: text.baseAddress!, byteCount: text.count)
        ids[k] = id
        quotedIDBytes[k] = quotedBytes
    }
}
