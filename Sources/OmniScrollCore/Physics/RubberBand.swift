/// UIScrollView's rubber band: a drag `x` past a bound moves the content
/// f(x) = c·x·d/(d + c·|x|), odd in x, with f(0) = 0, f′(0) = c and |f| < d.
/// The formula is Grant Paul's (@chpwn) reading of UIKit, written up in
/// "Analysis of Apple's rubber band scrolling" (squareb.wordpress.com,
/// 2013-01-06; copy at gist.github.com/originell/6961057) as
/// b = (1 − 1/(x·c/d + 1))·d, which is the same function.
public struct RubberBand: Equatable, Sendable {
    /// c: UIScrollView's constant, per the same write-up.
    public static let coefficient = 0.55

    /// d: the viewport's extent along the drag, > 0.
    public let dimension: Double

    public init(dimension: Double) {
        self.dimension = dimension
    }

    /// How far the content moves past the bound for a finger travel `x` past it.
    public func offset(forTravel x: Double) -> Double {
        let c = Self.coefficient
        return c * x * dimension / (dimension + c * abs(x))
    }

    /// The finger travel that moves the content `y` past the bound, |y| < d:
    /// the inverse x = y·d/(c·(d − |y|)), so a drag that begins past a bound
    /// (a spring back caught mid-way) continues along the same curve.
    public func travel(forOffset y: Double) -> Double {
        let room = dimension - abs(y)
        // A band too thin for doubles (d = 5e-324 rounds 0.999·d to d) has
        // no room left: the curve's slope at 0 inverted, finite, where the
        // quotient would be 0/0.
        guard room > 0 else { return y / Self.coefficient }
        return y * dimension / (Self.coefficient * room)
    }
}
