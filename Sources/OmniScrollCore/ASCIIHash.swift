/// A hash of an ASCII string's bytes, for `ChildIDIndex`: eight bytes a
/// step, each step one wide multiplication (a 6-byte id costs ~40
/// instructions; `String.hashValue` cost ~230, issue 28).
///
/// Keyed by the process's own hashing seed (`Hasher`'s: random per process,
/// fixed under `SWIFT_DETERMINISTIC_HASHING`), so that ids chosen to collide
/// in one process do not in another, as with `String.hashValue`. Nothing the
/// engine answers depends on a hash.
enum ASCIIHash {
    /// The seed, and the odd multiplier it keys (never 0: every hash alike).
    private static let key: (seed: UInt64, multiplier: UInt64) = {
        let seed = UInt64(truncatingIfNeeded: 0x6F6D_6E69.hashValue)
        return (seed, (0x9E37_79B9_7F4A_7C15 ^ seed) | 1)
    }()

    /// The hash of `string`'s bytes; `nil` unless every byte is ASCII (or
    /// the string keeps no contiguous UTF-8).
    @inline(__always)
    static func of(_ string: String) -> Int? {
        string.utf8.withContiguousStorageIfAvailable { bytes in of(UnsafeRawBufferPointer(bytes)) } ?? nil
    }

    private static func of(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let key = key
        var hash = key.seed ^ UInt64(truncatingIfNeeded: bytes.count)
        var high: UInt64 = 0
        var offset = 0
        while offset &+ 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            high |= word
            hash = mix(hash ^ word, key.multiplier)
            offset &+= 8
        }
        if offset < bytes.count {
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
            high |= word
            hash = mix(hash ^ word, key.multiplier)
        }
        guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
        return Int(truncatingIfNeeded: hash)
    }

    @inline(__always)
    private static func mix(_ x: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    /// The ASCII string canonically equivalent to `string`, `nil` when none
    /// is: Unicode decomposes exactly three other scalars to ASCII ones
    /// (U+037E to `;`, U+1FEF to `` ` ``, U+212A to `K`), and no sequence of
    /// scalars composes to one.
    static func asciiEquivalent(of string: String) -> String? {
        var ascii = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: ascii.append(scalar)
            case 0x37E: ascii.append(";")
            case 0x1FEF: ascii.append("`")
            case 0x212A: ascii.append("K")
            default: return nil
            }
        }
        return String(ascii)
    }
}
