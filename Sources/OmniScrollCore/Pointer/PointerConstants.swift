/// The gesture constants of each preset (docs/pointer.md, "Slop and fling
/// constants"): how far the finger must travel before a drag, a pager swipe
/// or a grid pan starts, which tracker estimates the release, and the fling
/// thresholds. `flutter` uses Flutter's own constants (gestures/constants.dart);
/// `ios` UIScrollView's 10 pt; `android` ViewConfiguration's `touchSlop`
/// (8 dp) and `pagingTouchSlop` (2 × touchSlop). `iosFast` feels like `ios`.
public struct PointerConstants: Equatable, Sendable {
    /// Flutter's `kTouchSlop`.
    public static let flutterTouchSlop = 18.0
    /// Flutter's `kPagingTouchSlop`.
    public static let flutterPagingTouchSlop = 36.0
    /// Flutter's `kPanSlop`.
    public static let flutterPanSlop = 36.0
    /// Flutter's `kMinFlingVelocity` (points per second): a slower release does not fling.
    public static let minFlingVelocity = 50.0
    /// Flutter's `kMaxFlingVelocity` (points per second): a fling's speed is capped at it.
    public static let maxFlingVelocity = 8000.0
    /// Flutter's `kAssumePointerMoveStoppedMilliseconds`, in microseconds: an
    /// `up` this long after the newest sample finds the finger at rest.
    public static let restAfter: Int64 = 40_000

    /// Vertical travel past this starts a container drag.
    public let touchSlop: Double
    /// Horizontal travel past this starts a pager swipe.
    public let pagingSlop: Double
    /// The finger's path past this starts a grid pan.
    public let panSlop: Double
    public let tracker: Tracker

    public enum Tracker: Equatable, Sendable {
        /// `IOSVelocityTracker`.
        case ios
        /// `LeastSquaresVelocityTracker`.
        case leastSquares

        public func estimate(_ history: PointerHistory) -> VelocityEstimate {
            switch self {
            case .ios: IOSVelocityTracker.estimate(history)
            case .leastSquares: LeastSquaresVelocityTracker.estimate(history)
            }
        }
    }

    public init(_ preset: PhysicsPreset) {
        switch preset {
        case .ios, .iosFast:
            self.init(touchSlop: 10, pagingSlop: 10, panSlop: 10, tracker: .ios)
        case .android:
            self.init(touchSlop: 8, pagingSlop: 16, panSlop: 8, tracker: .leastSquares)
        case .flutter:
            self.init(touchSlop: Self.flutterTouchSlop, pagingSlop: Self.flutterPagingTouchSlop,
                      panSlop: Self.flutterPanSlop, tracker: .leastSquares)
        }
    }

    private init(touchSlop: Double, pagingSlop: Double, panSlop: Double, tracker: Tracker) {
        self.touchSlop = touchSlop
        self.pagingSlop = pagingSlop
        self.panSlop = panSlop
        self.tracker = tracker
    }
}
