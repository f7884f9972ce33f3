/// Member names a behavior writes in every reply, known once for the
/// session's life (its track ids): their UTF-8 bytes end to end, so a reply
/// writer copies each name instead of taking a `String` apart again.
public struct ReplyKeys: Equatable, Sendable {
    /// Whether every name is printable ASCII other than the quote and the
    /// backslash (the usual ids): a text format that quotes its strings
    /// copies such a name as it is, with no escaping pass.
    public let arePlainASCII: Bool
    /// The longest name's UTF-8 byte count.
    public let longestByteCount: Int
    /// Every name's UTF-8 bytes, one after another, then `readablePadding`
    /// zero bytes.
    @usableFromInline let utf8: [UInt8]
    /// Where each name's bytes start in `utf8`, and where the last ends:
    /// name `k` is `bounds[k]..<bounds[k + 1]`.
    @usableFromInline let bounds: [Int]

    /// How many bytes past the last name stay readable, so a writer may
    /// copy any name of up to this many bytes as whole words from its start
    /// (reading past its end) instead of byte by byte.
    public static let readablePadding = 16

    public init(_ names: [String]) {
        var utf8: [UInt8] = []
        var bounds = [0]
        var longest = 0
        for name in names {
            utf8 += name.utf8
            longest = max(longest, utf8.count - bounds[bounds.count - 1])
            bounds.append(utf8.count)
        }
        arePlainASCII = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        utf8 += repeatElement(0, count: Self.readablePadding)
        self.utf8 = utf8
        self.bounds = bounds
        longestByteCount = longest
    }

    /// Calls `body` with every name's UTF-8 bytes end to end and their
    /// bounds in them (name `k` is `bytes[bounds[k]..<bounds[k + 1]]`), valid
    /// within the call; `readablePadding` more bytes follow them.
    /// Inlinable, so a writer's loop over the names specializes where it is written.
    @inlinable
    public func withUTF8<R>(_ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ bounds: UnsafeBufferPointer<Int>) -> R) -> R {
        utf8.withUnsafeBufferPointer { bytes in
            bounds.withUnsafeBufferPointer { bounds in body(UnsafeBufferPointer(rebasing: bytes[..<bounds[bounds.count - 1]]), bounds) }
        }
    }
}
