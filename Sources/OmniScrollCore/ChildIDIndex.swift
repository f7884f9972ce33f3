/// The stack's children by id: an open-addressing hash table of indices
/// into the stack's `ids`, 4 bytes a slot at most half full.
///
/// A `[String: Int32]` holds a copy of every id beside its index: 20 bytes a
/// slot, 42 MB for 1 000 000 children, which a create holds at its peak
/// with the request and the specs (bench/create-memory); this table is 8 MB
/// and reads the ids where the stack keeps them.
///
/// A create builds it once, while it checks the new ids for duplicates
/// (`DeclaredIDs`), and the new stack keeps it: hashing every id twice
/// (a set of the ids, then this table) was a sixth of a create's
/// instructions per child (issue 28, bench/scroll-instructions --workload create).
///
/// While every id in it is ASCII, ids are hashed by their bytes
/// (`ASCIIHash`): ASCII strings are equal exactly when their bytes are, and
/// `String.hashValue`, which normalizes, was half a create's duplicate
/// check. The first other id rehashes the table by `String.hashValue`,
/// which agrees with `String`'s canonical equivalence.
struct ChildIDIndex: Sendable {
    /// Child indices, -1 where empty; the count is a power of two.
    private var slots: [Int32]
    /// Whether every id in the table is ASCII, and so hashed by its bytes.
    private var hashesBytes = true

    /// An empty table with room for `capacity` ids.
    init(capacity: Int) {
        var count = 4
        while count < capacity * 2 { count *= 2 }
        slots = [Int32](repeating: -1, count: count)
    }

    /// The index of `ids`, which are unique.
    init(_ ids: [String]) {
        self.init(capacity: ids.count)
        for (i, id) in ids.enumerated() { _ = insert(id, at: i) { ids[$0] } }
    }

    /// Adds index `i` for `id` (the id at `i`), unless an id `idAt` gives for
    /// an index already in equals it: then the table is unchanged and the
    /// answer is false. At most `capacity` ids go in.
    @inline(__always)
    mutating func insert(_ id: String, at i: Int, idAt: (Int) -> String) -> Bool {
        if hashesBytes {
            if let hash = ASCIIHash.of(id) { return insert(id, at: i, hash: hash, idAt: idAt) }
            rehashByString(idAt: idAt)
        }
        return insert(id, at: i, hash: id.hashValue, idAt: idAt)
    }

    @inline(__always)
    private mutating func insert(_ id: String, at i: Int, hash: Int, idAt: (Int) -> String) -> Bool {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] >= 0 {
            if idAt(Int(slots[slot])) == id { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(truncatingIfNeeded: i)
        return true
    }

    /// Every index in the table placed again by its id's `String.hashValue`:
    /// an id that is not ASCII is joining.
    private mutating func rehashByString(idAt: (Int) -> String) {
        let indices = slots.filter { $0 >= 0 }
        slots = [Int32](repeating: -1, count: slots.count)
        hashesBytes = false
        for i in indices.map(Int.init) {
            let id = idAt(i)
            _ = insert(id, at: i, hash: id.hashValue, idAt: idAt)
        }
    }

    /// The index of `id` among `ids`, the ids the table was built from.
    func index(of id: String, in ids: [String]) -> Int? {
        index(of: id) { ids[$0] }
    }

    /// The index of `id`, `idAt` giving the id at an index in the table.
    @inline(__always)
    func index(of id: String, idAt: (Int) -> String) -> Int? {
        guard hashesBytes else { return index(of: id, hash: id.hashValue, idAt: idAt) }
        if let hash = ASCIIHash.of(id) { return index(of: id, hash: hash, idAt: idAt) }
        // Among ASCII ids, only one that `id` is canonically equivalent to
        // can equal it, and it is found under that id's hash.
        guard let ascii = ASCIIHash.asciiEquivalent(of: id), let hash = ASCIIHash.of(ascii) else { return nil }
        return index(of: id, hash: hash, idAt: idAt)
    }

    @inline(__always)
    private func index(of id: String, hash: Int, idAt: (Int) -> String) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] >= 0 {
            let i = Int(slots[slot])
            if idAt(i) == id { return i }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
