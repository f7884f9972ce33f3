/// A whole number from a computed `Double`, held in `range` before it is
/// converted: `Int(_:)` traps on a value past `Int`'s range (an offset of
/// 1e24 over a width of 1e-300 is +∞), so every index the engines derive
/// from a position goes through here. NaN gives the lower bound.
@inline(__always)
func clampedIndex(_ value: Double, in range: ClosedRange<Int>) -> Int {
    guard value > Double(range.lowerBound) else { return range.lowerBound }  // NaN too
    guard value < Double(range.upperBound) else { return range.upperBound }
    return Int(value)
}
