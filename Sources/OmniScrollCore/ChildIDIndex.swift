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
struct ChildIDIndex: Sendable {
    /// Child indices, -1 where empty; the count is a power of two.
    private var slots: [Int32]

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
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] >= 0 {
            if idAt(Int(slots[slot])) == id { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(truncatingIfNeeded: i)
        return true
    }

    /// The index of `id` among `ids`, the ids the table was built from.
    func index(of id: String, in ids: [String]) -> Int? {
        index(of: id) { ids[$0] }
    }

    /// The index of `id`, `idAt` giving the id at an index in the table.
    @inline(__always)
    func index(of id: String, idAt: (Int) -> String) -> Int? {
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] >= 0 {
            let i = Int(slots[slot])
            if idAt(i) == id { return i }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
