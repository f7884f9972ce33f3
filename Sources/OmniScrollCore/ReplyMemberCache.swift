/// What a reply writer last wrote for each member of one object of numbers
/// (`ReplyWriter.numbers(_:keys:values:only:reusing:)`), with the value each
/// was written for. A member's text is a function of its name, fixed with
/// the keys, and its value alone, so a member whose value is the same double
/// as when it was last written is the same bytes: the writer copies them
/// instead of writing the name and formatting the number again. A session's
/// tracks hold at an end of their range for most of a scroll (issue 28:
/// the collapsing-header scroll, docs/design.md#collapsing-header-and-tracks).
///
/// The bytes are opaque here (the engine knows no JSON): only the writer
/// that fills a cache reads it, and one cache serves one set of keys.
/// Keyed on the value's exact bit pattern, so it is never stale: −0 and 0
/// are different keys, as they are different text.
public final class ReplyMemberCache: @unchecked Sendable {
    // @unchecked: the slots are written only while a reply is written, and a
    // session's replies are written one at a time, on its connection's thread.

    /// One member's slot: the value's bit pattern (8 bytes), the text's byte
    /// count (8 bytes, 0 while nothing is cached), then the text.
    /// (Computed constants: a stored static is read through a lazy-init
    /// call from another module, on every member.)
    @inlinable public static var slotBytes: Int { 64 }
    /// Where a slot's text starts, and the most text a slot holds.
    @inlinable public static var textOffset: Int { 16 }
    public static var textCapacity: Int { slotBytes - textOffset }

    /// The members' slots, `slotBytes` each, in the keys' order.
    public let slots: UnsafeMutableRawPointer
    public let count: Int

    /// Room for `count` members, none cached.
    public init(count: Int) {
        self.count = count
        slots = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * Self.slotBytes, alignment: 16)
        slots.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1) * Self.slotBytes)
    }

    deinit { slots.deallocate() }
}
