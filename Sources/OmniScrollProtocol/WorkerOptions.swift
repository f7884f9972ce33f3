/// The worker's command line: `omniscroll [--log-level L] [--max-… N]… | --help | --version`.
public struct WorkerOptions: Sendable, Equatable {
    public var limits = Limits()
    public var logLevel = LogLevel.warn
    /// `--templates FILE`: a JSON object of templates by name, defined at start.
    public var templatesFile: String?
    /// `--check-invariants`: check the contract's promises after every call
    /// (`InvariantChecker`); a broken one is answered as -32603 naming it.
    public var checkInvariants = false

    public init() {}

    public enum Action: Sendable, Equatable {
        case run(WorkerOptions)
        case help
        case version
        /// `omniscroll trace …`: the arguments after `trace`, for the trace command.
        case trace([String])
    }

    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Parses arguments (without the program name). Flags take `--flag value` or `--flag=value`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Action {
        if arguments.first == "trace" { return .trace(Array(arguments.dropFirst())) }
        var options = WorkerOptions()
        var i = 0
        while i < arguments.count {
            var arg = arguments[i]
            var value: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                value = String(arg[arg.index(after: eq)...])
                arg = String(arg[..<eq])
            }
            func takeValue() throws(UsageError) -> String {
                if let value { return value }
                i += 1
                guard i < arguments.count else { throw UsageError(description: "\(arg) needs a value") }
                return arguments[i]
            }
            switch arg {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--check-invariants":
                options.checkInvariants = true
            case "--templates":
                options.templatesFile = try takeValue()
            case "--log-level":
                let v = try takeValue()
                guard let level = LogLevel(name: v) else {
                    throw UsageError(description: "--log-level must be one of error, warn, info, debug; got \(v)")
                }
                options.logLevel = level
            default:
                guard let flag = Limits.flags.first(where: { $0.flag == arg }) else {
                    throw UsageError(description: "unknown option \(arg)")
                }
                let v = try takeValue()
                guard let n = Int(v), flag.range.contains(n) else {
                    throw UsageError(description: "\(arg) must be an integer in \(flag.range.lowerBound)...\(flag.range.upperBound); got \(v)")
                }
                options.limits[keyPath: flag.keyPath] = n
            }
            i += 1
        }
        return .run(options)
    }

    public static var usage: String {
        var text = """
        usage: omniscroll [options]
               omniscroll trace [--svg] [--out FILE] [FLAGS] [TRANSCRIPT]   (see omniscroll trace --help)

        A nested-scroll layout worker speaking JSON-RPC 2.0 on stdin/stdout:
        one message per line, or LSP Content-Length framing when the input
        starts with a Content-Length header. Logs go to stderr.

        options:
          --help                     show this help and exit
          --version                  print the version and exit
          --log-level LEVEL          error, warn (default), info or debug
          --templates FILE           define the templates of FILE, a JSON object of
                                     templates by name (session.defineTemplate's);
                                     an invalid file stops the worker at start
          --check-invariants         debug: after every call check the contract's
                                     promises (reply schemas, offsets at rest,
                                     snapshot round trips, delta views, engine
                                     caches); a broken one answers the call with
                                     -32603, data.invariant naming it. Slow.

        """
        let defaults = Limits()
        for flag in Limits.flags {
            let left = "  \(flag.flag) N"
            text += left + String(repeating: " ", count: max(1, 29 - left.count))
            text += "\(flag.help) (default \(defaults[keyPath: flag.keyPath]))\n"
        }
        return text
    }
}
