/// A growable stack in manually managed memory, used by the parser to
/// collect the elements of the containers being parsed. Unlike an `Array`,
/// `take(from:)` moves elements out without copying them or touching
/// reference counts, and popping needs no uniqueness checks.
final class ScratchStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    func push(_ element: __owned Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` to the top into a new array and pops them.
    ///
    /// Built with `reserveCapacity` and `append`, which are specialised for
    /// `Element` here: `Array(unsafeUninitializedCapacity:)` allocates through
    /// an unspecialised library function that looks the array's storage
    /// metadata up in the runtime on every call (~500 instructions).
    @inline(__always)
    func take(from start: Int) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count - start)
        for i in start..<count { result.append((base + i).move()) }
        count = start
        return result
    }

    /// Drops every element (after a failed parse).
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
