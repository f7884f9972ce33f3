/// The last samples of one finger, oldest first, at most `capacity` (the
/// 20 both of Flutter's trackers keep): the trackers' input and a
/// snapshot's part.
///
/// A ring: the storage is reserved for `capacity` samples when the finger
/// goes down, and once full a sample overwrites the oldest in place, so a
/// `move` allocates and shifts nothing (issue 29's cost bound).
public struct PointerHistory: Equatable, Sendable {
    /// Flutter's `_historySize` and `IOSScrollViewFlingVelocityTracker._sampleSize`.
    public static let capacity = 20

    private var ring: [PointerSample] = []
    /// Where the oldest sample is in `ring` (0 until it is full).
    private var oldestSlot = 0

    public init() { ring.reserveCapacity(Self.capacity) }

    /// `samples`, keeping the newest `capacity`.
    public init(_ samples: [PointerSample]) {
        self.init()
        ring.append(contentsOf: samples.suffix(Self.capacity))
    }

    /// The history of a finger just down, `first` alone, in this storage
    /// (another finger's, reused: a gesture allocates none, issue 29).
    public mutating func restart(_ first: PointerSample) {
        ring.removeAll(keepingCapacity: true)
        oldestSlot = 0
        ring.append(first)
    }

    public mutating func append(_ sample: PointerSample) {
        guard ring.count == Self.capacity else { return ring.append(sample) }
        ring[oldestSlot] = sample
        oldestSlot = oldestSlot == Self.capacity - 1 ? 0 : oldestSlot + 1
    }

    public var count: Int { ring.count }

    /// The `k`-th sample, oldest first.
    public subscript(k: Int) -> PointerSample {
        let slot = oldestSlot + k
        return ring[slot < ring.count ? slot : slot - ring.count]
    }

    public var newest: PointerSample? { ring.isEmpty ? nil : self[ring.count - 1] }

    public var oldest: PointerSample? { ring.isEmpty ? nil : self[0] }

    /// The samples, oldest first (a snapshot's `samples`).
    public var samples: [PointerSample] { (0..<count).map { self[$0] } }

    /// Histories are equal when they hold the same samples in the same order, wherever the ring starts.
    public static func == (a: PointerHistory, b: PointerHistory) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }
}
