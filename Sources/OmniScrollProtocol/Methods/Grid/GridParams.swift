import OmniScrollCore
import OmniScrollJSON

/// The schemas the `grid.*` methods share (`#/components/schemas/…` in
/// `protocol/openrpc.json`) and the mapping of the grid engine's errors to
/// protocol errors. Every failure names its JSON path.
enum GridParams {
    /// A tile's or the content's size: both sides > 0.
    static let size = Schema.object([
        .required("width", Schema.positiveLength),
        .required("height", Schema.positiveLength),
    ])
    static let recenter = Schema.enumeration(of: RecenterMode.self)
    /// `options.physics`: the preset of pans and flings (docs/pointer.md, "Grids").
    static let physics = Schema.object([.required("preset", .enumeration(of: PhysicsPreset.self))])
    static let options = Schema.object([.optional("delta", .boolean), .optional("physics", physics)])

    static func size(_ object: borrowing ParamDecoder) throws(RPCError) -> Size {
        Size(width: try object.double("width"), height: try object.double("height"))
    }

    /// The protocol error for a grid engine error whose field renders under
    /// `base`. The engine's tiles-per-reply bound is reported at the whole
    /// object it blames (`tile` on create and restore, `viewport` on a
    /// resize) and becomes -32004 naming `--max-tiles`, like the other limits.
    static func rpcError(_ error: ContainerError, under base: String, limits: Limits) -> RPCError {
        let path = SessionParams.render(error.field, under: base)
        if error.field == "tile" || error.field == "viewport" {
            return RPCError.limitExceeded(limit: "--max-tiles", value: limits.maxTiles, path: path)
        }
        return SessionParams.rpcError(error, path: path)
    }
}
