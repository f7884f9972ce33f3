/// The engine's numbers as schemas, each with the bound `Bounds` (or the
/// physics) states: what behaviors and child kinds declare their members
/// with, and what the session methods' params share.
extension Schema {
    /// A length: 0…`Bounds.maxLength`.
    public static let length = Schema.number(minimum: 0, maximum: Bounds.maxLength)
    /// A length that must not be 0 (a viewport side, a refresh threshold).
    public static let positiveLength = Schema.number(exclusiveMinimum: 0, maximum: Bounds.maxLength)
    /// An offset: within ±`Bounds.maxOffset`.
    public static let offset = Schema.number(minimum: -Bounds.maxOffset, maximum: Bounds.maxOffset)
    /// How far an offset carries something past a line (a header's
    /// effective scroll offset): 0…`Bounds.maxOffset`.
    public static let travel = Schema.number(minimum: 0, maximum: Bounds.maxOffset)
    /// A content height, which a sum of lengths may put past
    /// `Bounds.maxLength`: 0…`Bounds.maxContentHeight`.
    public static let contentHeight = Schema.number(minimum: 0, maximum: Bounds.maxContentHeight)
    /// A physics input (a position, a velocity, a time): within ±`FlingRequest.maxMagnitude`.
    public static let magnitude = Schema.number(minimum: -FlingRequest.maxMagnitude, maximum: FlingRequest.maxMagnitude)
    /// A snap interval: `SnapRule.minInterval`…`Bounds.maxLength`, so an
    /// offset over it stays finite (`physics.fling`'s bound too).
    public static let snapInterval = Schema.number(minimum: SnapRule.minInterval, maximum: Bounds.maxLength)

    /// A whole number of children: 0…`max`.
    public static func count(max: Int) -> Schema { .integer(minimum: 0, maximum: max) }

    /// Checks `value` against the schema; the first member out of bounds
    /// throws at its path under `field`. String lengths and item counts are
    /// left to the behavior's own rule, which says what an empty one means
    /// ("must hold at least one keyframe"); the protocol checks them on the wire too.
    func check(_ value: OptionValue, field: FieldPath) throws(ContainerError) {
        switch (self, value) {
        case (.nullable, .null), (.boolean, .bool), (.string, .string), (.anyObject, .object): return
        case (.nullable(let inner), _): try inner.check(value, field: field)
        case (.number(let minimum, let exclusiveMinimum, let maximum), .number(let n)):
            guard n >= (minimum ?? -.infinity), n > (exclusiveMinimum ?? -.infinity), n <= (maximum ?? .infinity), n.isFinite else {
                throw ContainerError(.invalidValue, field: field, reason: numberRule)
            }
        case (.integer(let minimum, let maximum, let constant), .number(let n)):
            let low = Double(constant ?? minimum ?? -(1 << 53)), high = Double(constant ?? maximum ?? 1 << 53)
            guard n >= low, n <= high, n.rounded() == n else {  // false for NaN
                throw ContainerError(.invalidValue, field: field, reason: "must be an integer from \(Self.text(low)) to \(Self.text(high))")
            }
        case (.enumeration(let cases), .string(let s)):
            guard cases.contains(s) else {
                throw ContainerError(.invalidValue, field: field, reason: "must be one of \(cases.joined(separator: ", "))")
            }
        case (.array(let items, _), .array(let values)):
            for (i, v) in values.enumerated() { try items.check(v, field: field.index(i)) }
        case (.map(let schema), .object(let values)):
            for (name, v) in values.sorted(by: { $0.key < $1.key }) { try schema.check(v, field: field.member(name)) }
        case (.object(let members), .object(let values)):
            for member in members {
                let path = field.member(member.name.description)
                if let v = values[member.name.description] {
                    try member.schema.check(v, field: path)
                } else if member.required {
                    throw ContainerError(.invalidValue, field: path, reason: "required")
                }
            }
        case (.oneOf, .object):
            // No behavior declares one: the engine's values are objects of one shape.
            return
        default:
            throw ContainerError(.invalidValue, field: field, reason: "must be \(typeName)")
        }
    }

    /// "must be a finite number between 0 and 1e12", with the bounds the schema has.
    private var numberRule: String {
        guard case .number(let minimum, let exclusiveMinimum, let maximum) = self else { return "must be a number" }
        switch (minimum, exclusiveMinimum, maximum) {
        case (let low?, nil, let high?): return "must be a finite number between \(Self.text(low)) and \(Self.text(high))"
        case (nil, let low?, let high?): return "must be a finite number > \(Self.text(low)) and ≤ \(Self.text(high))"
        default: return "must be a finite number"
        }
    }

    private var typeName: String {
        switch self {
        case .boolean: "a boolean"
        case .number, .integer: "a number"
        case .string: "a string"
        case .enumeration(let cases): "one of \(cases.joined(separator: ", "))"
        case .array: "an array"
        case .object, .map, .anyObject, .oneOf: "an object"
        case .nullable(let inner): inner.typeName
        }
    }

    /// A bound as the docs write it (`0`, `1e12`, `2.2e21`, `1e-15`).
    private static func text(_ bound: Double) -> String {
        guard bound != 0, abs(bound) >= 1e6 || abs(bound) < 1e-3 else { return CSSNumber.text(bound) }
        var mantissa = abs(bound), exponent = 0
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        while mantissa < 1 { mantissa *= 10; exponent -= 1 }
        let text = (bound < 0 ? "-" : "") + CSSNumber.text((mantissa * 1e6).rounded() / 1e6) + "e\(exponent)"
        return Double(text) == bound ? text : bound.description
    }
}
