/// The last samples of one finger, oldest first, at most `capacity` (the
/// 20 both of Flutter's trackers keep): the trackers' input and a
/// snapshot's part.
public struct PointerHistory: Equatable, Sendable {
    /// Flutter's `_historySize` and `IOSScrollViewFlingVelocityTracker._sampleSize`.
    public static let capacity = 20

    public private(set) var samples: [PointerSample] = []

    public init() {}

    /// `samples`, keeping the newest `capacity`.
    public init(_ samples: [PointerSample]) { self.samples = Array(samples.suffix(Self.capacity)) }

    public mutating func append(_ sample: PointerSample) {
        if samples.count == Self.capacity { samples.removeFirst() }
        samples.append(sample)
    }

    public var newest: PointerSample? { samples.last }
}
