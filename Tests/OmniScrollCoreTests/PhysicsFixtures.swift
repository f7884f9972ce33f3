@testable import OmniScrollCore
import OmniScrollTestSupport

/// Runs `body` once per seed, each with its own generator; failure messages
/// carry the seed so a case can be replayed alone.
func forEachSeed(_ count: Int, base: UInt64, _ body: (UInt64, inout SeededGenerator) throws -> Void) rethrows {
    for n in 0..<UInt64(count) {
        var rng = SeededGenerator(seed: base + n)
        try body(base + n, &rng)
    }
}

extension SeededGenerator {
    /// A velocity whose size spreads over 1 … 20 000 pt/s, either sign.
    mutating func velocity() -> Double {
        let speed = Double.random(in: 0...1, using: &self)
        let magnitude = 20_000 * speed * speed * speed + 1
        return Bool.random(using: &self) ? magnitude : -magnitude
    }

    mutating func position() -> Double { Double.random(in: -5_000...5_000, using: &self) }

    mutating func preset() -> PhysicsPreset { PhysicsPreset.allCases.randomElement(using: &self)! }

    /// Bounds around 0 … some content, or `nil`.
    mutating func bounds() -> ScrollBounds? {
        guard Int.random(in: 0..<4, using: &self) != 0 else { return nil }
        let min = Double.random(in: -200...0, using: &self)
        return ScrollBounds(min: min, max: min + Double.random(in: 0...8_000, using: &self))
    }
}
