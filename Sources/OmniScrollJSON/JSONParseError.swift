/// Why and where the parser rejected its input.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset into the input at which the problem was found.
    public var offset: Int
    /// A short human-readable reason ("invalid UTF-8", "trailing characters after the value").
    public var reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "\(reason) at byte \(offset)" }
}
