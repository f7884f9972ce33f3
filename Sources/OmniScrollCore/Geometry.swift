/// The container's visible area, in points.
public struct Viewport: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Extra scrollable space above and below the content, like `UIScrollView.contentInset`.
public struct Insets: Equatable, Hashable, Sendable {
    public var top: Double
    public var bottom: Double

    public init(top: Double = 0, bottom: Double = 0) {
        self.top = top
        self.bottom = bottom
    }

    public static let zero = Insets()
}

/// A frame in content coordinates: a child's in the container, a tile's in the scroll view.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxY: Double { y + height }
}

/// A position in points: a tile grid's offset, in the scroll view's content coordinates.
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A width and a height in points: a tile's size, a scroll view's content size.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// `min(max(value, low), high)`, with `low` winning when `high < low`:
/// the solver's clamps always have a meaningful lower bound (0 or a natural top).
@inline(__always)
func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    max(low, min(value, high))
}

/// The length of `[a0, a1] ∩ [b0, b1]`, 0 when they do not overlap.
@inline(__always)
func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
    max(0, min(a1, b1) - max(a0, b0))
}

/// `[minOffset, maxOffset]`: `[−inset.top, max(minOffset, S + inset.bottom − V)]`
/// (docs/design.md#stack-container), with any held inset already in `insets.top`.
@inline(__always)
func offsetRange(contentHeight: Double, viewportHeight: Double, insets: Insets) -> ClosedRange<Double> {
    let low = -insets.top
    return low...max(low, contentHeight + insets.bottom - viewportHeight)
}
