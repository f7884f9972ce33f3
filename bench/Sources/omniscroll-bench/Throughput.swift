#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OmniScrollJSON

/// How the lines coming back are checked.
enum ReplyCheck {
    /// Any line counts (cat, echo).
    case count
    /// Each line must be `{"jsonrpc":"2.0","id":<n>,"result":…}` with ids 1, 2, 3… in order;
    /// `parse` also parses every reply in full.
    case results(parse: Bool)
}

/// One pass of a request file through a program.
struct PipeRun {
    var messages = 0
    var inputBytes = 0
    var outputBytes = 0
    var seconds = 0.0

    var messagesPerSecond: Double { Double(messages) / seconds }
    var inputMBPerSecond: Double { Double(inputBytes) / seconds / 1e6 }
    var outputMBPerSecond: Double { Double(outputBytes) / seconds / 1e6 }
}

/// Pipes `file` into `program` and reads its output to the end. The clock
/// starts when the reply to the last setup message has arrived, so the
/// figures cover the measured messages only.
func pipeThrough(_ program: String, _ args: [String], file: String, workload: Workload, check: ReplyCheck) throws -> PipeRun {
    let input = open(file, O_RDONLY)
    guard input >= 0 else { throw BenchFailure("open \(file)") }
    let output = try Pipe()
    let start = nowNanoseconds()
    let process = try ChildProcess.spawn(program, args, stdin: input, stdout: output.write, closeInChild: [output.read])
    close(input)
    close(output.write)
    defer { close(output.read) }

    var lines = LineReader(fd: output.read)
    var replies = 0
    var measuredBytes = 0
    var clockStart = start
    var parser = JSONParser(maxDepth: 64)
    var failure: String?
    try lines.forEachLine { line in
        replies += 1
        if replies > workload.setupMessages { measuredBytes += line.count + 1 }
        if failure == nil, case .results(let parse) = check {
            failure = checkReply(line, id: replies, parse: parse, parser: &parser)
        }
        if replies == workload.setupMessages { clockStart = nowNanoseconds() }
    }
    let end = nowNanoseconds()
    let status = process.wait()
    if let failure { throw BenchFailure("\(workload.name) via \(program): reply \(replies): \(failure)") }
    guard status == 0 else { throw BenchFailure("\(program) exited with \(status) on \(workload.name)") }
    guard replies == workload.stream.count else {
        throw BenchFailure("\(workload.name) via \(program): \(replies) replies to \(workload.stream.count) requests")
    }
    let measuredInput = workload.stream.bytes.count - setupBytes(workload)
    return PipeRun(messages: workload.measuredMessages, inputBytes: measuredInput, outputBytes: measuredBytes,
                   seconds: Double(end - clockStart) / 1e9)
}

/// The bytes of the setup messages at the start of a workload's stream.
func setupBytes(_ workload: Workload) -> Int {
    var seen = 0
    for (i, b) in workload.stream.bytes.enumerated() where b == 0x0A {
        seen += 1
        if seen == workload.setupMessages { return i + 1 }
    }
    return 0
}

private let resultHead = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
private let resultMember = Array(#","result":"#.utf8)

/// `nil` when `line` is the successful reply to request `id`, else why not.
func checkReply(_ line: UnsafeRawBufferPointer, id: Int, parse: Bool, parser: inout JSONParser) -> String? {
    guard line.count > resultHead.count + resultMember.count + 2,
          resultHead.withUnsafeBytes({ memcmp($0.baseAddress!, line.baseAddress!, $0.count) == 0 }) else {
        return "not a JSON-RPC reply: \(String(decoding: line.prefix(200), as: UTF8.self))"
    }
    var i = resultHead.count
    var n = 0
    while i < line.count, line[i] >= 0x30, line[i] <= 0x39 { n = n * 10 + Int(line[i] - 0x30); i += 1 }
    guard n == id else { return "id \(n), expected \(id)" }
    guard i + resultMember.count < line.count,
          resultMember.withUnsafeBytes({ memcmp($0.baseAddress!, line.baseAddress! + i, $0.count) == 0 }) else {
        return "not a result: \(String(decoding: line.prefix(300), as: UTF8.self))"
    }
    guard line[line.count - 1] == UInt8(ascii: "}") else { return "does not end with }" }
    if parse {
        do {
            let document = try parser.parse(line)
            guard case .object(let reply)? = Optional(document.value), reply["result"] != nil else { return "no result" }
        } catch {
            return "invalid JSON: \(error.reason) at \(error.offset)"
        }
    }
    return nil
}

/// Reads a descriptor to its end and hands out complete lines (without the newline).
struct LineReader {
    let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    init(fd: Int32) { self.fd = fd }

    mutating func forEachLine(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var start = 0
        var end = 0
        while true {
            if end == buffer.count {
                if start > 0 {
                    buffer.withUnsafeMutableBytes { b in _ = memmove(b.baseAddress!, b.baseAddress! + start, end - start) }
                    end -= start
                    start = 0
                } else {
                    buffer.append(contentsOf: repeatElement(0, count: buffer.count))
                }
            }
            let n = buffer.withUnsafeMutableBytes { b in read(fd, b.baseAddress! + end, b.count - end) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw BenchFailure("read: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            end += n
            try buffer.withUnsafeBytes { b in
                let base = b.baseAddress!
                while start < end, let nl = memchr(base + start, 0x0A, end - start) {
                    let lineEnd = base.distance(to: UnsafeRawPointer(nl))
                    try body(UnsafeRawBufferPointer(rebasing: b[start..<lineEnd]))
                    start = lineEnd + 1
                }
            }
            if start == end { start = 0; end = 0 }
        }
        if start < end { throw BenchFailure("output ends without a newline") }
    }
}
