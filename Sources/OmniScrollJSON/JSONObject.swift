/// A JSON object that keeps its members in insertion order.
///
/// Members are stored as an array of pairs; lookup is a linear scan, which is
/// the fastest option for the small objects a protocol carries. Duplicate keys
/// are kept as they were sent (the parser never silently drops one): `subscript`
/// returns the first, and `duplicateKey` reports the first key that occurs twice
/// so callers can reject such input.
/// Equality compares members in order.
public struct JSONObject: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member: a key and its value.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init() { members = [] }
    public init(_ members: [Member]) { self.members = members }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// The value of the first member named `key`. Setting replaces the first
    /// such member's value or appends a new member; setting `nil` removes every
    /// member with that key.
    public subscript(key: String) -> JSONValue? {
        get {
            let length = key.utf8.count
            for m in members where m.key.utf8.count == length && m.key == key { return m.value }
            return nil
        }
        set {
            if let newValue {
                if let i = members.firstIndex(where: { $0.key == key }) {
                    members[i].value = newValue
                } else {
                    members.append(Member(key: key, value: newValue))
                }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    public func contains(key: String) -> Bool {
        for m in members where m.key == key { return true }
        return false
    }

    /// Appends a member without checking for an existing one.
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// The first key (in member order) that appears more than once, if any.
    public var duplicateKey: String? {
        if members.count < 2 { return nil }
        if members.count <= 16 {
            for i in 1..<members.count {
                let key = members[i].key
                let length = key.utf8.count
                for j in 0..<i where members[j].key.utf8.count == length && members[j].key == key { return key }
            }
            return nil
        }
        var seen = Set<String>(minimumCapacity: members.count)
        for m in members where !seen.insert(m.key).inserted { return m.key }
        return nil
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

}
