import OmniScrollCore
import OmniScrollJSON

/// A child spec read straight from the tape when it is written in its usual
/// shape: `{"id":"p0","kind":"page"}`, or `{"id":"web","kind":"scroll","contentHeight":2000}`.
/// That is, its `id` first, a string without escapes, all ASCII, within
/// `SessionParams.id`'s length; then its `kind`, one without members of its
/// own (not a pager); then, if anything, its kind's size member alone, a
/// length or `null`. For such an object `read` answers what
/// `SessionParams.child` answers (docs/protocol.md, Children), without
/// opening a `ParamDecoder` on the 16 members a child spec declares and
/// reading each member through it: ~1 000 instructions of every child of a
/// create (issue 28, bench/scroll-instructions --workload create). Any other
/// object (another order or member, an escape, a value out of bounds, so
/// every error) is `nil`: the caller's general decoder reads it from the
/// start, and says what is wrong.
enum UsualChildSpec {
    /// What reading a child of one kind takes, for the kinds a usual child has.
    /// @unchecked: `json` points at bytes `EnumerationCases` never frees or changes.
    private struct Kind: @unchecked Sendable {
        /// The kind's name as a JSON string (`"page"`), `EnumerationCases`' bytes.
        let json: UnsafeBufferPointer<UInt8>
        let sizeKey: StaticString
        let requiresSize: Bool
        let payload: ChildPayload
    }

    private static let kinds: [Kind] = EnumerationCases<ChildKind>().cases.compactMap { json, kind in
        guard kind != .pager, kind.payloadMembers.isEmpty else { return nil }
        return Kind(json: json, sizeKey: kind.sizeMember, requiresSize: kind.requiresSize, payload: kind.payload([]))
    }
    private static let idBounds = ScalarBounds(SessionParams.id)
    /// A size member's bounds: every kind's is `SessionParams.length` or `null`.
    private static let sizeBounds = ScalarBounds(SessionParams.length)

    /// The spec `v` declares when it is in the usual shape, else `nil`.
    static func read(_ v: JSONElement) -> ChildSpec? {
        guard v.kind == .object else { return nil }
        let count = v.count
        guard count == 2 || count == 3 else { return nil }
        var members = v.members
        guard let id = members.next(), id.key.isString("id"), let idText = id.value.plainASCIIString else { return nil }
        // ASCII: its characters are its bytes.
        let length = idText.utf8.count
        guard length >= idBounds.minLength, length <= idBounds.maxLength else { return nil }
        guard let kindMember = members.next(), kindMember.key.isString("kind") else { return nil }
        var matched: Kind?
        for kind in kinds where kindMember.value.hasRawBytes(kind.json) {
            matched = kind
            break
        }
        guard let kind = matched else { return nil }
        var size: Double?
        if let sizeMember = members.next() {
            guard sizeMember.key.isString(kind.sizeKey) else { return nil }
            if !sizeMember.value.isNull {
                do throws(Mismatch) { size = try ParamCheck.number(sizeMember.value, sizeBounds) } catch { return nil }
            }
        }
        if kind.requiresSize, size == nil { return nil }
        return ChildSpec(id: idText, size: size, payload: kind.payload)
    }
}
