/// The stack's children by id: an open-addressing hash table of indices
/// into the stack's `ids`, 4 bytes a slot at most half full.
///
/// A `[String: Int32]` holds a copy of every id beside its index: 20 bytes a
/// slot, 42 MB for 1 000 000 children, which a create holds at its peak
/// with the request and the specs (bench/create-memory); this table is 8 MB
/// and reads the ids where the stack keeps them.
struct ChildIDIndex: Sendable {
    /// Child indices, -1 where empty; the count is a power of two.
    private var slots: [Int32]

    /// The index of `ids`, which are unique.
    init(_ ids: [String]) {
        var count = 4
        while count < ids.count * 2 { count *= 2 }
        slots = [Int32](repeating: -1, count: count)
        let mask = count - 1
        for (i, id) in ids.enumerated() {
            var slot = id.hashValue & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i)
        }
    }

    /// The index of `id` among `ids`, the ids the table was built from.
    func index(of id: String, in ids: [String]) -> Int? {
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] >= 0 {
            let i = Int(slots[slot])
            if ids[i] == id { return i }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
