import OmniScrollCore

/// The children `SyntheticChildren.json` describes, as engine specs.
func syntheticSpecs(_ n: Int) -> [ChildSpec] {
    var specs: [ChildSpec] = []
    specs.reserveCapacity(n)
    for i in 0..<n {
        let h = Double(SyntheticChildren.height(i))
        specs.append(SyntheticChildren.isFixed(i) ? .fixed("c\(i)", height: h) : .scroll("c\(i)", contentHeight: h))
    }
    return specs
}

/// The cost of one engine update at one container size.
struct ScalingPoint {
    var children = 0
    var updates = 0
    var nanosecondsPerUpdate = 0.0
}

/// Calls the engine directly: `Container.create`, then `apply([.offset(y)])`
/// with 13-point steps (a finger's scroll tick), reading what a reply reads:
/// the `contentView`, the visible children's layouts and the events.
func measureEngineScaling(sizes: [Int], updates: Int) throws -> [ScalingPoint] {
    var sink = 0.0
    var points: [ScalingPoint] = []
    for n in sizes {
        let specs = syntheticSpecs(n)
        var (container, _) = try Container.create(viewport: Viewport(width: 375, height: 800), children: specs)
        let contentHeight = container.layout.contentHeight
        // Start deep in the container so large ones are not measured near the top only.
        let middle = max(0, contentHeight / 2 - 400)
        var path = ScrollPath(low: max(0, middle - 20_000), high: min(contentHeight - 800, middle + 20_000), step: 13)
        if path.high <= path.low { path = ScrollPath(low: 0, high: max(1, contentHeight - 800), step: 13) }
        func tick() throws {
            let update = try container.apply([.offset(path.next())])
            let layout = update.layout
            let contentView = layout.contentView
            sink += contentView.top + contentView.height
            for i in layout.visibleIndices {
                let child = layout.child(i)
                sink += child.frame.y + child.contentOffset.y + child.visibleHeight
            }
            sink += Double(update.events.count)
        }
        for _ in 0..<min(updates, 10_000) { try tick() }  // warm up
        let t0 = nowNanoseconds()
        for _ in 0..<updates { try tick() }
        let t1 = nowNanoseconds()
        points.append(ScalingPoint(children: n, updates: updates, nanosecondsPerUpdate: Double(t1 - t0) / Double(updates)))
    }
    if sink == -1 { print("unreachable \(sink)") }
    return points
}
