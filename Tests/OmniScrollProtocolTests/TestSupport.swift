import OmniScrollJSON
@testable import OmniScrollProtocol

/// A worker in-process: feed it input bytes, get output bytes.
func makeConnection(limits: Limits = .default, registry: MethodRegistry? = nil) -> Connection {
    let state = WorkerState(limits: limits, logger: Logger(level: .error, fd: -1))
    return Connection(dispatcher: Dispatcher(registry: registry ?? .worker(), state: state))
}

/// Runs `input` through a fresh connection; returns output text and exit code.
func runWorker(_ input: String, limits: Limits = .default) -> (output: String, exitCode: Int32) {
    runWorker(Array(input.utf8), limits: limits)
}

func runWorker(_ input: [UInt8], limits: Limits = .default) -> (output: String, exitCode: Int32) {
    var connection = makeConnection(limits: limits)
    let result = connection.run(input)
    return (String(decoding: result.output, as: UTF8.self), result.exitCode)
}

/// One request through a fresh dispatcher; the reply or nil.
func reply(_ message: String, registry: MethodRegistry? = nil) -> String? {
    var d = Dispatcher(registry: registry ?? .worker(), state: WorkerState(logger: Logger(fd: -1)))
    return d.handle(message)
}

func parsed(_ text: String?) -> JSONValue? {
    guard let text else { return nil }
    return try? JSONParser.parse(text)
}

/// SplitMix64, as in the core tests' fixtures: a seeded generator so every
/// property test can print the seed that reproduces a failure.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The reply lines of `requests` sent one per line to a fresh worker.
func replies(_ requests: [String]) -> [String] {
    runWorker(requests.joined(separator: "\n") + "\n").output.split(separator: "\n").map(String.init)
}
