/// A scalar schema's bounds as plain values: an absent bound is the
/// widest one, so a check is a few comparisons (`Member.bounds`, read by
/// the protocol's decoder on every value).
public struct ScalarBounds: Sendable {
    public var minimum = -Double.infinity
    public var exclusiveMinimum = -Double.infinity
    public var maximum = Double.infinity
    public var integerMinimum = Int.min
    public var integerMaximum = Int.max
    public var minLength = 0
    public var maxLength = Int.max

    public init(_ schema: Schema) {
        switch schema.nonNull {
        case .string(let minLength, let maxLength):
            self.minLength = minLength ?? 0
            self.maxLength = maxLength ?? .max
        case .number(let minimum, let exclusiveMinimum, let maximum):
            self.minimum = minimum ?? -.infinity
            self.exclusiveMinimum = exclusiveMinimum ?? -.infinity
            self.maximum = maximum ?? .infinity
        case .integer(let minimum, let maximum, let constant):
            // A constant is the one value in range (a snapshot's `format`).
            integerMinimum = constant ?? minimum ?? .min
            integerMaximum = constant ?? maximum ?? .max
        default:
            break
        }
    }
}
