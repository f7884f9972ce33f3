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
    /// The kinds a usual child has: those without members of their own
    /// (their decoding holds their payload), not the pager.
    private static let kinds = SessionParams.kindDecodings.filter { $0.kind != .pager && $0.payload != nil }
    private static let idBounds = ScalarBounds(SessionParams.id)
    /// A size member's bounds: every kind's is `Schema.length` or `null`.
    private static let sizeBounds = ScalarBounds(Schema.length)

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
        // Found by index and read field by field: a copy of the whole
        // decoding cost every child ~3 instructions (callgrind, --workload create).
        guard let k = kinds.firstIndex(where: { kindMember.value.hasRawBytes($0.json) }),
              let payload = kinds[k].payload else { return nil }
        var size: Double?
        if let sizeMember = members.next() {
            guard sizeMember.key.isString(kinds[k].sizeKey.name) else { return nil }
            if !sizeMember.value.isNull {
                do throws(Mismatch) { size = try ParamCheck.number(sizeMember.value, sizeBounds) } catch { return nil }
            }
        }
        if kinds[k].requiresSize, size == nil { return nil }
        return ChildSpec(id: idText, size: size, payload: payload)
    }
}
