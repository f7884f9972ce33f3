import OmniScrollJSON

/// The pager stage: a page switch and a horizontal swipe tick beside the
/// plain scroll on the profile page, as `bench/pager-calls` measures them (the
/// procedure is written there, once): calls/s and callgrind's instructions per call.
struct PagerCalls {
    /// The script's report: `{"calls", "callgrindCalls", "scroll": {perCall, callsPerSecond},
    /// "selectPage": {…}, "scrollPager": {…}, "release": {…}}`.
    let report: JSONObject

    /// The calls in the script's order, for the results page.
    static let rows = ["scroll", "selectPage", "scrollPager", "release"]

    static func measure(script: String, worker: String) throws -> PagerCalls {
        let (parsed, text) = try scriptReport(script, worker: worker)
        guard let report = parsed.objectValue,
              rows.allSatisfy({ report[$0]?["perCall"]?.doubleValue != nil })
        else { throw BenchFailure("\(script) printed an unexpected report: \(text)") }
        return PagerCalls(report: report)
    }
}
