import OmniScrollJSON
@testable import OmniScrollProtocol

/// A worker in-process: feed it input bytes, get output bytes.
/// `checkingInvariants`: as `--check-invariants`, a broken promise answers -32603.
func makeConnection(limits: Limits = .default, registry: MethodRegistry? = nil, checkingInvariants: Bool = false) -> Connection {
    let state = WorkerState(limits: limits, logger: Logger(level: .error, fd: -1))
    return Connection(dispatcher: Dispatcher(registry: registry ?? .worker(), state: state, checkingInvariants: checkingInvariants))
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

/// The reply lines of `requests` sent one per line to a fresh worker.
func replies(_ requests: [String]) -> [String] {
    runWorker(requests.joined(separator: "\n") + "\n").output.split(separator: "\n").map(String.init)
}
