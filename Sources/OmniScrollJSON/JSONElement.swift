/// One value of a parsed `JSONTape`: typed access without building a tree.
///
/// Valid while its tape is (see `JSONTape`'s lifetime rule): an element holds
/// no reference that keeps the tape or the input alive, so reading one costs
/// no reference counting.
public struct JSONElement {
    @usableFromInline unowned(unsafe) let tape: JSONTape
    @usableFromInline let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// Where the element is in its tape: with `element(at:)`, a compact way
    /// to hold several elements of one message (a decoder's member slots).
    public var position: Int {
        @inlinable @inline(__always) get { index }
    }

    /// The element at `position` of this element's tape.
    @inlinable @inline(__always)
    public func element(at position: Int) -> JSONElement {
        JSONElement(tape: tape, index: position)
    }

    @inlinable var entry: JSONTape.Entry {
        @inline(__always) get { tape.entries[index] }
    }

    public var kind: JSONKind {
        @inlinable @inline(__always) get { entry.kind }
    }

    /// Where the value is in the input, quotes and brackets included.
    public var byteRange: Range<Int> {
        let e = entry
        return Int(e.start)..<Int(e.end)
    }

    /// The value's bytes exactly as they were received.
    @inlinable
    public var rawBytes: UnsafeRawBufferPointer {
        let e = entry
        return UnsafeRawBufferPointer(start: tape.input + Int(e.start), count: Int(e.end &- e.start))
    }

    /// Whether this value's JSON text is exactly `bytes` (an enumeration's
    /// case as a JSON string, quotes included), compared a word at a time.
    public func hasRawBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let e = entry
        guard let start = bytes.baseAddress else { return e.end == e.start }
        return JSONTape.equal(tape.input + Int(e.start), start, bytes.count, Int(e.end &- e.start))
    }

    public var isNull: Bool {
        @inlinable @inline(__always) get { kind == .null }
    }

    public var boolValue: Bool? {
        let e = entry
        return e.kind == .bool ? e.payload != 0 : nil
    }

    public var doubleValue: Double? {
        @inlinable @inline(__always) get {
            let e = entry
            return e.kind == .number ? Double(bitPattern: e.payload) : nil
        }
    }

    /// The number as an `Int` when it is integral and exactly representable.
    public var intValue: Int? {
        guard let d = doubleValue, d.isFinite, d.rounded(.towardZero) == d,
              d >= -9_007_199_254_740_992, d <= 9_007_199_254_740_992 else { return nil }
        return Int(d)
    }

    public var stringValue: String? {
        kind == .string ? tape.string(index) : nil
    }

    /// `stringValue` for a string written without escapes and all ASCII (so
    /// its characters are its bytes), `nil` for any other value. Built anew,
    /// not looked up in the tape's table of short strings: for strings read
    /// once each (a create's child ids), where the table only misses and
    /// replaces its slots. Inlined: called, it retained the tape (~40
    /// instructions a child id).
    public var plainASCIIString: String? {
        @inlinable @inline(__always) get {
            let e = entry
            guard e.kind == .string, !e.escaped, e.ascii else { return nil }
            return JSONTape.asciiString(tape.input + (Int(e.start) &+ 1), length: Int(e.end &- e.start) &- 2)
        }
    }

    /// Whether this is a string whose content is `text`; builds no `String`.
    /// Inlined: keys and method names are matched this way on every request.
    @inlinable @inline(__always)
    public func isString(_ text: StaticString) -> Bool {
        let e = entry
        guard e.kind == .string else { return false }
        let length = text.utf8CodeUnitCount
        if e.escaped { return tape.withContent(index) { JSONTape.equal($0.baseAddress, text.utf8Start, length, $0.count) } }
        return JSONTape.equal(tape.input + (Int(e.start) &+ 1), text.utf8Start, length, Int(e.end &- e.start) &- 2)
    }

    /// Whether this is a string whose content is `text`; builds no `String`.
    /// (Disfavoured, so a literal argument takes the `StaticString` path.)
    /// Inlinable: enumeration params are matched case by case this way.
    @_disfavoredOverload @inlinable
    public func isString(_ text: String) -> Bool {
        guard kind == .string else { return false }
        return tape.withContent(index) { content in
            let utf8 = text.utf8
            guard utf8.count == content.count else { return false }
            guard !content.isEmpty else { return true }  // an empty `text` may lend no storage
            return utf8.withContiguousStorageIfAvailable { JSONTape.equal(content.baseAddress, $0.baseAddress!, $0.count, content.count) }
                ?? utf8.elementsEqual(content)
        }
    }

    /// The number of members of an object or elements of an array; 0 otherwise.
    public var count: Int {
        @inlinable @inline(__always) get {
            let e = entry
            return e.kind == .object || e.kind == .array ? Int(truncatingIfNeeded: e.payload) : 0
        }
    }

    /// The members of an object, in order (none for other values).
    public var members: Members {
        @inlinable @inline(__always) get {
            let e = entry
            return Members(tape: tape, position: index &+ 1, remaining: e.kind == .object ? Int(truncatingIfNeeded: e.payload) : 0)
        }
    }

    /// The elements of an array, in order (none for other values).
    public var elements: Elements {
        @inlinable @inline(__always) get {
            let e = entry
            return Elements(tape: tape, position: index &+ 1, remaining: e.kind == .array ? Int(truncatingIfNeeded: e.payload) : 0)
        }
    }

    /// The value of the first member named `key`; `nil` when there is none
    /// or this is not an object.
    @_disfavoredOverload
    public subscript(key: String) -> JSONElement? {
        for member in members where member.key.isString(key) { return member.value }
        return nil
    }

    /// `subscript(key:)` for a literal key: compares bytes, builds no `String`.
    @inlinable @inline(__always)
    public subscript(key: StaticString) -> JSONElement? {
        for member in members where member.key.isString(key) { return member.value }
        return nil
    }

    /// The first key (in member order) that an object repeats, if any.
    public var duplicateKey: String? {
        let n = count
        guard kind == .object, n > 1 else { return nil }
        if n <= 16 {
            var keys: [JSONElement] = []
            keys.reserveCapacity(n)
            for member in members {
                for earlier in keys where earlier.sameString(as: member.key) { return member.key.stringValue }
                keys.append(member.key)
            }
            return nil
        }
        var seen = Set<String>(minimumCapacity: n)
        for member in members {
            let key = tape.string(member.key.index)
            if !seen.insert(key).inserted { return key }
        }
        return nil
    }

    /// Two strings with the same content (escaped or not).
    func sameString(as other: JSONElement) -> Bool {
        tape.withContent(index) { a in
            other.tape.withContent(other.index) { b in JSONTape.equal(a.baseAddress, b.baseAddress!, b.count, a.count) }
        }
    }

    /// Gives back the memory this array's elements before `element` (one of
    /// them) take in the tape: a reader done with them, halfway through a
    /// huge array (`JSONTape.discard`). They must not be read again.
    public func discardElements(before element: JSONElement) {
        tape.discard(index &+ 1..<element.index)
    }

    /// The value as a tree (allocates; for code that keeps or compares values).
    public var value: JSONValue {
        let e = entry
        switch e.kind {
        case .null: return .null
        case .bool: return .bool(e.payload != 0)
        case .number: return .number(Double(bitPattern: e.payload))
        case .string: return .string(tape.string(index))
        case .array:
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            for element in elements { array.append(element.value) }
            return .array(array)
        case .object:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(count)
            for member in self.members {
                members.append(JSONObject.Member(key: tape.string(member.key.index), value: member.value.value))
            }
            return .object(JSONObject(members))
        }
    }

    /// A short name of the value's type, for error messages ("an array", "a string").
    public var typeDescription: String { kind.typeDescription }

    /// An object's members in order: each key (a string element) and its
    /// value. A key's entry skips its value, so the keys are walked as
    /// siblings, like an array's elements.
    public struct Members: Sequence, IteratorProtocol {
        @usableFromInline var keys: Elements

        @inlinable
        init(tape: JSONTape, position: Int, remaining: Int) {
            keys = Elements(tape: tape, position: position, remaining: remaining)
        }

        @inlinable
        public mutating func next() -> (key: JSONElement, value: JSONElement)? {
            guard let key = keys.next() else { return nil }
            return (key, JSONElement(tape: key.tape, index: key.index &+ 1))
        }
    }

    /// An array's elements in order.
    public struct Elements: Sequence, IteratorProtocol {
        @usableFromInline unowned(unsafe) let tape: JSONTape
        @usableFromInline var position: Int
        @usableFromInline var remaining: Int

        @inlinable
        init(tape: JSONTape, position: Int, remaining: Int) {
            self.tape = tape
            self.position = position
            self.remaining = remaining
        }

        @inlinable
        public mutating func next() -> JSONElement? {
            guard remaining > 0 else { return nil }
            remaining &-= 1
            let element = JSONElement(tape: tape, index: position)
            position = Int(tape.entries[position].next)
            return element
        }
    }
}
