import OmniScrollJSON

/// `session.tick` in a session with physics, as `bench/tick-instructions`
/// measures it (the procedure is written there, once): ticks per second on
/// the wall clock and callgrind's instructions per tick.
struct TickInstructions {
    let ticks: Int
    let seconds: Double
    let ticksPerSecond: Double
    let instructions: Int
    let withoutTicks: Int
    let perTick: Double

    /// Runs the script on `worker` and reads the one JSON line it prints.
    static func measure(script: String, worker: String) throws -> TickInstructions {
        let (report, text) = try scriptReport(script, worker: worker)
        guard let ticks = report["ticks"]?.intValue, let seconds = report["seconds"]?.doubleValue,
              let ticksPerSecond = report["ticksPerSecond"]?.doubleValue,
              let instructions = report["instructions"]?.intValue, let withoutTicks = report["withoutTicks"]?.intValue,
              let perTick = report["perTick"]?.doubleValue
        else { throw BenchFailure("\(script) printed an unexpected report: \(text)") }
        return TickInstructions(ticks: ticks, seconds: seconds, ticksPerSecond: ticksPerSecond, instructions: instructions,
                                withoutTicks: withoutTicks, perTick: perTick)
    }
}
