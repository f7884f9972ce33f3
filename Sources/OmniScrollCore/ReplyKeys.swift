/// Member names a behavior writes in every reply, known once for the
/// session's life (its track ids): their UTF-8 bytes end to end, so a reply
/// writer copies each name instead of taking a `String` apart again.
public struct ReplyKeys: Equatable, Sendable {
    /// Whether every name is printable ASCII other than the quote and the
    /// backslash (the usual ids): a text format that quotes its strings
    /// copies such a name as it is, with no escaping pass.
    public let arePlainASCII: Bool
    /// Every name's UTF-8 bytes, one after another.
    @usableFromInline let utf8: [UInt8]
    /// Where each name's bytes end in `utf8`.
    @usableFromInline let ends: [Int]

    public init(_ names: [String]) {
        var utf8: [UInt8] = []
        var ends: [Int] = []
        for name in names {
            utf8 += name.utf8
            ends.append(utf8.count)
        }
        self.utf8 = utf8
        self.ends = ends
        arePlainASCII = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// The names' UTF-8 byte count, all together.
    public var byteCount: Int { utf8.count }

    /// Calls `body` with every name's UTF-8 bytes end to end and where each
    /// ends in them (name `k` is `bytes[ends[k − 1]..<ends[k]]`, from 0 for
    /// the first), valid within the call. Inlinable, so a writer's loop over
    /// the names specializes where it is written.
    @inlinable
    public func withUTF8<R>(_ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>) -> R) -> R {
        utf8.withUnsafeBufferPointer { bytes in ends.withUnsafeBufferPointer { ends in body(bytes, ends) } }
    }
}
