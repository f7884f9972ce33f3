/// Writes compact, single-line JSON straight into a reusable byte buffer.
///
/// Structure is written with `beginObject`/`key`/…/`endObject` and
/// `beginArray`/…/`endArray`; the writer inserts commas itself. Keys appear in
/// the order they are written.
///
/// Output rules (they make the protocol's output deterministic):
/// - Numbers: integral values with |x| < 2^53 are written as plain integers
///   (`600`, not `600.0`); other values use the shortest representation that
///   round-trips (Swift's `description`, e.g. `0.1`, `1e+21`, `5e-324`).
///   `-0.0` is written as `0`. A non-finite number must never reach the
///   writer; one that does is written as `null` (the output stays valid
///   JSON) and counted in `nonFiniteNumbers`, never silently: the
///   dispatcher answers such a result as -32603 (docs/protocol.md, "Errors").
/// - Strings: `"` and `\` are escaped, control characters as `\n \r \t \b \f`
///   or `\u00XX`, and U+2028/U+2029 as `\u2028`/`\u2029`, so every message
///   stays on one line for every consumer (including JavaScript). Other UTF-8
///   is written as is.
///
/// Speed: the bytes live in one manually managed buffer. Each value reserves
/// its worst-case size once (one capacity and uniqueness check) and is then
/// stored through a pointer, and every method is `@inlinable`, so the
/// protocol layer's calls compile to straight-line stores. The buffer is
/// copy-on-write: copies of a writer never see each other's writes.

public struct JSONWriter {
    /// Owns the allocation; the writer keeps the pointer, count and capacity
    /// in its own stored properties so writes need no class-property access
    /// (and no runtime exclusivity checks).
    @usableFromInline
    final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<UInt8>
        @usableFromInline init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var used = 0
    @usableFromInline var capacity: Int
    /// True when the next value or key must be preceded by a comma.
    @usableFromInline var comma = false
    public var needsComma: Bool { comma }
    /// Where the bytes go when the buffer fills inside `streaming(_:)`
    /// instead of growing: a connection's output (`Server` sets it to
    /// write to stdout), so a 1 000 000-child layout is never held whole.
    public var sink: ((UnsafeRawBufferPointer) -> Void)?
    /// Inside `streaming(_:)`: what is written is final.
    @usableFromInline var streams = false
    /// How many non-finite numbers were written (as `null`), and where the
    /// last began: a reply that holds one is refused, not sent.
    public private(set) var nonFiniteNumbers = 0
    public private(set) var lastNonFiniteAt = 0
    /// How many times the buffer went to `sink`: what was written before a
    /// hand-over can no longer be dropped (`truncate(to:)`).
    public private(set) var handOvers = 0

    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        storage = Storage(capacity: self.capacity)
        base = storage.base
    }

    /// The bytes written so far (a copy).
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: used)) }

    /// Calls `body` with the bytes written so far, without copying them.
    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: used))
    }

    /// Empties the buffer, keeping its capacity.
    public mutating func reset() {
        used = 0
        comma = false
    }

    /// Empties the buffer and gives back memory above `capacity` (after a
    /// huge reply, so one big message does not pin its buffer for good).
    public mutating func reset(shrinkingTo capacity: Int) {
        reset()
        if self.capacity > capacity {
            self.capacity = max(capacity, 64)
            storage = Storage(capacity: self.capacity)
            base = storage.base
        }
    }

    /// Runs `body`, whose writes nothing will discard (no `truncate(to:)`
    /// back past them), with the writer free to hand every byte it holds
    /// to its `sink` when the buffer fills instead of growing it: the
    /// positions taken before are then no longer valid. Without a sink it
    /// only runs `body`.
    @inlinable @inline(__always)
    public mutating func streaming<R>(_ body: (inout JSONWriter) -> R) -> R {
        let outer = streams
        streams = true
        defer { streams = outer }
        return body(&self)
    }

    /// The number of bytes written so far (a position for `truncate(to:)`).
    @inlinable
    public var count: Int { used }

    /// Drops everything written after `position` (e.g. a partially written
    /// result). The next value is written as if nothing followed `position`.
    public mutating func truncate(to position: Int, needsComma: Bool = false) {
        precondition(position >= 0 && position <= used, "JSONWriter.truncate: position out of range")
        _ = reserve(0)  // unshare before changing what this writer sees
        used = position
        self.comma = needsComma
    }

    // MARK: Buffer

    /// Makes room for `n` more bytes and makes the buffer this writer's own;
    /// returns where they go.
    @inlinable @inline(__always)
    mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(used &+ n > capacity || !isKnownUniquelyReferenced(&storage)) { grow(n) }
        return base + used
    }

    @usableFromInline
    mutating func grow(_ n: Int) {
        if streams, used > 0, let sink, isKnownUniquelyReferenced(&storage) {
            sink(UnsafeRawBufferPointer(start: base, count: used))
            used = 0
            handOvers &+= 1
            if n <= capacity { return }
        }
        var newCapacity = capacity
        while used + n > newCapacity { newCapacity *= 2 }
        let new = Storage(capacity: newCapacity)
        new.base.update(from: base, count: used)
        storage = new
        base = new.base
        capacity = newCapacity
    }

    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        used &+= 1
    }

    @inlinable @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        let p = reserve(bytes.count)
        UnsafeMutableRawPointer(p).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        used &+= bytes.count
    }

    @inlinable @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    // MARK: Structure

    @inlinable @inline(__always)
    mutating func separator() {
        if comma { append(UInt8(ascii: ",")) }
    }

    @inlinable
    public mutating func beginObject() {
        let p = reserve(2)
        if comma { p[0] = UInt8(ascii: ","); p[1] = UInt8(ascii: "{"); used &+= 2 } else { p[0] = UInt8(ascii: "{"); used &+= 1 }
        comma = false
    }

    @inlinable
    public mutating func endObject() {
        append(UInt8(ascii: "}"))
        comma = true
    }

    @inlinable
    public mutating func beginArray() {
        let p = reserve(2)
        if comma { p[0] = UInt8(ascii: ","); p[1] = UInt8(ascii: "["); used &+= 2 } else { p[0] = UInt8(ascii: "["); used &+= 1 }
        comma = false
    }

    @inlinable
    public mutating func endArray() {
        append(UInt8(ascii: "]"))
        comma = true
    }

    /// Writes a member name and the colon; the member's value must follow.
    /// String literals resolve to the `StaticString` overload (no escaping
    /// scan); this one is for names computed at run time.
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        separator()
        writeStringBody(name)
        append(UInt8(ascii: ":"))
        comma = false
    }

    /// Writes a member name from its UTF-8 bytes (escaped as needed) and the colon.
    @inlinable
    public mutating func key(utf8 name: UnsafeBufferPointer<UInt8>) {
        separator()
        writeStringBody(utf8: name)
        append(UInt8(ascii: ":"))
        comma = false
    }

    /// Writes a member name known to need no escaping (fast path for constant keys).
    @inlinable
    public mutating func key(_ name: StaticString) {
        let n = name.utf8CodeUnitCount
        var p = reserve(n &+ 4)
        if comma { p.pointee = UInt8(ascii: ","); p += 1 }
        p.pointee = UInt8(ascii: "\"")
        (p + 1).update(from: name.utf8Start, count: n)
        p[n &+ 1] = UInt8(ascii: "\"")
        p[n &+ 2] = UInt8(ascii: ":")
        used = base.distance(to: p) &+ n &+ 3
        comma = false
    }

    // MARK: Scalars

    @inlinable
    public mutating func null() {
        separator()
        append("null")
        comma = true
    }

    @inlinable
    public mutating func bool(_ value: Bool) {
        separator()
        append(value ? "true" : "false")
        comma = true
    }

    @inlinable
    public mutating func string(_ value: String) {
        separator()
        writeStringBody(value)
        comma = true
    }

    @inlinable
    public mutating func number(_ value: Int) {
        separator()
        writeInteger(value)
        comma = true
    }

    @inlinable
    public mutating func number(_ value: Double) {
        separator()
        let p = reserve(Self.maxNumberBytes)
        if let n = Self.storeIntegral(value, at: p) {
            used &+= n
        } else {
            if _slowPath(!value.isFinite) { countNonFinite(at: used) }
            used &+= Self.storeNonIntegral(value, at: p)
        }
        comma = true
    }

    /// The most bytes `store(_: Double, at:)` or `store(_: Int, at:)` writes
    /// (`-2.2250738585072014e-308` is 24; `-9223372036854775808` is 20).
    @inlinable public static var maxNumberBytes: Int { 32 }

    /// Stores `value` per the number rules at `p` (room for `maxNumberBytes`)
    /// and returns the byte count.
    @inlinable @inline(__always)
    static func store(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
        storeIntegral(value, at: p) ?? storeNonIntegral(value, at: p)
    }

    /// Stores `value` when it is integral with |x| < 2^53 and returns the
    /// byte count; nil otherwise (a non-finite number among them, so the
    /// writers test finiteness off this path).
    @inlinable @inline(__always)
    static func storeIntegral(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int? {
        // Integral with |x| < 2^53: the Int → Double conversion is exact, so
        // the comparison tells whether truncation lost anything (-0.0 → 0).
        // Cheaper than `rounded(.towardZero)`, a libm call without SSE4.1.
        guard value.magnitude < 9_007_199_254_740_992 else { return nil }
        let integer = Int(value)
        return Double(integer) == value ? store(integer, at: p) : nil
    }

    /// Records a non-finite number about to be written at `position`.
    @usableFromInline
    mutating func countNonFinite(at position: Int) {
        nonFiniteNumbers += 1
        lastNonFiniteAt = position
    }

    /// Stores a value `storeIntegral` refused. Its usual case, a few
    /// decimals, is inlined where a number is written (a call and a
    /// frame cost ~20 instructions, issue 28); the rest is out of line.
    @inlinable @inline(__always)
    static func storeNonIntegral(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let short = storeShortDecimal(value, at: p)
        return short > 0 ? short : storeLongNonIntegral(value, at: p)
    }

    /// `storeNonIntegral` for what is not a short decimal: a non-finite
    /// value (as `null`), more decimals, a large or tiny magnitude.
    @usableFromInline
    static func storeLongNonIntegral(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            let null: StaticString = "null"
            p.update(from: null.utf8Start, count: 4)
            return 4
        }
        if ShortestDigits.coversPlainly(value.magnitude) { return ShortestDigits.storePlain(value, at: p) }
        // Exponent notation and subnormals: the runtime's own formatter
        // behind `Double.description`, written in place without the String
        // it builds.
        // It leaves the zero digits it places by position unwritten, so the
        // room starts as zeros.
        p.initialize(repeating: UInt8(ascii: "0"), count: maxNumberBytes)
        let n = Int(truncatingIfNeeded: swiftFloat64ToString(p, UInt(maxNumberBytes), value, false))
        if n > 2, p[n - 2] == UInt8(ascii: "."), p[n - 1] == UInt8(ascii: "0") {
            return n - 2  // "9007199254740992.0" → "9007199254740992"
        }
        return n
    }

    /// The most decimals `storeShortDecimal` writes: offsets and sizes are
    /// mostly whole points or halves, quarters and hundredths of one.
    @inlinable static var shortDecimals: Int { 4 }

    /// Stores `value` when it is `units / 10^d` for some `d ≤ shortDecimals`
    /// and `|value| < 2^31`, and returns the byte count; 0 otherwise.
    /// Below 2^31 neighbouring doubles are at most 2^-22 apart, far closer
    /// than 10^-4, so for each `d` at most one `units` rounds to `value`;
    /// the smallest `d` that has one gives the shortest round-trip digits,
    /// which are `description`'s. A `d`-decimal text reads back as the
    /// same double as its `shortDecimals`-decimal spelling (the same
    /// rational, rounded once: `units` and `10^d` are exact doubles), so
    /// one test at `shortDecimals` decides whether any `d` holds, and the
    /// smallest `d` is that spelling less its trailing zeros: one
    /// conversion and one test a value, not one per `d` (a scroll's
    /// fractional offsets and heights, issue 28).
    @inlinable @inline(__always)
    static func storeShortDecimal(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = value.magnitude
        guard magnitude < 2_147_483_648 else { return 0 }
        // The one test that decides, at 10^-4 (what `shortDecimals` is).
        let units = Int(magnitude * 10_000 + 0.5)
        guard Double(units) / 10_000 == magnitude else { return 0 }
        let (whole, fraction) = UInt(units).quotientAndRemainder(dividingBy: 10_000)
        var k = 0
        if value < 0 {
            p.pointee = UInt8(ascii: "-")
            k = 1
        }
        k &+= store(Int(whole), at: p + k)
        p[k] = UInt8(ascii: ".")
        // The four decimals as two digit pairs, then their trailing zeros
        // dropped (one decimal stays): no division per digit.
        let (high, low) = fraction.quotientAndRemainder(dividingBy: 100)
        let pairs = UnsafeRawPointer(digitPairs.utf8Start)
        let digits = UnsafeMutableRawPointer(p + (k &+ 1))
        digits.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(high) &* 2, as: UInt16.self), as: UInt16.self)
        digits.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(low) &* 2, as: UInt16.self), toByteOffset: 2, as: UInt16.self)
        // The decimals kept: the pair that is not "00", less its last digit
        // when that is a zero (no loop over the bytes written).
        let pair = low == 0 ? high : low
        let kept = (low == 0 ? 2 : 4) &- (pair % 10 == 0 ? 1 : 0)
        return k &+ 1 &+ Swift.max(kept, 1)
    }

    /// "00" "01" … "99": integers are written two digits per division.
    @inlinable static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// The number of decimal digits of `v`; small values (the usual case) take two compares.
    @inlinable @inline(__always)
    static func decimalDigits(_ v: UInt64) -> Int {
        if v < 100 { return v < 10 ? 1 : 2 }
        if v < 10_000 { return v < 1_000 ? 3 : 4 }
        if v < 1_000_000 { return v < 100_000 ? 5 : 6 }
        var digits = 7
        var rest = v / 10_000_000
        while rest > 0 { rest /= 10; digits &+= 1 }
        return digits
    }

    /// Stores `value` in decimal at `p` (room for `maxNumberBytes`) and returns the byte count.
    @inlinable @inline(__always)
    static func store(_ value: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        // 0…99 (zero offsets, held values, small sizes): one byte or one
        // digit pair, without counting digits.
        if UInt(bitPattern: value) < 100 {
            if value < 10 {
                p.pointee = UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0")
                return 1
            }
            let pairs = digitPairs.utf8Start
            p[0] = pairs[value &* 2]
            p[1] = pairs[value &* 2 &+ 1]
            return 2
        }
        let pairs = digitPairs.utf8Start
        // 100…9999 (sizes, whole offsets): two pairs from one division, no
        // digit count or loop.
        if UInt(bitPattern: value) < 10_000 {
            let (high, low) = UInt(bitPattern: value).quotientAndRemainder(dividingBy: 100)
            let raw = UnsafeMutableRawPointer(p), table = UnsafeRawPointer(pairs)
            if high >= 10 {
                raw.storeBytes(of: table.loadUnaligned(fromByteOffset: Int(high) &* 2, as: UInt16.self), as: UInt16.self)
                raw.storeBytes(of: table.loadUnaligned(fromByteOffset: Int(low) &* 2, as: UInt16.self), toByteOffset: 2, as: UInt16.self)
                return 4
            }
            p.pointee = UInt8(truncatingIfNeeded: high) &+ UInt8(ascii: "0")
            raw.storeBytes(of: table.loadUnaligned(fromByteOffset: Int(low) &* 2, as: UInt16.self), toByteOffset: 1, as: UInt16.self)
            return 3
        }
        var magnitude = UInt64(value.magnitude)
        let sign = value < 0 ? 1 : 0
        if sign == 1 { p.pointee = UInt8(ascii: "-") }
        let count = sign &+ decimalDigits(magnitude)
        var k = count
        while magnitude >= 100 {
            let (q, r) = magnitude.quotientAndRemainder(dividingBy: 100)
            k &-= 2
            p[k] = pairs[Int(r) &* 2]
            p[k &+ 1] = pairs[Int(r) &* 2 &+ 1]
            magnitude = q
        }
        if magnitude >= 10 {
            p[k &- 2] = pairs[Int(magnitude) &* 2]
            p[k &- 1] = pairs[Int(magnitude) &* 2 &+ 1]
        } else {
            p[k &- 1] = UInt8(truncatingIfNeeded: magnitude) &+ UInt8(ascii: "0")
        }
        return count
    }

    /// Appends pre-encoded JSON (exactly one complete value, e.g. an echoed id
    /// or a cached result). The caller guarantees it is valid single-line JSON.
    @inlinable
    public mutating func raw(_ json: UnsafeRawBufferPointer) {
        separator()
        append(json)
        comma = true
    }

    public mutating func raw(_ json: [UInt8]) {
        separator()
        json.withUnsafeBytes { append($0) }
        comma = true
    }

    /// Appends pre-encoded JSON held in a `String` (its UTF-8 bytes, verbatim).
    @inlinable
    public mutating func raw(_ json: String) {
        separator()
        var json = json
        json.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        comma = true
    }

    /// Appends a copy of text this writer already holds, `range` of what
    /// `count` counted, continuing the current structure like
    /// `rawFragment`; `false`, and nothing written, when a streamed buffer
    /// was handed over since `handOvers` was `handedOver` (the range is gone).
    @inlinable
    public mutating func repeatFragment(_ range: Range<Int>, handedOver: Int, needsComma: Bool) -> Bool {
        guard handOvers == handedOver else { return false }
        let p = reserve(range.count)
        // After `reserve`: a grown buffer holds the range at a new address;
        // `reserve` hands nothing over for so few bytes (the guard above
        // covers a hand-over before this call).
        guard handOvers == handedOver else { return false }
        p.update(from: base + range.lowerBound, count: range.count)
        used &+= range.count
        comma = needsComma
        return true
    }

    /// Appends pre-encoded JSON that continues the current structure, e.g. a
    /// cached `{"jsonrpc":"2.0","id":` prefix. `needsComma` is what the bytes
    /// leave behind: false after `{`, `[`, `:` or `,`; true after a value.
    @inlinable
    public mutating func rawFragment(_ fragment: StaticString, needsComma: Bool) {
        append(fragment)
        self.comma = needsComma
    }

    // MARK: Unchecked runs

    /// A write position inside capacity reserved by `withCursor(reserving:needsComma:_:)`.
    ///
    /// Hot encoders (a Layout reply) write long runs of constant fragments and
    /// numbers; through the writer each piece pays a capacity and a uniqueness
    /// check (a runtime call). A cursor pays them once per run: its stores are
    /// plain pointer writes. The run's size must be bounded up front, so a
    /// cursor writes only pieces of known maximum size: fragments, numbers
    /// (`maxNumberBytes` each) and pre-encoded JSON. Debug builds check every
    /// store against the reservation.
    public struct Cursor {
        @usableFromInline var position: UnsafeMutablePointer<UInt8>
        @usableFromInline let limit: UnsafeMutablePointer<UInt8>
        /// Where the last non-finite number written began, if any (the
        /// writer counts it when the run ends).
        @usableFromInline var nonFiniteAt: UnsafeMutablePointer<UInt8>?

        @inlinable
        init(_ start: UnsafeMutablePointer<UInt8>, reserved: Int) {
            position = start
            limit = start + reserved
        }

        /// Debug builds: checks that `n` more bytes fit the reservation before they are stored.
        @inlinable @inline(__always)
        func assertRoom(_ n: Int) {
            assert(limit - position >= n, "JSONWriter.Cursor: wrote past the reserved capacity")
        }

        /// Constant JSON text (keys, punctuation), copied verbatim.
        @inlinable @inline(__always)
        public mutating func fragment(_ text: StaticString) {
            assertRoom(text.utf8CodeUnitCount)
            position.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            position += text.utf8CodeUnitCount
        }

        /// A number, written as `JSONWriter.number(_: Double)` writes it.
        @inlinable @inline(__always)
        public mutating func number(_ value: Double) {
            assertRoom(JSONWriter.maxNumberBytes)
            if let n = JSONWriter.storeIntegral(value, at: position) {
                position += n
            } else {
                if _slowPath(!value.isFinite) { nonFiniteAt = position }
                position += JSONWriter.storeNonIntegral(value, at: position)
            }
        }

        @inlinable @inline(__always)
        public mutating func number(_ value: Int) {
            assertRoom(JSONWriter.maxNumberBytes)
            position += JSONWriter.store(value, at: position)
        }

        /// One byte of JSON text (a comma, a brace).
        @inlinable @inline(__always)
        public mutating func byte(_ byte: UInt8) {
            assertRoom(1)
            position.pointee = byte
            position += 1
        }

        /// `"name":` for a name that needs no escaping (printable ASCII, no
        /// quote or backslash), of at most `shortNameBytes` bytes, read from
        /// `name`, which must be followed by readable memory up to
        /// `shortNameBytes` bytes from its start. Two word copies, whatever its
        /// length: a loop per byte costs more than the name is long. The
        /// cursor needs room for `shortNameBytes + 3` bytes.
        @inlinable @inline(__always)
        public mutating func shortKey(_ name: UnsafeRawPointer, count: Int) {
            assertRoom(JSONWriter.shortNameBytes &+ 3)
            assert(count <= JSONWriter.shortNameBytes)
            let p = UnsafeMutableRawPointer(position)
            p.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
            p.storeBytes(of: name.loadUnaligned(as: UInt64.self), toByteOffset: 1, as: UInt64.self)
            p.storeBytes(of: name.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 9, as: UInt64.self)
            p.storeBytes(of: UInt8(ascii: "\""), toByteOffset: 1 &+ count, as: UInt8.self)
            p.storeBytes(of: UInt8(ascii: ":"), toByteOffset: 2 &+ count, as: UInt8.self)
            position += count &+ 3
        }

        /// Where the next byte goes: what a caller wrote since an earlier
        /// `next` it may keep, to copy back with `copyKept` (a reply member
        /// whose value did not change).
        @inlinable public var next: UnsafePointer<UInt8> { UnsafePointer(position) }

        /// The most bytes `copyKept` copies, and the bytes it reads and stores.
        @inlinable public static var keptTextBytes: Int { 48 }

        /// `count` (at most `keptTextBytes`) bytes a caller kept of what it
        /// wrote: three 16-byte words, whatever `count`, instead of a call
        /// to memcpy. `text` must have `keptTextBytes` readable bytes, and
        /// the cursor room for as many.
        @inlinable @inline(__always)
        public mutating func copyKept(_ text: UnsafeRawPointer, count: Int) {
            copyKept(text, count: count, reading: Self.keptTextBytes)
        }

        /// `copyKept` for a text kept with room for `width` bytes (a
        /// constant multiple of 16, so the loop unrolls to word moves):
        /// `count` (at most `width`) bytes, `width` read and stored. `text`
        /// must have `width` readable bytes, and the cursor room for as many.
        @inlinable @inline(__always)
        public mutating func copyKept(_ text: UnsafeRawPointer, count: Int, reading width: Int) {
            assertRoom(width)
            assert(count <= width && width % 16 == 0)
            let to = UnsafeMutableRawPointer(position)
            var offset = 0
            while offset < width {
                to.storeBytes(of: text.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset,
                              as: SIMD16<UInt8>.self)
                offset &+= 16
            }
            position += count
        }

        /// Pre-encoded JSON (e.g. an id quoted and escaped once), copied verbatim.
        @inlinable @inline(__always)
        public mutating func raw(_ json: UnsafeRawBufferPointer) {
            let count = json.count
            guard count > 0 else { return }
            assertRoom(count)
            if count <= 16 {
                // Ids and names are short: two overlapping word copies (or
                // a loop, below 4 bytes) beat a call to memmove.
                let from = json.baseAddress!, to = UnsafeMutableRawPointer(position)
                if count >= 8 {
                    to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                    to.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self),
                                  toByteOffset: count &- 8, as: UInt64.self)
                } else if count >= 4 {
                    to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                    to.storeBytes(of: from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self),
                                  toByteOffset: count &- 4, as: UInt32.self)
                } else {
                    for i in 0..<count { position[i] = json[i] }
                }
            } else {
                UnsafeMutableRawPointer(position).copyMemory(from: json.baseAddress!, byteCount: count)
            }
            position += count
        }
    }

    /// The longest name `Cursor.shortKey` copies.
    @inlinable public static var shortNameBytes: Int { 16 }

    /// Reserves `maxBytes` once and lets `body` write through a `Cursor`.
    /// The bytes continue the current structure as written (no comma is
    /// inserted); `needsComma` is what they leave behind. `body` must stay
    /// within `maxBytes`: count `maxNumberBytes` per number.
    @inlinable @inline(__always)
    public mutating func withCursor<R>(reserving maxBytes: Int, needsComma: Bool, _ body: (inout Cursor) -> R) -> R {
        var cursor = Cursor(reserve(maxBytes), reserved: maxBytes)
        let result = body(&cursor)
        if let at = cursor.nonFiniteAt { countNonFinite(at: base.distance(to: at)) }
        used = base.distance(to: cursor.position)
        comma = needsComma
        return result
    }

    /// `withCursor` for one member: its separator and `"name":` go first,
    /// through the same cursor, then whatever `body` writes as its value
    /// (up to `maxBytes`). The member leaves a comma due behind it.
    @inlinable
    public mutating func withMemberCursor<R>(_ name: StaticString, reserving maxBytes: Int, _ body: (inout Cursor) -> R) -> R {
        let separated = comma
        return withCursor(reserving: maxBytes + name.utf8CodeUnitCount + 4, needsComma: true) { c in
            if separated { c.fragment(",") }
            c.fragment("\"")
            c.fragment(name)
            c.fragment("\":")
            return body(&c)
        }
    }

    /// `value` as a JSON string (quoted and escaped), for callers that cache it.
    public static func encodedString(_ value: String) -> [UInt8] {
        var w = JSONWriter(capacity: value.utf8.count + 2)
        w.string(value)
        return w.bytes
    }

    /// Writes any `JSONValue`.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let d): number(d)
        case .string(let s): string(s)
        case .array(let a):
            beginArray()
            for element in a { self.value(element) }
            endArray()
        case .object(let o):
            beginObject()
            for m in o.members {
                key(m.key)
                self.value(m.value)
            }
            endObject()
        }
    }

    /// Appends bytes that are not JSON (framing headers, newlines); the next
    /// value starts a new top-level JSON text (no comma).
    @inlinable
    public mutating func appendFraming(_ text: StaticString) {
        append(text)
        comma = false
    }

    /// Appends a decimal integer that is not a JSON value (e.g. a Content-Length).
    public mutating func appendFramingInteger(_ value: Int) {
        writeInteger(value)
        comma = false
    }

    /// Appends raw non-JSON bytes (e.g. a framed message body).
    public mutating func appendFraming(_ raw: [UInt8]) {
        raw.withUnsafeBytes { append($0) }
        comma = false
    }

    /// Appends another writer's bytes as non-JSON bytes (e.g. a framed message body).
    public mutating func appendFraming(_ other: JSONWriter) {
        other.withUnsafeBytes { append($0) }
        comma = false
    }

    // MARK: Internals

    @inlinable
    mutating func writeInteger(_ value: Int) {
        let p = reserve(Self.maxNumberBytes)
        used &+= Self.store(value, at: p)
    }

    @inlinable
    mutating func writeStringBody(_ value: String) {
        // A native string (small ones included) lends its bytes without a
        // copy; only a bridged one needs `withUTF8`'s mutable copy.
        if value.utf8.withContiguousStorageIfAvailable({ writeStringBody(utf8: $0) }) == nil {
            var value = value
            value.withUTF8 { writeStringBody(utf8: $0) }
        }
    }

    @inlinable @inline(__always)
    mutating func writeStringBody(utf8: UnsafeBufferPointer<UInt8>) {
        // Fast path: nothing to escape (ids, enum names) — one copy.
        let count = utf8.count
        var clean = true
        for b in utf8 where b < 0x20 || b == 0x22 || b == 0x5C || b == 0xE2 { clean = false; break }
        guard _fastPath(clean) else { return writeEscapedStringBody(utf8) }
        let p = reserve(count &+ 2)
        p.pointee = UInt8(ascii: "\"")
        if count <= 16 {
            // Ids are short: a loop beats a call to memmove.
            for i in 0..<count { p[i &+ 1] = utf8[i] }
        } else {
            (p + 1).update(from: utf8.baseAddress!, count: count)
        }
        p[count &+ 1] = UInt8(ascii: "\"")
        used &+= count &+ 2
    }

    @usableFromInline
    mutating func writeEscapedStringBody(_ utf8: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        let raw = UnsafeRawBufferPointer(utf8)
        var runStart = 0
        var i = 0
        let count = utf8.count
        while i < count {
            let b = utf8[i]
            if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0xE2 {
                i += 1
                continue
            }
            if b == 0xE2 {  // U+2028 / U+2029 are E2 80 A8 / E2 80 A9
                if i + 2 < count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9) {
                    append(UnsafeRawBufferPointer(rebasing: raw[runStart..<i]))
                    append(utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    i += 3
                    runStart = i
                } else {
                    i += 1
                }
                continue
            }
            append(UnsafeRawBufferPointer(rebasing: raw[runStart..<i]))
            switch b {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            default:
                let hex: StaticString = "0123456789abcdef"
                let p = reserve(6)
                p[0] = 0x5C; p[1] = UInt8(ascii: "u"); p[2] = 0x30; p[3] = 0x30
                p[4] = hex.utf8Start[Int(b >> 4)]; p[5] = hex.utf8Start[Int(b & 0xF)]
                used &+= 6
            }
            i += 1
            runStart = i
        }
        append(UnsafeRawBufferPointer(rebasing: raw[runStart..<count]))
        append(UInt8(ascii: "\""))
    }
}

/// The Swift runtime's shortest round-trip formatter (SwiftDtoa), the one
/// `Double.description` is made of: writes at most `length` bytes of
/// `value` (`description`'s text when `debug` is false) at `buffer` and
/// returns their count. An exported runtime entry point that the standard
/// library's own inlinable code calls, so its ABI is fixed.
@_silgen_name("swift_float64ToString")
@usableFromInline
func swiftFloat64ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ length: UInt, _ value: Double, _ debug: Bool) -> UInt64
