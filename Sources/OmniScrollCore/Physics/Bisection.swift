/// Deterministic bisection for the simulations without a closed-form inverse:
/// halves the bracket until its midpoint equals one of its ends (at most about
/// 64 steps for doubles), so the answer is the double next to the exact one.
enum Bisection {
    /// The first time in `from ... to` at which `predicate` holds, given that it
    /// is false up to some time and true after it, and true at `to`.
    static func firstTrue(from: Double, to: Double, _ predicate: (Double) -> Bool) -> Double {
        if predicate(from) { return from }
        var low = from, high = to
        while true {
            let mid = low + (high - low) / 2
            guard mid > low, mid < high else { return high }
            if predicate(mid) { high = mid } else { low = mid }
        }
    }

    /// The last time in `from ... to` at which `predicate` holds, given that it
    /// is true up to some time and false after it, and true at `from`.
    static func lastTrue(from: Double, to: Double, _ predicate: (Double) -> Bool) -> Double {
        if predicate(to) { return to }
        var low = from, high = to
        while true {
            let mid = low + (high - low) / 2
            guard mid > low, mid < high else { return low }
            if predicate(mid) { low = mid } else { high = mid }
        }
    }

    /// Where |f| < `bound` on `from ... to`, f monotone there (so it is one
    /// interval), or `nil` if nowhere. Ends are the nearest times inside.
    static func band(_ f: DampedOscillation, bound: Double, from: Double, to: Double) -> ClosedRange<Double>? {
        let inside = { (t: Double) in abs(f(t)) < bound }
        let a = f(from), b = f(to)
        if inside(from) {
            return from...lastTrue(from: from, to: to, inside)
        }
        // Outside at `from`: it enters only if it moves towards the band and
        // does not stop short of it.
        let towards = a > 0 ? b < bound : b > -bound
        guard towards else { return nil }
        let entered = { (t: Double) in a > 0 ? f(t) < bound : f(t) > -bound }
        let entry = firstTrue(from: from, to: to, entered)
        guard inside(entry) else { return nil }
        return entry...lastTrue(from: entry, to: to, inside)
    }
}
