/// The name of an object member a schema declares, written as a string
/// literal (`params.requiredDouble("offset")`). Kept as the literal's bytes
/// so that finding a member in a message compares bytes and builds no `String`.
public struct ParamKey: ExpressibleByStringLiteral, CustomStringConvertible, Equatable, Sendable {
    public let name: StaticString

    public init(stringLiteral name: StaticString) {
        self.name = name
    }

    public var description: String { name.description }

    public static func == (a: ParamKey, b: ParamKey) -> Bool {
        a.name.utf8CodeUnitCount == b.name.utf8CodeUnitCount
            && a.name.withUTF8Buffer { x in b.name.withUTF8Buffer { y in x.elementsEqual(y) } }
    }
}
