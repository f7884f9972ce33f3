/// A value driven by the scroll offset (docs/design.md#collapsing-header-and-tracks; CSS scroll-driven
/// animations): over its range it runs through its keyframes, eased per
/// interval, and outside it holds the end values (CSS `fill: both`).
/// `TrackSet` evaluates it.
public struct Track: Equatable, Sendable {
    /// The values a track passes through, as the client spelled them.
    public enum Keyframes: Equatable, Sendable {
        /// `from`/`to`: the values at progress 0 and 1.
        case fromTo(from: Double, to: Double)
        /// Keyframes ascending in `at`; equal `at`s make a jump there.
        case list([Keyframe])
    }

    public var id: String
    public var range: TrackRange
    public var keyframes: Keyframes
    /// Applied to each interval between two keyframes, as CSS animations do.
    public var easing: Easing

    /// The largest |value| a keyframe takes, the bound on container offsets
    /// (`Validation.maxOffset`): every size or position a client animates fits.
    public static let maxValue = Validation.maxOffset

    public init(id: String, range: TrackRange, keyframes: [Keyframe], easing: Easing = .linear) {
        self.init(id: id, range: range, keyframes: .list(keyframes), easing: easing)
    }

    public init(id: String, range: TrackRange, from: Double, to: Double, easing: Easing = .linear) {
        self.init(id: id, range: range, keyframes: .fromTo(from: from, to: to), easing: easing)
    }

    public init(id: String, range: TrackRange, keyframes: Keyframes, easing: Easing) {
        self.id = id
        self.range = range
        self.keyframes = keyframes
        self.easing = easing
    }

    /// Checks this track as `field` (e.g. `options.tracks[2]`) names it:
    /// a non-empty id, a range with `start ≤ end` and percentages in
    /// 0…100, at least one keyframe, `at`s ascending within 0…1, finite
    /// values within ±`maxValue`, a valid easing. Child references are
    /// resolved by `TrackSet`.
    public func validate(field: FieldPath) throws(ContainerError) {
        guard !id.isEmpty else {
            throw ContainerError(.invalidValue, field: field.member("id"), reason: "must not be empty")
        }
        try range.validate(field: field.member("range"))
        switch keyframes {
        case .fromTo(let from, let to):
            try Self.validateValue(from, field: field.member("from"))
            try Self.validateValue(to, field: field.member("to"))
        case .list(let frames):
            guard !frames.isEmpty else {
                throw ContainerError(.invalidValue, field: field.member("keyframes"), reason: "must hold at least one keyframe")
            }
            var previous = 0.0
            for (k, frame) in frames.enumerated() {
                let path = field.member("keyframes").index(k)
                guard frame.at >= 0, frame.at <= 1 else {  // false for NaN
                    throw ContainerError(.invalidValue, field: path.member("at"), reason: "must be a number between 0 and 1")
                }
                guard frame.at >= previous else {
                    throw ContainerError(.invalidValue, field: path.member("at"),
                                         reason: "must not be less than the previous keyframe's at (\(CSSNumber.text(previous)))")
                }
                previous = frame.at
                try Self.validateValue(frame.value, field: path.member("value"))
            }
        }
        try easing.validate(field: field.member("easing"))
    }

    static func validateValue(_ value: Double, field: FieldPath) throws(ContainerError) {
        guard abs(value) <= maxValue else {  // false for NaN
            throw ContainerError(.invalidValue, field: field, reason: "must be a finite number between -1e24 and 1e24")
        }
    }
}

/// A track's value at a fraction `at` (0…1) of its range.
public struct Keyframe: Equatable, Sendable {
    public var at: Double
    public var value: Double

    public init(at: Double, value: Double) {
        self.at = at
        self.value = value
    }
}
