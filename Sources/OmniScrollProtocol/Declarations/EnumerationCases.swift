import OmniScrollJSON

/// An enumeration's cases as their JSON strings (`"scroll"`, quotes
/// included), for `ParamDecoder.enumeration(_:among:)`: a value is matched
/// by its bytes. Each case's bytes are stored once for the life of the
/// process (a schema's cases are `static let`s), so a match reads them
/// without retaining anything: an array of bytes per case was retained and
/// released at each comparison (~40 instructions a case, issue 29).
public struct EnumerationCases<E: RawRepresentable & CaseIterable & Sendable>: @unchecked Sendable where E.RawValue == String {
    let cases: [(json: UnsafeBufferPointer<UInt8>, value: E)]

    /// The cases in declaration order, `first` moved to the front: the case
    /// most values are is matched by the first comparison (a pointer sample's
    /// `move`: tried after `down` it cost every move ~40 instructions, issue 29).
    public init(first: E? = nil) {
        let ordered = first.map { first in [first] + E.allCases.filter { $0.rawValue != first.rawValue } } ?? Array(E.allCases)
        cases = ordered.map { value in
            let json = Array("\"\(value.rawValue)\"".utf8)
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: json.count)
            _ = bytes.initialize(from: json)
            return (UnsafeBufferPointer(bytes), value)
        }
    }

    /// The case whose JSON string is `value`'s bytes, `nil` when none is (an
    /// escaped spelling too: the caller's general path decides those).
    @inline(__always)
    func match(_ value: JSONElement) -> E? {
        for (json, e) in cases where value.hasRawBytes(json) { return e }
        return nil
    }
}
