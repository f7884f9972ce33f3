import OmniScrollJSON

/// `physics.fling` sampled at 60 Hz, as `bench/fling-calls` measures it (the
/// procedure is written there, once): calls per second on the wall clock and
/// callgrind's instructions per call.
struct FlingCalls {
    let calls: Int
    let seconds: Double
    let callsPerSecond: Double
    let callgrindCalls: Int
    let instructions: Int
    let oneCall: Int
    let perCall: Double
    let samplesPerCall: Double

    /// Runs the script on `worker` and reads the one JSON line it prints.
    static func measure(script: String, worker: String) throws -> FlingCalls {
        let (report, text) = try scriptReport(script, worker: worker)
        guard let calls = report["calls"]?.intValue, let seconds = report["seconds"]?.doubleValue,
              let callsPerSecond = report["callsPerSecond"]?.doubleValue,
              let callgrindCalls = report["callgrindCalls"]?.intValue, let instructions = report["instructions"]?.intValue,
              let oneCall = report["oneCall"]?.intValue, let perCall = report["perCall"]?.doubleValue,
              let samplesPerCall = report["samplesPerCall"]?.doubleValue
        else { throw BenchFailure("\(script) printed an unexpected report: \(text)") }
        return FlingCalls(calls: calls, seconds: seconds, callsPerSecond: callsPerSecond, callgrindCalls: callgrindCalls,
                          instructions: instructions, oneCall: oneCall, perCall: perCall, samplesPerCall: samplesPerCall)
    }
}
