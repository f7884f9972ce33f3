/// CSS `<number>` and `<integer>` text (CSS Syntax Level 3, "consume a
/// number", https://www.w3.org/TR/css-syntax-3/#consume-number): the
/// grammar is checked here because Swift's `Double(_:)` also takes `inf`,
/// `nan` and hexadecimal forms that CSS does not.
enum CSSNumber {
    /// `[+-]? (digits | digits? '.' digits) ([eE] [+-]? digits)?`, or nil.
    static func parse(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        let whole = digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
        } else {
            guard whole > 0 else { return nil }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == bytes.count else { return nil }
        return Double(String(text))
    }

    /// `[+-]? digits`, or nil (also for a count too large for `Int`).
    static func parseInteger(_ text: Substring) -> Int? {
        let unsigned = text.first == "+" || text.first == "-" ? text.dropFirst() : text
        guard !unsigned.isEmpty, unsigned.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text)
    }

    /// Shortest text that parses back to `value`: integers without a
    /// fraction (`1`, not `1.0`), the rest in Swift's shortest round-trip form.
    static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }
}
