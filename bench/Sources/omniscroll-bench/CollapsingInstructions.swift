import OmniScrollJSON

/// Instructions per `session.scroll` in a session with a collapsing header
/// and 10 tracks, beside the plain scroll's, as `bench/scroll-instructions
/// --workload collapsing` counts them (the procedure is written there).
struct CollapsingInstructions {
    let scrolls: Int
    let tracks: Int
    let perScroll: Double
    let plainPerScroll: Double
    let ratio: Double
    /// Issue 16's bound on `ratio`.
    let limit: Double

    static func measure(script: String, worker: String) throws -> CollapsingInstructions {
        let (report, text) = try scriptReport(script, worker: worker, arguments: ["--workload", "collapsing"])
        guard let scrolls = report["scrolls"]?.intValue, let tracks = report["tracks"]?.intValue,
              let perScroll = report["perScroll"]?.doubleValue, let plain = report["plainPerScroll"]?.doubleValue,
              let ratio = report["ratio"]?.doubleValue, let limit = report["limit"]?.doubleValue
        else { throw BenchFailure("\(script) printed an unexpected report: \(text)") }
        return CollapsingInstructions(scrolls: scrolls, tracks: tracks, perScroll: perScroll, plainPerScroll: plain,
                                      ratio: ratio, limit: limit)
    }
}
