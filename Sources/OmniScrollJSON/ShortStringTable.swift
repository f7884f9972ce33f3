/// The short ASCII strings a tape handed out recently, by content, so that
/// the strings every request repeats (a session id, a child id, a phase)
/// are not decoded and built again: a hit is one compare of at most 15
/// bytes, a `String(decoding:)` is a few hundred instructions.
///
/// Direct-mapped by `hash` of the bytes; a miss replaces the slot.
/// Only strings of at most `maxLength` bytes are kept: those are stored inline
/// in the `String` value, so the table holds no heap memory beyond its own.
final class ShortStringTable {
    static let maxLength = 15
    private static let slotCount = 256
    private static let slotBytes = 16

    private let bytes: UnsafeMutablePointer<UInt8>
    private let lengths: UnsafeMutablePointer<Int>
    private let strings: UnsafeMutablePointer<String>

    init() {
        bytes = .allocate(capacity: Self.slotCount * Self.slotBytes)
        bytes.initialize(repeating: 0, count: Self.slotCount * Self.slotBytes)
        lengths = .allocate(capacity: Self.slotCount)
        lengths.initialize(repeating: 0, count: Self.slotCount)  // length 0 ↔ "" is a valid entry
        strings = .allocate(capacity: Self.slotCount)
        strings.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
        bytes.deallocate()
        lengths.deallocate()
        strings.deinitialize(count: Self.slotCount)
        strings.deallocate()
    }

    /// The string of the `length` (≤ `maxLength`) valid ASCII bytes at `s`.
    @inline(__always)
    func string(_ s: UnsafePointer<UInt8>, length: Int) -> String {
        let hash = Self.hash(s, length)
        let slot = (hash ^ (hash &>> 8) ^ length) & (Self.slotCount - 1)
        let cached = bytes + slot * Self.slotBytes
        if JSONTape.equal(cached, s, length, lengths[slot]) { return strings[slot] }
        let value = JSONTape.asciiString(s, length: length)
        cached.update(from: s, count: length)
        lengths[slot] = length
        strings[slot] = value
        return value
    }

    /// A hash of the `length` bytes at `s` from the length and three of them:
    /// O(1), and enough to tell apart the keys of one object (the parser's
    /// duplicate-key filter) and the strings a protocol repeats.
    @inline(__always)
    static func hash(_ s: UnsafePointer<UInt8>, _ length: Int) -> Int {
        guard length > 0 else { return 0 }
        let mixed = Int(s[0]) | Int(s[length &>> 1]) &<< 8 | Int(s[length &- 1]) &<< 16
        return ((mixed ^ length &<< 24) &* 0x9E37_79B1) &>> 16
    }
}
