import OmniScrollJSON

/// The grid stage: `grid.scroll` ticks/s and callgrind's instructions per
/// tick for a phone and a 4K grid, full and delta, and a tick adding no tile
/// near the start and after 10^7 tiles of travel, as `bench/grid-instructions`
/// measures them (the procedure is written there, once).
struct GridInstructions {
    /// The script's report: `{"phone-full": {ticks, instructionsPerTick, ticksPerSecond}, …,
    /// "still-near": {…, tilesTravelled}, "still-far": {…}}`.
    let report: JSONObject

    /// The rows in the script's order, for the results page.
    static let rows = ["phone-full", "phone-delta", "4k-full", "4k-delta", "still-near", "still-far"]

    static func measure(script: String, worker: String) throws -> GridInstructions {
        let (parsed, text) = try scriptReport(script, worker: worker)
        guard let report = parsed.objectValue,
              rows.allSatisfy({ report[$0]?["instructionsPerTick"]?.doubleValue != nil })
        else { throw BenchFailure("\(script) printed an unexpected report: \(text)") }
        return GridInstructions(report: report)
    }
}
