extension Easing {
    /// What a malformed easing is told it should have been.
    static let expected = "linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2) or steps(n)"

    /// Parses the CSS text of an easing: a keyword (`ease-in`), or
    /// `cubic-bezier(x1, y1, x2, y2)`, or `steps(n)` with an optional
    /// `jump-end` / `end`. Names are ASCII case-insensitive and white space
    /// may surround every token, as in CSS. A malformed text throws an error
    /// naming `field` and saying what is wrong.
    public init(parsing text: String, field: FieldPath) throws(ContainerError) {
        func fail(_ reason: String) -> ContainerError {
            ContainerError(.invalidValue, field: field, reason: reason)
        }
        let whole = Self.trimmed(Substring(text))
        guard let open = whole.firstIndex(of: "(") else {
            switch Self.asciiLowercased(whole) {
            case "linear": self = .linear
            case "ease": self = .ease
            case "ease-in": self = .easeIn
            case "ease-out": self = .easeOut
            case "ease-in-out": self = .easeInOut
            case "cubic-bezier", "steps": throw fail("'\(whole)' needs its arguments in parentheses")
            default: throw fail("unknown easing '\(whole)'; expected \(Self.expected)")
            }
            return
        }
        let name = Self.asciiLowercased(Self.trimmed(whole[..<open]))
        guard whole.last == ")" else { throw fail("'\(whole)' must end with ')'") }
        let arguments = whole[whole.index(after: open)..<whole.index(before: whole.endIndex)]
            .split(separator: ",", omittingEmptySubsequences: false).map(Self.trimmed)
        switch name {
        case "cubic-bezier":
            guard arguments.count == 4 else {
                throw fail("cubic-bezier takes 4 numbers (x1, y1, x2, y2), got \(arguments.count)")
            }
            var points = [Double]()
            for argument in arguments {
                guard let number = CSSNumber.parse(argument) else { throw fail("'\(argument)' is not a number") }
                guard number.isFinite else { throw fail("'\(argument)' is not a finite number") }
                points.append(number)
            }
            self = .cubicBezier(CubicBezier(points[0], points[1], points[2], points[3]))
        case "steps":
            guard arguments.count == 1 || arguments.count == 2 else {
                throw fail("steps takes a step count and an optional jump-end, got \(arguments.count) arguments")
            }
            guard let count = CSSNumber.parseInteger(arguments[0]) else {
                throw fail("steps count '\(arguments[0])' is not an integer")
            }
            if arguments.count == 2 {
                let position = Self.asciiLowercased(arguments[1])
                guard position == "jump-end" || position == "end" else {
                    throw fail("steps position '\(arguments[1])' is not supported; only jump-end (end) is")
                }
            }
            self = .steps(count)
        default:
            throw fail("unknown easing function '\(name)'; expected \(Self.expected)")
        }
        try validate(field: field)
    }

    /// CSS white space: space, tab, line feed, carriage return, form feed
    /// (CSS Syntax Level 3, https://www.w3.org/TR/css-syntax-3/#whitespace).
    private static func isWhitespace(_ c: Character) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" || c == "\u{0C}"
    }

    private static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !isWhitespace($0) }),
              let last = text.lastIndex(where: { !isWhitespace($0) }) else { return text[text.endIndex...] }
        return text[first...last]
    }

    /// CSS names compare ASCII case-insensitively: only A–Z fold.
    private static func asciiLowercased(_ text: Substring) -> String {
        String(decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
