import OmniScrollJSON

/// The `grid.*` methods: an endless tile grid session.
extension OmniScrollClient {
    public func gridCreate(width: Double, height: Double, tile: (width: Double, height: Double),
                           overscan: Int? = nil, contentSize: (width: Double, height: Double)? = nil,
                           recenter: RecenterMode? = nil, threshold: Double? = nil, id: String? = nil,
                           delta: Bool? = nil, timeout: Double? = nil) async throws -> GridLayout {
        var p: JSONObject = [
            "viewport": ["width": .number(width), "height": .number(height)],
            "tile": ["width": .number(tile.width), "height": .number(tile.height)],
        ]
        if let overscan { p["overscan"] = .number(Double(overscan)) }
        if let contentSize { p["contentSize"] = ["width": .number(contentSize.width), "height": .number(contentSize.height)] }
        if let recenter { p["recenter"] = .string(recenter.rawValue) }
        if let threshold { p["threshold"] = .number(threshold) }
        if let id { p["id"] = .string(id) }
        if let delta { p["options"] = ["delta": .bool(delta)] }
        return try GridLayout(json: try await request(OmniScrollMethod.gridCreate.rawValue, p, timeout: timeout))
    }

    public func gridScroll(session: String, x: Double, y: Double, phase: ScrollPhase? = nil,
                           timeout: Double? = nil) async throws -> GridLayout {
        var p: JSONObject = ["session": .string(session), "x": .number(x), "y": .number(y)]
        if let phase { p["phase"] = .string(phase.rawValue) }
        return try GridLayout(json: try await request(OmniScrollMethod.gridScroll.rawValue, p, timeout: timeout))
    }

    public func gridUpdate(session: String, viewport: (width: Double, height: Double)? = nil, x: Double? = nil,
                           y: Double? = nil, phase: ScrollPhase? = nil, timeout: Double? = nil) async throws -> GridLayout {
        var p: JSONObject = ["session": .string(session)]
        if let viewport { p["viewport"] = ["width": .number(viewport.width), "height": .number(viewport.height)] }
        if let x { p["x"] = .number(x) }
        if let y { p["y"] = .number(y) }
        if let phase { p["phase"] = .string(phase.rawValue) }
        return try GridLayout(json: try await request(OmniScrollMethod.gridUpdate.rawValue, p, timeout: timeout))
    }

    /// One sample of one finger on a grid (`down`, `move`, `up`, `cancel`; viewport points,
    /// seconds): the engine pans both axes, flings and taps a tile (docs/pointer.md, "Grids").
    public func gridPointer(session: String, phase: String, x: Double, y: Double, time: Double,
                            timeout: Double? = nil) async throws -> GridLayout {
        let p: JSONObject = ["session": .string(session), "phase": .string(phase), "x": .number(x), "y": .number(y),
                             "time": .number(time)]
        return try GridLayout(json: try await request(OmniScrollMethod.gridPointer.rawValue, p, timeout: timeout))
    }

    /// The frame clock reached `time` (seconds): the grid's fling moves it, and it recenters when it rests.
    public func gridTick(session: String, time: Double, timeout: Double? = nil) async throws -> GridLayout {
        let p: JSONObject = ["session": .string(session), "time": .number(time)]
        return try GridLayout(json: try await request(OmniScrollMethod.gridTick.rawValue, p, timeout: timeout))
    }

    /// `session.get` of a grid session (`get(session:)` reads a container's Layout).
    public func getGrid(session: String, timeout: Double? = nil) async throws -> GridLayout {
        try GridLayout(json: try await request(OmniScrollMethod.sessionGet.rawValue, ["session": .string(session)], timeout: timeout))
    }
}
