/// Reply text that is a function of a few numbers alone (at most
/// `NumberKey.count` doubles), kept with the numbers' bit patterns: a reply
/// whose numbers there are the same doubles as when the text was kept copies
/// it instead of formatting them again (issue 28: a plain scroll's child
/// that did not move writes five numbers, its extents three, ~50
/// instructions each). Keyed on exact bit patterns, so never stale: −0 and
/// 0 are different keys, as they are different text.
///
/// Slot `k` holds one text: the key (`NumberKey.count` words), the text's
/// byte count (0 while nothing is kept), then the text.
final class NumberKeyedTexts: @unchecked Sendable {
    // @unchecked: read and written only while a reply is written, and a
    // session's replies are written one at a time, on its connection's
    // thread (as `ReplyMemberCache`'s).

    /// The most text a slot holds; a longer text is written anew every time.
    /// A multiple of 16 (`JSONWriter.Cursor.copyKept(_:count:reading:)`).
    static var textCapacity: Int { 128 }
    private static var countOffset: Int { NumberKey.count * 8 }
    private static var textOffset: Int { countOffset + 16 }
    private static var slotBytes: Int { textOffset + textCapacity }

    private let slots: UnsafeMutableRawPointer
    private let count: Int

    /// `count` slots, none holding text.
    init(count: Int) {
        self.count = count
        slots = UnsafeMutableRawPointer.allocate(byteCount: count * Self.slotBytes, alignment: 16)
        slots.initializeMemory(as: UInt8.self, repeating: 0, count: count * Self.slotBytes)
    }

    deinit { slots.deallocate() }

    /// Slot `k`: a pointer, so passing it retains nothing. Valid while
    /// this object lives.
    @inline(__always)
    func slot(_ k: Int) -> Slot {
        assert(k >= 0 && k < count)
        return Slot(base: slots + k &* Self.slotBytes)
    }

    struct Slot {
        let base: UnsafeMutableRawPointer

        /// The text this slot keeps for `key`, with its byte count;
        /// `textCapacity` bytes are readable from it. Nil when it keeps
        /// none, or another key's.
        @inline(__always)
        func text(for key: NumberKey) -> (text: UnsafeRawPointer, count: Int)? {
            let kept = base.load(fromByteOffset: countOffset, as: Int.self)
            // One test for all the words: no branch per number.
            var differs: UInt64 = 0
            for n in 0..<NumberKey.count { differs |= base.load(fromByteOffset: n &* 8, as: UInt64.self) ^ key[n] }
            guard kept > 0, differs == 0 else { return nil }
            return (UnsafeRawPointer(base + textOffset), kept)
        }

        /// Keeps the `written` bytes at `text` (which has `textCapacity`
        /// readable bytes), the text of `key`'s numbers, when it fits and
        /// every number is finite (a non-finite one is written anew each
        /// time, so the writer counts it: the reply is refused,
        /// `JSONWriter.nonFiniteNumbers`).
        @inline(__always)
        func keep(for key: NumberKey, text: UnsafePointer<UInt8>, written: Int) {
            guard written <= textCapacity, key.isFinite else { return }
            for n in 0..<NumberKey.count { base.storeBytes(of: key[n], toByteOffset: n &* 8, as: UInt64.self) }
            base.storeBytes(of: written, toByteOffset: countOffset, as: Int.self)
            // Word moves, not a call to memcpy (a constant count that large still calls it).
            var offset = 0
            while offset < textCapacity {
                (base + textOffset).storeBytes(of: UnsafeRawPointer(text).loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self),
                                               toByteOffset: offset, as: SIMD16<UInt8>.self)
                offset &+= 16
            }
        }
    }
}

/// The numbers a kept text (`NumberKeyedTexts`) was written from: up to
/// `count` doubles; the ones a text does not use are 0.
struct NumberKey {
    static var count: Int { 6 }
    let values: (Double, Double, Double, Double, Double, Double)

    @inline(__always)
    init(_ a: Double, _ b: Double, _ c: Double, _ d: Double = 0, _ e: Double = 0, _ f: Double = 0) {
        values = (a, b, c, d, e, f)
    }

    /// The bit pattern of number `n`.
    @inline(__always)
    subscript(n: Int) -> UInt64 {
        switch n {
        case 0: values.0.bitPattern
        case 1: values.1.bitPattern
        case 2: values.2.bitPattern
        case 3: values.3.bitPattern
        case 4: values.4.bitPattern
        default: values.5.bitPattern
        }
    }

    @inline(__always)
    var isFinite: Bool {
        values.0.isFinite && values.1.isFinite && values.2.isFinite && values.3.isFinite && values.4.isFinite
            && values.5.isFinite
    }
}
