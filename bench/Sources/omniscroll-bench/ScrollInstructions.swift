import OmniScrollJSON

/// Instructions per plain `session.scroll`, as `bench/scroll-instructions`
/// counts them with callgrind (the procedure is written there, once), and
/// the ceiling CI holds the figure to.
struct ScrollInstructions {
    let scrolls: Int
    /// The whole run: the create and every scroll.
    let instructions: Int
    let createAlone: Int
    let perScroll: Double
    let ceiling: Double

    /// Runs the script on `worker` and reads the one JSON line it prints.
    static func measure(script: String, worker: String) throws -> ScrollInstructions {
        let (report, text) = try scriptReport(script, worker: worker)
        guard let scrolls = report["scrolls"]?.intValue, let instructions = report["instructions"]?.intValue,
              let createAlone = report["createAlone"]?.intValue, let perScroll = report["perScroll"]?.doubleValue,
              let ceiling = report["ceiling"]?.doubleValue
        else { throw BenchFailure("\(script) printed an unexpected report: \(text)") }
        return ScrollInstructions(scrolls: scrolls, instructions: instructions, createAlone: createAlone,
                                  perScroll: perScroll, ceiling: ceiling)
    }
}
