#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a `JSONParser` produces: every value of one JSON text as a flat list
/// of entries in document order (a "tape"), each pointing back at the input
/// bytes it came from. Reading a message costs no allocation: strings stay in
/// the input until someone asks for a `String`, numbers are already `Double`s,
/// and a container's entry says where its contents end, so lookups skip whole
/// subtrees. `JSONElement` is the typed view; `JSONElement.value` builds the
/// `JSONValue` tree for code that wants one.
///
/// Lifetime: a tape borrows its input. Its elements are valid while that
/// input is alive and until the parser that owns the tape parses again.
public final class JSONTape {
    /// One value. Containers are followed by their contents (an object by
    /// key, value, key, value…); `next` is the index after the last of them.
    @usableFromInline
    struct Entry {
        @usableFromInline var kind: JSONKind
        /// Strings: the content has escapes, so it lives in `unescaped`.
        @usableFromInline var escaped: Bool
        /// Strings: every content byte is ASCII.
        @usableFromInline var ascii: Bool
        /// The value's bytes in the input: `start..<end`.
        @usableFromInline var start: UInt32
        @usableFromInline var end: UInt32
        /// The index of the entry after this value and everything inside
        /// it; for an object's key, after the member's value.
        @usableFromInline var next: UInt32
        /// Numbers: the `Double`'s bits. Booleans: 0 or 1. Containers: the
        /// member or element count. Escaped strings: offset | length << 32
        /// of the content in `unescaped`.
        @usableFromInline var payload: UInt64
    }

    // The tape is only reached through its parser and the elements of the
    // last parse, one at a time, so the fields skip the runtime exclusivity
    // checks (a class's stored `var`s otherwise pay one per access).
    @exclusivity(unchecked) @usableFromInline var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// The input of the last parse.
    @exclusivity(unchecked) @usableFromInline var input: UnsafePointer<UInt8>
    /// The decoded content of every escaped string of the last parse.
    @exclusivity(unchecked) @usableFromInline var unescaped: [UInt8] = []
    @exclusivity(unchecked) var duplicates = false

    /// True when some object of the last parse repeats a key. (A computed
    /// property: a stored one read from another module pays a dynamic
    /// exclusivity check, `@exclusivity(unchecked)` or not.)
    public var hasDuplicateKeys: Bool { duplicates }
    let shortStrings = ShortStringTable()

    /// Entries (and unescaped bytes) kept between parses; more than that,
    /// after a huge message, is given back by `trim`.
    static let retainedCapacity = 1 << 12
    /// From this input size on, a parse first takes room for as many
    /// entries as the input can hold (`reserve`).
    static let reservingInputBytes = 1 << 20

    init() {
        capacity = Self.retainedCapacity
        entries = .allocate(capacity: capacity)
        input = UnsafePointer(bitPattern: 1)!  // never dereferenced while count == 0
    }

    deinit { entries.deallocate() }

    /// The first value of the last parse: the whole JSON text.
    public var root: JSONElement { JSONElement(tape: self, index: 0) }

    /// Forgets the last parse and takes `input` as the next one's.
    func reset(input: UnsafePointer<UInt8>, byteCount: Int) {
        count = 0
        duplicates = false
        self.input = input
        if byteCount < Self.retainedCapacity { trim() }
        if byteCount >= Self.reservingInputBytes { reserve(byteCount / 2 + 2) }
        unescaped.removeAll(keepingCapacity: true)
    }

    /// Takes room for `needed` entries before a huge message is parsed: a
    /// JSON text of n bytes holds at most n/2 + 1 values and keys, so the
    /// tape does not grow. Growing copies every entry, and for that moment
    /// the old and the new entries both take memory (a 1 000 000-child
    /// create's ~170 MB of entries, twice); the pages of the room the
    /// parse leaves unused are never touched, so they take none.
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        entries.deallocate()
        entries = .allocate(capacity: needed)
        capacity = needed
    }

    /// Gives the memory of the entries at `range` back to the system, whole
    /// pages only, in the middle of reading a huge message: the entries of
    /// the values a reader is done with. They must not be read again.
    func discard(_ range: Range<Int>) {
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let start = (UInt(bitPattern: entries + range.lowerBound) + page - 1) & ~(page - 1)
        let end = UInt(bitPattern: entries + range.upperBound) & ~(page - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_DONTNEED)
    }

    /// Gives back the memory a huge message made the tape take. The
    /// elements of the last parse are invalid afterwards. A worker calls it
    /// when it is done with a message, so a 55 MB request does not pin
    /// hundreds of megabytes of entries until the next one arrives.
    public func trim() {
        if capacity > Self.retainedCapacity {
            entries.deallocate()
            capacity = Self.retainedCapacity
            entries = .allocate(capacity: capacity)
            count = 0
        }
        if unescaped.capacity > Self.retainedCapacity {
            unescaped = []
        }
    }

    /// Appends an entry and returns its index.
    @inline(__always)
    func push(_ kind: JSONKind, start: Int, end: Int, payload: UInt64 = 0, ascii: Bool = true) -> Int {
        if count == capacity { grow() }
        let index = count
        (entries + index).initialize(to: Entry(
            kind: kind, escaped: false, ascii: ascii, start: UInt32(truncatingIfNeeded: start),
            end: UInt32(truncatingIfNeeded: end), next: UInt32(truncatingIfNeeded: index &+ 1), payload: payload))
        count = index &+ 1
        return index
    }

    /// Closes the container whose entry is `index`: its bytes end at `end`
    /// and it holds `items` members or elements.
    @inline(__always)
    func close(_ index: Int, end: Int, items: Int) {
        entries[index].end = UInt32(truncatingIfNeeded: end)
        entries[index].next = UInt32(truncatingIfNeeded: count)
        entries[index].payload = UInt64(items)
    }

    private func grow() {
        let newCapacity = capacity * 2
        let new = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
        new.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = new
        capacity = newCapacity
    }

    /// The content bytes of the string entry at `index`.
    @inlinable @inline(__always)
    func withContent<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let e = entries[index]
        if !e.escaped {
            return body(UnsafeBufferPointer(start: input + (Int(e.start) &+ 1), count: Int(e.end &- e.start) &- 2))
        }
        let offset = Int(truncatingIfNeeded: e.payload & 0xFFFF_FFFF)
        let length = Int(truncatingIfNeeded: e.payload &>> 32)
        return unescaped.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[offset..<offset + length])) }
    }

    /// Whether the `count` bytes at `a` are the `length` bytes at `b`.
    /// Inline word loads, not `memcmp`: the strings compared are keys and
    /// names, a few bytes long, where a library call costs more than the
    /// comparison. The last word of a run overlaps the one before it.
    @inlinable @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>?, _ b: UnsafePointer<UInt8>, _ length: Int, _ count: Int) -> Bool {
        guard count == length else { return false }
        guard let a else { return length == 0 }
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        if length >= 8 {
            var i = 0
            while i &+ 8 < length {
                if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                    return false
                }
                i &+= 8
            }
            return x.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
                == y.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        }
        if length >= 4 {
            return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
                && x.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
                == y.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
        }
        var i = 0
        while i < length {
            if a[i] != b[i] { return false }
            i &+= 1
        }
        return true
    }

    /// The `String` of the string entry at `index`.
    func string(_ index: Int) -> String {
        let e = entries[index]
        guard !e.escaped else { return withContent(index) { String(decoding: $0, as: UTF8.self) } }
        let content = input + (Int(e.start) &+ 1)
        let length = Int(e.end &- e.start) &- 2
        if e.ascii && length <= ShortStringTable.maxLength { return shortStrings.string(content, length: length) }
        return String(decoding: UnsafeBufferPointer(start: content, count: length), as: UTF8.self)
    }

    /// The `String` of `length` ASCII bytes at `s`. Up to 15 bytes it is a
    /// small string, whose two words are made here: the bytes, zeros, and
    /// in the last byte its count with the small and ASCII flags. Both
    /// `String(decoding:as:)` (which validates UTF-8 through several calls)
    /// and `String(unsafeUninitializedCapacity:)` (a call and a closure)
    /// cost ~150 instructions a child id of a create (issue 28). The words
    /// are used only once `smallStringsMatch` has seen them equal to the
    /// runtime's own for the same bytes.
    @usableFromInline
    static func asciiString(_ s: UnsafePointer<UInt8>, length: Int) -> String {
        guard length <= ShortStringTable.maxLength, smallStringsMatch else {
            return String(decoding: UnsafeBufferPointer(start: s, count: length), as: UTF8.self)
        }
        return unsafeBitCast(smallASCIIWords(s, length: length), to: String.self)
    }

    /// A small ASCII string's words for the `length` (at most 15) bytes at `s`:
    /// read as two overlapping loads within the bytes, the second shifted
    /// down past what the first holds (as `equal` compares), not copied
    /// byte by byte.
    @inline(__always)
    private static func smallASCIIWords(_ s: UnsafePointer<UInt8>, length: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(s)
        var low: UInt64 = 0, high: UInt64 = 0
        if length >= 8 {
            low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            // Bytes length-8 ..< length; those below 8 are low's already.
            let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self))
            high = length == 8 ? 0 : tail &>> UInt64(truncatingIfNeeded: (16 &- length) &* 8)
        } else if length >= 4 {
            // Bytes 0..<4 and length-4 ..< length, overlapping in equal bytes.
            let head = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)))
            low = head | tail &<< UInt64(truncatingIfNeeded: (length &- 4) &* 8)
        } else {
            for i in 0..<length { low |= UInt64(s[i]) &<< UInt64(truncatingIfNeeded: i &* 8) }
        }
        high |= (0xE0 | UInt64(truncatingIfNeeded: length)) &<< 56  // immortal, ASCII, small; the count
        return (low, high)
    }

    /// Whether `smallASCIIWords` are the words the runtime makes of the same
    /// bytes, each length and both words: true on the 64-bit platforms this
    /// worker builds for; elsewhere `asciiString` takes the runtime's path.
    private static let smallStringsMatch: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        let probe = Array("0123456789abcde".utf8)
        return probe.withUnsafeBufferPointer { bytes in
            (0...ShortStringTable.maxLength).allSatisfy { length in
                let runtime = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
                return unsafeBitCast(runtime, to: (UInt64, UInt64).self) == smallASCIIWords(bytes.baseAddress!, length: length)
            }
        }
    }()
}

/// The type of a JSON value.
public enum JSONKind: UInt8, Sendable {
    case null, bool, number, string, array, object

    /// A short name of the type, for error messages ("an array", "a string").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
