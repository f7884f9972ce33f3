import OmniScrollCore
import OmniScrollJSON

/// Why a value does not fit its schema, in the words every -32602 of the
/// worker uses ("must be a finite number ≥ 0; got a string"). The decoder
/// adds the path, so a check that passes builds no string.
struct Mismatch: Error {
    let reason: String
}

/// The checks of scalar values, with their bounds taken from the schema
/// once (`Member.bounds`, `ScalarBounds`), so the hot path reads plain numbers.
enum ParamCheck {
    static func string(_ v: JSONElement, _ bounds: ScalarBounds) throws(Mismatch) -> String {
        guard let s = v.stringValue else { throw fail("must be a string", v) }
        if bounds.minLength > 0 || bounds.maxLength < .max {
            // A string has at least a quarter as many characters as UTF-8
            // bytes and at most as many: within the bounds by its byte count
            // alone, it needs no count of its characters (an id per child).
            let bytes = s.utf8.count
            if bytes <= bounds.maxLength, (bytes + 3) / 4 >= bounds.minLength { return s }
            let length = s.unicodeScalars.count
            if length < bounds.minLength {
                throw Mismatch(reason: bounds.minLength == 1 ? "must not be empty" : "must be at least \(bounds.minLength) characters")
            }
            if length > bounds.maxLength {
                throw Mismatch(reason: "must be at most \(bounds.maxLength) characters")
            }
        }
        return s
    }

    /// The case whose raw value `v` spells, matched by bytes against each
    /// case: a valid value builds no `String` (building one and reading it
    /// back with `init(rawValue:)` was +7 % of a scroll naming its phase,
    /// issue 28).
    @inline(__always)
    static func enumeration<E: RawRepresentable & CaseIterable>(_ v: JSONElement, _ cases: [String]) throws(Mismatch) -> E
    where E.RawValue == String {
        precondition(!cases.isEmpty, "not an enumeration schema")
        guard v.kind == .string else { throw fail(oneOf(cases), v) }
        for e in E.allCases where v.isString(e.rawValue) {
            guard cases.contains(e.rawValue) else { break }
            return e
        }
        throw Mismatch(reason: oneOf(cases))
    }

    /// "must be one of a, b": built only when a value is rejected (joined on
    /// every call it was +59 % of a scroll naming its phase, issue 28).
    private static func oneOf(_ cases: [String]) -> String {
        "must be one of \(cases.joined(separator: ", "))"
    }

    /// Inlined: called, with its bounds copied in, a number cost ~40
    /// instructions, three of them in each `session.pointer` move against
    /// one in `session.drag` (issue 29).
    @inline(__always)
    static func number(_ v: JSONElement, _ bounds: ScalarBounds) throws(Mismatch) -> Double {
        guard let d = v.doubleValue else { throw fail(bounds.numberRule, v) }
        guard d.isFinite, d >= bounds.minimum, d > bounds.exclusiveMinimum, d <= bounds.maximum else {
            throw Mismatch(reason: bounds.numberRule)
        }
        return d == 0 ? 0 : d  // normalise -0
    }

    static func integer(_ v: JSONElement, _ bounds: ScalarBounds) throws(Mismatch) -> Int {
        guard let i = v.intValue, i >= bounds.integerMinimum, i <= bounds.integerMaximum else {
            // One wording per param, naming its whole range: a JSON integer
            // is exact to 2^53, the widest bound (issue 26).
            let high = bounds.integerMaximum < .max ? "\(bounds.integerMaximum)" : "2^53"
            let rule = bounds.integerMinimum == bounds.integerMaximum ? "must be \(high)"
                : bounds.integerMinimum > .min ? "must be an integer from \(bounds.integerMinimum) to \(high)"
                : "must be an integer within ±2^53"
            if v.doubleValue == nil { throw fail(rule, v) }
            throw Mismatch(reason: rule)
        }
        return i
    }

    static func boolean(_ v: JSONElement) throws(Mismatch) -> Bool {
        guard let b = v.boolValue else { throw fail("must be a boolean", v) }
        return b
    }

    /// Checks that `v` is an object or an array.
    static func kind(_ v: JSONElement, _ kind: JSONKind) throws(Mismatch) {
        guard v.kind != kind else { return }
        throw fail(kind == .array ? "must be an array" : "must be an object", v)
    }

    /// "must be …; got a string".
    private static func fail(_ rule: String, _ v: JSONElement) -> Mismatch {
        Mismatch(reason: "\(rule); got \(v.typeDescription)")
    }
}

extension ScalarBounds {
    /// "must be a finite number", with its bounds (" ≥ 0", " > 0", " ≤ 1000000000000").
    var numberRule: String {
        var parts: [String] = []
        if minimum > -.infinity { parts.append("≥ \(Self.format(minimum))") }
        if exclusiveMinimum > -.infinity { parts.append("> \(Self.format(exclusiveMinimum))") }
        if maximum < .infinity { parts.append("≤ \(Self.format(maximum))") }
        return parts.isEmpty ? "must be a finite number" : "must be a finite number \(parts.joined(separator: " and "))"
    }

    /// A bound as replies write numbers (`0`, `1000000000000`).
    private static func format(_ bound: Double) -> String {
        var w = JSONWriter(capacity: 24)
        w.number(bound)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
