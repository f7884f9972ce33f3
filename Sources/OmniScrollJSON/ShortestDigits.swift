/// The shortest decimal that reads back as a given double, and the nearest
/// one to it among those of that length: the digits `Double.description`
/// writes, for the doubles it writes without an exponent. `JSONWriter` uses
/// it in place of the runtime's formatter (`swift_float64ToString`, which
/// serves every double through 128-bit arithmetic): about 300 instructions a
/// track value instead of about 550 (callgrind, collapsing-header scrolls).
///
/// The algorithm is Schubfach: R. Giulietti, "The Schubfach way to render
/// doubles" (2020), figures 4 and 6, as A. Bolz's C++ port writes it
/// (github.com/abolz/Drachennest, src/schubfach_64.cc, `ToDecimal`).
/// It rounds `4v` and the two ends of the interval of reals that read back
/// as `v` (`4v ∓ 2` ulps, in quarter-ulps) to odd at one decimal scale, then
/// takes the one shorter candidate inside the interval, if any, else the
/// nearer of the two neighbours of `v` at full length (ties to even).
struct ShortestDigits {
    /// The digits without trailing zeros: the decimal is `digits × 10^exponent`.
    let digits: UInt64
    let exponent: Int

    /// The smallest and largest magnitudes `Double.description` writes
    /// without an exponent ("0.0001", "9007199254740992.0"; their neighbours
    /// print as "9.999999999999999e-05" and "9.007199254740994e+15").
    static let smallestPlain = 0.0001
    static let largestPlain = 9_007_199_254_740_992.0

    /// Whether `magnitude` is in the range `storePlain` covers.
    @inline(__always)
    static func coversPlainly(_ magnitude: Double) -> Bool {
        magnitude >= smallestPlain && magnitude <= largestPlain
    }

    /// 10^e for e in 0...20, normalized so bit 63 is set: 5^e shifted left
    /// (10^e = 5^e · 2^e, and 5^e < 2^64 up to e = 27), hence exact. The
    /// doubles in `coversPlainly`'s range are `c · 2^q` with q in -66...1,
    /// which needs the scales 10^-k for k = floor(log10(2^q)) (or of
    /// 3/4 · 2^q) in -20...0: these rows. Exact factors make the products
    /// below exact too, so the paper's overestimate `g = floor(β) + 1` and
    /// its 128-bit table of all 617 scales are not needed.
    /// Constants in a switch (a table in the binary), not a lazily built
    /// array: reading a global array calls `swift_once` every time, ~12
    /// instructions a value (callgrind, collapsing-header scrolls).
    /// `ShortestDigitsTests` holds each row to 5^e shifted.
    @inline(__always)
    static func normalizedPowerOfTen(_ e: Int) -> UInt64 {
        assert((0...20).contains(e), "ShortestDigits: no scale 10^\(e)")
        switch e {
        case 0: return 0x8000_0000_0000_0000
        case 1: return 0xA000_0000_0000_0000
        case 2: return 0xC800_0000_0000_0000
        case 3: return 0xFA00_0000_0000_0000
        case 4: return 0x9C40_0000_0000_0000
        case 5: return 0xC350_0000_0000_0000
        case 6: return 0xF424_0000_0000_0000
        case 7: return 0x9896_8000_0000_0000
        case 8: return 0xBEBC_2000_0000_0000
        case 9: return 0xEE6B_2800_0000_0000
        case 10: return 0x9502_F900_0000_0000
        case 11: return 0xBA43_B740_0000_0000
        case 12: return 0xE8D4_A510_0000_0000
        case 13: return 0x9184_E72A_0000_0000
        case 14: return 0xB5E6_20F4_8000_0000
        case 15: return 0xE35F_A931_A000_0000
        case 16: return 0x8E1B_C9BF_0400_0000
        case 17: return 0xB1A2_BC2E_C500_0000
        case 18: return 0xDE0B_6B3A_7640_0000
        case 19: return 0x8AC7_2304_89E8_0000
        default: return 0xAD78_EBC5_AC62_0000  // 20
        }
    }

    /// `cp · g / 2^63` rounded to odd: the floor, with its last bit set when
    /// anything was cut off (the paper's `rop`).
    @inline(__always)
    static func roundToOdd(_ g: UInt64, _ cp: UInt64) -> UInt64 {
        let (high, low) = g.multipliedFullWidth(by: cp)
        return (high << 1) | (low >> 63) | (low & (1 << 63 - 1) == 0 ? 0 : 1)
    }

    /// The shortest digits of `magnitude`, which `coversPlainly` must accept.
    /// Inlined into `storePlain(_:at:)`: 17 instructions fewer a value (callgrind).
    @inline(__always)
    init(_ magnitude: Double) {
        assert(Self.coversPlainly(magnitude), "ShortestDigits: \(magnitude) is outside the plain range")
        let significandBits = magnitude.significandBitPattern
        // Every double in range is normal: c has its hidden bit; v = c · 2^q.
        let c = significandBits | 1 << 52
        let q = Int(magnitude.exponentBitPattern) &- 1075
        // At a power of two the next double down is half as far as the next one up.
        let lowerIsCloser = significandBits == 0
        let cbl = 4 &* c &- 2 &+ (lowerIsCloser ? 1 : 0)
        let cb = 4 &* c
        let cbr = cb &+ 2
        // k = floor(log10(2^q)), or floor(log10(3/4 · 2^q)) at a power of
        // two; h = q + floor(log2(10^-k)), in 0...3. The constants are the
        // paper's fixed-point logarithms (section 9).
        let k = (q &* 1_262_611 &- (lowerIsCloser ? 524_031 : 0)) &>> 22
        let h = q &+ ((-k &* 1_741_647) &>> 19)
        let g = Self.normalizedPowerOfTen(-k)
        let vbl = Self.roundToOdd(g, cbl &<< h)
        let vb = Self.roundToOdd(g, cb &<< h)
        let vbr = Self.roundToOdd(g, cbr &<< h)
        // Round-half-even reading: the interval's ends belong to it when c
        // is even. (In this range the ends, odd multiples of 2^(q-1), are
        // never the deciding candidate, so the tests cannot see this rule;
        // it is kept as the paper has it.)
        let even = c & 1 == 0
        let lower = even ? vbl : vbl &+ 1
        let upper = even ? vbr : vbr &- 1

        var digits: UInt64
        var exponent = k
        let s = vb / 4
        let sp = s / 10
        let upInside = lower <= 40 &* sp
        let wpInside = 40 &* sp &+ 40 <= upper
        if s >= 10 && upInside != wpInside {
            // One digit shorter: at most one of the two candidates fits.
            digits = sp &+ (wpInside ? 1 : 0)
            exponent &+= 1
        } else {
            let uInside = lower <= 4 &* s
            let wInside = 4 &* s &+ 4 <= upper
            if uInside != wInside {
                digits = s &+ (wInside ? 1 : 0)
            } else {
                // Both fit: the nearer to v, ties to the even one.
                let mid = 4 &* s &+ 2
                digits = s &+ (vb > mid || (vb == mid && s & 1 != 0) ? 1 : 0)
            }
        }
        while digits % 10 == 0 {
            digits /= 10
            exponent &+= 1
        }
        self.digits = digits
        self.exponent = exponent
    }

    /// Stores `value`, whose magnitude `coversPlainly` accepts, as
    /// `Double.description` writes it minus a trailing ".0", at `p` (room for
    /// `JSONWriter.maxNumberBytes`) and returns the byte count. A function of
    /// its own so that `JSONWriter.storeLongNonIntegral`, which the longer decimals
    /// of every plain scroll pass through, keeps its small frame.
    static func storePlain(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var k = 0
        if value < 0 {
            p.pointee = UInt8(ascii: "-")
            k = 1
        }
        return k &+ ShortestDigits(value.magnitude).storePlain(at: p + k)
    }

    /// Stores the decimal as `Double.description` writes it without an
    /// exponent, minus a trailing ".0" (0.001234, 123.456, 9007199254740992)
    /// at `p` (room for `JSONWriter.maxNumberBytes`) and returns the byte count.
    func storePlain(at p: UnsafeMutablePointer<UInt8>) -> Int {
        let count = Self.decimalLength(digits)
        let point = count &+ exponent  // digits before the decimal point
        // A fraction (a track's value, a motion's offset): every digit at
        // once, then moved into place.
        if point < count, point <= Self.widestFractionPoint { return storeFraction(count: count, point: point, at: p) }
        var rest = digits
        if point <= 0 {
            // 0.ddd, 0.0ddd, 0.00ddd or 0.000ddd (the range stops at 0.0001):
            // the longest prefix, then the digits over its surplus zeros.
            p[0] = UInt8(ascii: "0")
            p[1] = UInt8(ascii: ".")
            p[2] = UInt8(ascii: "0")
            p[3] = UInt8(ascii: "0")
            p[4] = UInt8(ascii: "0")
            Self.storeLowDigits(of: &rest, count: count, at: p + (2 &- point))
            return 2 &- point &+ count
        }
        if point < count {
            // ddd.ddd: the fraction's digits, the point, the integer's.
            Self.storeLowDigits(of: &rest, count: count &- point, at: p + (point &+ 1))
            p[point] = UInt8(ascii: ".")
            Self.storeLowDigits(of: &rest, count: point, at: p)
            return count &+ 1
        }
        // ddd00: an integer, at most 2^53.
        Self.storeLowDigits(of: &rest, count: count, at: p)
        for i in count..<point { p[i] = UInt8(ascii: "0") }
        return point
    }

    /// The most integer digits `storeFraction` writes: its copies of 16
    /// bytes, after a sign, the integer digits and the point, stay within
    /// `JSONWriter.maxNumberBytes`.
    static var widestFractionPoint: Int { 14 }

    /// `storePlain(at:)` for a decimal with a fraction (`point < count`)
    /// and at most `widestFractionPoint` integer digits: the 17 digit places
    /// as ASCII in one pass (`storeASCIIDigits`), then the digits copied as
    /// 16- and 8-byte words, not one division per digit pair: about 70
    /// instructions instead of about 150 for a track's 16 or 17 digits
    /// (callgrind, collapsing-header scrolls). Bytes past the text, up to
    /// `JSONWriter.maxNumberBytes` from where the number starts, are
    /// overwritten.
    @inline(__always)
    private func storeFraction(count: Int, point: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        // 17 digit places, then readable bytes for the word copies past them.
        var places: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &places) { places in
            let places = places.baseAddress!
            Self.storeASCIIDigits(digits, at: places)
            let first = UnsafeRawPointer(places + (17 &- count))
            let out = UnsafeMutableRawPointer(p)
            if point <= 0 {
                // 0.ddd … 0.000ddd (the range stops at 0.0001): "0.000000",
                // then the digits over its surplus zeros.
                out.storeBytes(of: UInt64(0x3030_3030_3030_2E30).littleEndian, as: UInt64.self)
                let to = out + (2 &- point)
                to.storeBytes(of: first.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
                to.storeBytes(of: first.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
                return 2 &- point &+ count
            }
            // ddd.ddd: the integer's digits, then the fraction's one place
            // on (each at most 16), then the point between them.
            out.storeBytes(of: first.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            out.storeBytes(of: first.loadUnaligned(fromByteOffset: point, as: SIMD16<UInt8>.self),
                           toByteOffset: point &+ 1, as: SIMD16<UInt8>.self)
            out.storeBytes(of: UInt8(ascii: "."), toByteOffset: point, as: UInt8.self)
            return count &+ 1
        }
    }

    /// Stores the 17 decimal digits of `v` (below 10^17), leading zeros
    /// included, as ASCII at `p`: its top digit, then two runs of eight.
    @inline(__always)
    static func storeASCIIDigits(_ v: UInt64, at p: UnsafeMutableRawPointer) {
        let (high, low) = v.quotientAndRemainder(dividingBy: 100_000_000)
        let (top, middle) = high.quotientAndRemainder(dividingBy: 100_000_000)
        p.storeBytes(of: UInt8(truncatingIfNeeded: top) &+ UInt8(ascii: "0"), as: UInt8.self)
        p.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: middle)).littleEndian, toByteOffset: 1, as: UInt64.self)
        p.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: low)).littleEndian, toByteOffset: 9, as: UInt64.self)
    }

    /// The eight decimal digits of `x` (below 10^8) as ASCII, the first in
    /// the lowest byte: halved into lanes of four digits, then two, then
    /// one, all lanes divided at once by a multiply and a shift, exact in
    /// these ranges (v / 100 = v · 10486 >> 20 below 10^4, w / 10 =
    /// w · 103 >> 10 below 100), no lane's product reaching the next.
    @inline(__always)
    static func eightDigits(_ x: UInt32) -> UInt64 {
        let fours = UInt64(x / 10_000) | UInt64(x % 10_000) << 32
        let hundreds = (fours &* 10_486) >> 20 & 0x0000_007F_0000_007F
        let pairs = hundreds | (fours &- hundreds &* 100) << 16
        let tens = (pairs &* 103) >> 10 & 0x000F_000F_000F_000F
        let ones = pairs &- tens &* 10
        return (tens | ones << 8) &+ 0x3030_3030_3030_3030
    }

    /// The number of decimal digits of `v`, which is below 10^17 (17 digits
    /// at most: Schubfach's `s`, rounded up). Most track values have 16 or
    /// 17, so those cost one or two compares.
    @inline(__always)
    static func decimalLength(_ v: UInt64) -> Int {
        if v >= 1_000_000_000_000_000 { return v >= 10_000_000_000_000_000 ? 17 : 16 }
        if v >= 1_000_000_000_000 {
            if v >= 100_000_000_000_000 { return 15 }
            return v >= 10_000_000_000_000 ? 14 : 13
        }
        if v >= 100_000_000 {
            if v >= 10_000_000_000 { return v >= 100_000_000_000 ? 12 : 11 }
            return v >= 1_000_000_000 ? 10 : 9
        }
        return JSONWriter.decimalDigits(v)
    }

    /// Stores the lowest `count` decimal digits of `value` at `p`, two per
    /// division, and leaves in `value` the digits above them.
    @inline(__always)
    static func storeLowDigits(of value: inout UInt64, count: Int, at p: UnsafeMutablePointer<UInt8>) {
        let pairs = UnsafeRawPointer(JSONWriter.digitPairs.utf8Start)
        var end = count
        while end >= 2 {
            let (q, r) = value.quotientAndRemainder(dividingBy: 100)
            end &-= 2
            UnsafeMutableRawPointer(p + end).storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: Int(r) &* 2, as: UInt16.self), as: UInt16.self)
            value = q
        }
        if end == 1 {
            let (q, r) = value.quotientAndRemainder(dividingBy: 10)
            p.pointee = UInt8(truncatingIfNeeded: r) &+ UInt8(ascii: "0")
            value = q
        }
    }
}
