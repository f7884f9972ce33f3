#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `omniscroll trace [--svg] [--out FILE] [WORKER FLAGS] [TRANSCRIPT]`: reads
/// a transcript (a file, or stdin without one), runs it in-process as a worker
/// started with the flags (the transcript's `{"args"}` line, then these) and
/// writes the HTML page, or the SVG strip with `--svg`, to FILE or stdout.
///
/// Exit codes: 0 once the input was read (a bad line or a rejected request is
/// drawn, not fatal), 1 when the input cannot be read or the output cannot be
/// written, 2 for a usage error.
public struct TraceCommand: Equatable, Sendable {
    public var svg = false
    public var output: String?
    public var transcript: String?
    /// The worker's own flags (`--templates FILE`, `--max-… N`), each with its value.
    public var workerArguments: [String]

    public init(svg: Bool = false, output: String? = nil, transcript: String? = nil, workerArguments: [String] = []) {
        self.svg = svg
        self.output = output
        self.transcript = transcript
        self.workerArguments = workerArguments
    }

    public static let usage = """
    usage: omniscroll trace [--svg] [--out FILE] [WORKER FLAGS] [TRANSCRIPT]

    Runs a transcript (requests, or {"send", "expect"} pairs as in
    protocol/conformance/, one per line; stdin without TRANSCRIPT) in-process
    and writes one self-contained HTML page to step through it, or with --svg
    a static picture of the offset and child frames over the steps. The
    worker runs with the transcript's {"args": [...]} line, then WORKER FLAGS
    (the worker's own, e.g. --templates FILE), so a session recorded by a
    client traces as it ran.

    Bounds (docs/trace.md): each step keeps at most \(TraceBound.children) children
    (with more, those within one viewport of the viewport, and "… N more
    children") and each request or reply at most \(TraceBound.textBytes) bytes
    ("… (N bytes more)"), so the output is at most steps × (3 × \(TraceBound.textBytes)
    bytes + \(TraceBound.children) children) plus the page's fixed part.

    options:
      --svg                      write the SVG strip instead of the HTML page
      --out FILE                 write to FILE instead of stdout
      --help                     show this help and exit

    """

    public enum Parsed: Equatable, Sendable {
        case run(TraceCommand)
        case help
    }

    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Parses the arguments after `trace`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var command = TraceCommand()
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--help", "-h": return .help
            case "--svg": command.svg = true
            case "--out":
                i += 1
                guard i < arguments.count else { throw UsageError(description: "--out needs a value") }
                command.output = arguments[i]
            default:
                if arg.hasPrefix("--out=") {
                    command.output = String(arg.dropFirst("--out=".count))
                } else if arg.hasPrefix("--"), arg.contains("=") {
                    command.workerArguments.append(arg)
                } else if arg.hasPrefix("--") {
                    // Every worker flag takes a value; the worker's parser judges both when the trace runs.
                    i += 1
                    guard i < arguments.count else { throw UsageError(description: "\(arg) needs a value") }
                    command.workerArguments += [arg, arguments[i]]
                } else if arg.hasPrefix("-"), arg != "-" {
                    throw UsageError(description: "unknown option \(arg)")
                } else if command.transcript != nil {
                    throw UsageError(description: "one transcript at most; got \(command.transcript!) and \(arg)")
                } else {
                    command.transcript = arg
                }
            }
            i += 1
        }
        return .run(command)
    }

    /// The picture of `text`, named `title`.
    public func render(_ text: String, title: String) -> String {
        let trace = Trace(running: Transcript(reading: text), workerArguments: workerArguments,
                          read: { path in try? Self.readAll(path).get() })
        return svg ? TraceStrip.svg(trace, title: title) : TracePage.html(trace, title: title)
    }

    /// Runs the command; returns the exit code. Messages go to stderr.
    public func run() -> Int32 {
        let path = transcript.flatMap { $0 == "-" ? nil : $0 }
        let input: [UInt8]
        switch Self.readAll(path) {
        case .success(let bytes): input = bytes
        case .failure(let error):
            Self.report("omniscroll trace: cannot read \(path ?? "stdin"): \(error.reason)\n")
            return 1
        }
        let title = path.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "stdin"
        var page = render(String(decoding: input, as: UTF8.self), title: title)
        // Written from the string's own UTF-8 storage: no second copy of the output.
        if let failure = page.withUTF8({ Self.writeAll(UnsafeRawBufferPointer($0), to: output) }) {
            Self.report("omniscroll trace: cannot write \(output ?? "stdout"): \(failure.reason)\n")
            return 1
        }
        return 0
    }

    public struct IOFailure: Error {
        public var reason: String
        init() { reason = String(cString: strerror(errno)) }
    }

    /// The bytes of the file at `path` (stdin when `nil`); the worker reads `--templates` with it too.
    public static func readAll(_ path: String?) -> Result<[UInt8], IOFailure> {
        let fd = path.map { open($0, O_RDONLY) } ?? 0
        guard fd >= 0 else { return .failure(IOFailure()) }
        defer { if path != nil { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return .success(bytes) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(IOFailure())
            }
            bytes += chunk[0..<n]
        }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to path: String?) -> IOFailure? {
        let fd = path.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? 1
        guard fd >= 0 else { return IOFailure() }
        defer { if path != nil { close(fd) } }
        var written = 0
        while written < bytes.count {
            let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return IOFailure()
            }
            written += n
        }
        return nil
    }

    static func report(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
