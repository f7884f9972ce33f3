import OmniScrollCore
import OmniScrollJSON

/// Decoding of the params the session methods share: viewports, insets,
/// children, options, phases. Every failure names its JSON path.
enum SessionParams {
    static let childMembers: [ParamKey] = ["id", "kind", "contentHeight", "height", "pinOffset"]
    static let optionMembers: [ParamKey] = ["anchoring", "delta", "seedEvents", "refresh", "loadMore"]

    static func viewport(_ object: ParamDecoder) throws(RPCError) -> Viewport {
        Viewport(width: try positive(object, "width"), height: try positive(object, "height"))
    }

    static func positive(_ object: ParamDecoder, _ key: ParamKey) throws(RPCError) -> Double {
        let value = try object.requiredDouble(key)
        guard value > 0 else { throw object.invalid(key, "must be a finite number > 0") }
        return value
    }

    /// Insets with members defaulting to `base`'s.
    static func insets(_ object: ParamDecoder, base: Insets = .zero) throws(RPCError) -> Insets {
        Insets(top: try object.optionalFiniteNonNegative("top") ?? base.top,
               bottom: try object.optionalFiniteNonNegative("bottom") ?? base.bottom)
    }

    static func children(_ array: ParamArray, limits: Limits) throws(RPCError) -> [ChildSpec] {
        try array.requireCount(atMost: limits.maxChildren, limitName: "--max-children")
        var specs: [ChildSpec] = []
        specs.reserveCapacity(array.count)
        for i in 0..<array.count {
            specs.append(try child(array.object(at: i, members: childMembers)))
        }
        return specs
    }

    static func child(_ object: ParamDecoder) throws(RPCError) -> ChildSpec {
        let id = try object.requiredString("id")
        try SessionStore.checkID(id, path: object.path("id"))
        let kind = try object.requiredEnum("kind", as: ChildKind.self)
        let sizeKey: ParamKey = kind == .scroll ? "contentHeight" : "height"
        let otherKey: ParamKey = kind == .scroll ? "height" : "contentHeight"
        if object.optionalValue(otherKey) != nil {
            throw object.invalid(otherKey, "not used by a \(kind.rawValue) child; give its \(sizeKey)")
        }
        let size = try object.optionalFiniteNonNegative(sizeKey)
        if kind == .sticky, size == nil { throw object.invalid("height", "required for a sticky child") }
        let pinOffset = try object.optionalFiniteNonNegative("pinOffset")
        if kind != .sticky, pinOffset != nil { throw object.invalid("pinOffset", "only sticky children pin") }
        return ChildSpec(id: id, kind: kind, size: size, pinOffset: pinOffset ?? 0)
    }

    /// Options over `base` (a template's); members not given keep `base`'s.
    static func options(_ object: ParamDecoder, base: ContainerOptions, baseDelta: Bool) throws(RPCError) -> (ContainerOptions, delta: Bool) {
        var options = base
        options.anchoring = try object.optionalBool("anchoring") ?? base.anchoring
        options.seedEvents = try object.optionalBool("seedEvents") ?? base.seedEvents
        let delta = try object.optionalBool("delta") ?? baseDelta
        if object.contains("refresh") {
            options.refresh = nil
            if let refresh = try object.optionalObject("refresh", members: ["threshold", "height"]) {
                let threshold = try positive(refresh, "threshold")
                options.refresh = RefreshOptions(threshold: threshold, height: try refresh.optionalFiniteNonNegative("height") ?? threshold)
            }
        }
        if object.contains("loadMore") {
            options.loadMore = nil
            if let loadMore = try object.optionalObject("loadMore", members: ["distance"]) {
                options.loadMore = LoadMoreOptions(distance: try loadMore.requiredFiniteNonNegative("distance"))
            }
        }
        return (options, delta)
    }

    /// The JSON path of the param a `ContainerError` is about, for methods whose
    /// param names match the engine's field names (`children[2].id`, `offset`…).
    static func path(of error: ContainerError) -> String { "params.\(error.field)" }

    /// The protocol error for an engine error at `path`.
    static func rpcError(_ error: ContainerError, path: String) -> RPCError {
        switch error.kind {
        case .unknownChild:
            return RPCError.childNotFound(error.child ?? "", path: path)
        case .invalidValue, .duplicateID:
            return RPCError.invalidParams(path: path, reason: error.reason)
        }
    }
}
