#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The elementary functions the simulations need, from the platform's C math
/// library: the Swift standard library has no `exp` or `log` of its own, and
/// the engine takes nothing from Foundation. This is the one file that
/// reaches past the standard library; every other physics file calls these.
enum Elementary {
    static func exp(_ x: Double) -> Double { cExp(x) }
    /// eˣ − 1, exact for small x where `exp(x) − 1` would cancel.
    static func expm1(_ x: Double) -> Double { cExpm1(x) }
    static func log(_ x: Double) -> Double { cLog(x) }
    /// ln(1 + x), exact for small x.
    static func log1p(_ x: Double) -> Double { cLog1p(x) }
    static func pow(_ x: Double, _ y: Double) -> Double { cPow(x, y) }
    static func sin(_ x: Double) -> Double { cSin(x) }
    static func cos(_ x: Double) -> Double { cCos(x) }
    static func atan2(_ y: Double, _ x: Double) -> Double { cAtan2(y, x) }
}

// File-scope names, so the members above do not call themselves.
private func cExp(_ x: Double) -> Double { exp(x) }
private func cExpm1(_ x: Double) -> Double { expm1(x) }
private func cLog(_ x: Double) -> Double { log(x) }
private func cLog1p(_ x: Double) -> Double { log1p(x) }
private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func cSin(_ x: Double) -> Double { sin(x) }
private func cCos(_ x: Double) -> Double { cos(x) }
private func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
