import OmniScrollCore
import OmniScrollJSON

/// `grid.create`: a new tile grid session, its viewport centred on the
/// content with tile (0, 0) centred there too; answers a GridLayout whose
/// `added` holds every tile in view.
struct GridCreateMethod: MethodDeclaration {
    static let name: StaticString = "grid.create"
    struct Params: ParamList {
        let viewport: Param<ParamDecoder> = .required("viewport", SessionParams.viewport)
        let tile: Param<ParamDecoder> = .required("tile", GridParams.size)
        let overscan: Param<Int?> = .optional("overscan", .integer(minimum: 0))
        let contentSize: Param<ParamDecoder?> = .optional("contentSize", GridParams.size)
        let recenter: Param<RecenterMode?> = .optional("recenter", GridParams.recenter)
        let threshold: Param<Double?> = .optional("threshold", Schema.length)
        let id: Param<String?> = .optional("id", SessionParams.id)
        let options: Param<ParamDecoder?> = .optional("options", GridParams.options)
    }
    static let params = Params()
    static let result = ResultSchema.component("GridLayout")

    let viewport: Viewport
    let tile: Size
    let overscan: Int?
    let contentSize: Size?
    let recenter: RecenterMode?
    let threshold: Double?
    let id: String?
    let delta: Bool
    let physics: PhysicsPreset?

    init(_ params: borrowing ParamDecoder) throws(RPCError) {
        viewport = try SessionParams.viewport(params.read(Self.params.viewport))
        tile = try GridParams.size(params.read(Self.params.tile))
        overscan = try params.read(Self.params.overscan)
        contentSize = try params.read(Self.params.contentSize).map { (o) throws(RPCError) in try GridParams.size(o) }
        recenter = try params.read(Self.params.recenter)
        threshold = try params.read(Self.params.threshold)
        id = try params.read(Self.params.id)
        let options = try params.read(Self.params.options)
        delta = try options?.optionalBool("delta") ?? false
        physics = try options?.optionalObject("physics").map { (o) throws(RPCError) in try o.enumeration("preset") }
    }

    func apply(to state: inout WorkerState, result: inout JSONWriter) throws(RPCError) {
        let limits = state.sessions.limits
        let configuration = TileGridConfiguration(
            tile: tile, overscan: overscan ?? TileGridConfiguration.defaultOverscan,
            contentSize: contentSize ?? TileGridConfiguration.defaultContentSize,
            recenter: recenter ?? .idle, threshold: threshold, maxTiles: limits.maxTiles,
            physics: physics)
        let created: (TileGrid, TileGridUpdate)
        do throws(ContainerError) {
            created = try TileGrid.create(viewport: viewport, configuration: configuration)
        } catch {
            throw GridParams.rpcError(error, under: "params", limits: limits)
        }
        // After the grid is made, so a refused create uses up no generated id.
        let id = try state.sessions.newID(requested: id, path: "params.id")
        let engine = GridEngine(grid: created.0, revision: 1)
        state.sessions.insert(id: id, engine: .grid(engine), delta: delta)
        GridLayoutEncoding.write(created.1, of: engine, in: try state.sessions.session(id).header, into: &result)
    }
}
