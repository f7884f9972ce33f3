#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OmniScrollJSON

/// The wire framing of a connection.
public enum Framing: Sendable, Equatable {
    /// One JSON text per line (`\n`; a `\r` before it is dropped; blank lines ignored).
    case line
    /// LSP base protocol: `Content-Length: N\r\n\r\n<N bytes>` both ways.
    case contentLength
}

/// Splits an input byte stream into messages, hands each to the `Dispatcher`
/// and frames the replies into `output`. No I/O: `Server` feeds it bytes.
///
/// The framing is chosen by the first non-blank bytes: `Content-Length:` or
/// `Content-Type:` (any case) selects `.contentLength`, anything else `.line`.
///
/// Errors in the framing never stop the connection:
/// - a message longer than `--max-message-bytes` is skipped without being
///   buffered whole (line: up to the next newline; Content-Length: N bytes)
///   and answered with -32600 (id null) naming the limit;
/// - a missing or invalid Content-Length (not a decimal number), or a header
///   line that is not `Name: value` (e.g. a bare JSON line), is answered
///   with -32600, then input is skipped up to the next line that starts
///   with `Content-Length:`;
/// - a body cut short by end of input is answered with -32700.
public struct Connection {
    public var dispatcher: Dispatcher
    /// Framed replies waiting to be written.
    public var output: JSONWriter
    public private(set) var framing: Framing?
    private var body = JSONWriter(capacity: 4096)
    private var discardingLine = false
    private var discardBytes = 0
    private var resyncing = false
    private var maxMessageBytes: Int { dispatcher.state.limits.maxMessageBytes }
    /// Header blocks longer than this are treated as garbage.
    static let maxHeaderBytes = 8192

    public init(dispatcher: Dispatcher, outputCapacity: Int = 1 << 17) {
        self.dispatcher = dispatcher
        output = JSONWriter(capacity: outputCapacity)
    }

    /// Set once an `exit` notification has been handled.
    public var exitCode: Int32? { dispatcher.state.exitCode }

    /// Processes every complete message in `input` and returns how many bytes
    /// were consumed; the caller keeps the rest and calls again with more.
    /// Stops early once `output` holds at least `flushThreshold` bytes or the
    /// worker should exit. With `atEOF`, an unterminated last line is handled
    /// and a truncated Content-Length body is reported.
    public mutating func consume(_ input: UnsafeRawBufferPointer, atEOF: Bool, flushThreshold: Int = 1 << 16) -> Int {
        var i = 0
        if framing == nil {
            guard let decided = detectFraming(input, atEOF: atEOF, consumed: &i) else { return i }
            framing = decided
        }
        switch framing! {
        case .line: return consumeLines(input, from: i, atEOF: atEOF, flushThreshold: flushThreshold)
        case .contentLength: return consumeContentLength(input, from: i, atEOF: atEOF, flushThreshold: flushThreshold)
        }
    }

    /// Processes a whole input (tests and tools): returns the output and exit code.
    public mutating func run(_ input: [UInt8]) -> (output: [UInt8], exitCode: Int32) {
        var start = 0
        input.withUnsafeBytes { all in
            while exitCode == nil {
                let used = consume(UnsafeRawBufferPointer(rebasing: all[start...]), atEOF: true)
                start += used
                if used == 0 || start == all.count { break }
            }
        }
        return (output.bytes, exitCode ?? 0)
    }

    // MARK: Framing detection

    private func detectFraming(_ input: UnsafeRawBufferPointer, atEOF: Bool, consumed i: inout Int) -> Framing? {
        while i < input.count, isBlank(input[i]) { i += 1 }
        guard i < input.count else { return nil }
        let rest = UnsafeRawBufferPointer(rebasing: input[i...])
        for header in ["content-length:", "content-type:"] {
            switch prefixMatch(rest, header) {
            case .full: return .contentLength
            case .partial: if !atEOF { return nil }
            case .none: break
            }
        }
        return .line
    }

    private enum PrefixMatch { case full, partial, none }

    /// Case-insensitive comparison of the start of `bytes` with the lowercase ASCII `prefix`.
    private func prefixMatch(_ bytes: UnsafeRawBufferPointer, _ prefix: String) -> PrefixMatch {
        var k = 0
        for p in prefix.utf8 {
            guard k < bytes.count else { return .partial }
            if lower(bytes[k]) != p { return .none }
            k += 1
        }
        return .full
    }

    @inline(__always) private func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
    @inline(__always) private func isBlank(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D || b == 0x20 || b == 0x09 }

    // MARK: Line framing

    private mutating func consumeLines(_ input: UnsafeRawBufferPointer, from start: Int, atEOF: Bool, flushThreshold: Int) -> Int {
        var i = start
        let count = input.count
        guard let base = input.baseAddress else { return 0 }
        while i < count {
            let newline = memchr(base + i, 0x0A, count - i).map { base.distance(to: UnsafeRawPointer($0)) }
            if discardingLine {
                guard let newline else { return count }
                discardingLine = false
                i = newline + 1
                continue
            }
            guard let newline else {
                let pending = count - i
                if pending > maxMessageBytes {
                    replyOversized()
                    discardingLine = true
                    return count
                }
                if atEOF {
                    handleLine(UnsafeRawBufferPointer(rebasing: input[i..<count]))
                    return count
                }
                return i
            }
            var end = newline
            if end > i && input[end - 1] == 0x0D { end -= 1 }
            if end - i > maxMessageBytes {
                replyOversized()
            } else if end > i {
                handleLine(UnsafeRawBufferPointer(rebasing: input[i..<end]))
            }
            i = newline + 1
            if output.count >= flushThreshold || exitCode != nil { break }
        }
        return i
    }

    private mutating func handleLine(_ line: UnsafeRawBufferPointer) {
        if isBlank(line[0]) && line.allSatisfy({ isBlank($0) }) { return }
        if dispatcher.handle(line, into: &output) { output.appendFraming("\n") }
    }

    private mutating func replyOversized() {
        let error = RPCError.invalidRequest("message exceeds --max-message-bytes (\(maxMessageBytes) bytes)")
        switch framing {
        case .contentLength?:
            body.reset()
            Response.writeError(error, id: .null, into: &body)
            appendFramedBody()
        default:
            Response.writeError(error, id: .null, into: &output)
            output.appendFraming("\n")
        }
    }

    // MARK: Content-Length framing

    private mutating func consumeContentLength(_ input: UnsafeRawBufferPointer, from start: Int, atEOF: Bool, flushThreshold: Int) -> Int {
        var i = start
        let count = input.count
        while i < count {
            if discardingLine {  // resynchronising in the middle of a long line
                guard let nl = input[i...].firstIndex(of: 0x0A) else { return count }
                discardingLine = false
                i = nl + 1
                continue
            }
            if discardBytes > 0 {
                let k = min(discardBytes, count - i)
                discardBytes -= k
                i += k
                continue
            }
            if resyncing {
                // Skip to the next line that starts with "Content-Length:".
                var lineStart = i
                var found = false
                while lineStart < count {
                    switch prefixMatch(UnsafeRawBufferPointer(rebasing: input[lineStart...]), "content-length:") {
                    case .full: found = true
                    case .partial: if !atEOF { return lineStart }
                    case .none: break
                    }
                    if found { break }
                    guard let nl = input[lineStart...].firstIndex(of: 0x0A) else {
                        // This line is not a header: drop it, however long it gets.
                        discardingLine = true
                        return count
                    }
                    lineStart = nl + 1
                }
                i = lineStart
                if !found { return i }
                resyncing = false
            }
            // Blank lines between messages are tolerated.
            while i < count, isBlank(input[i]) { i += 1 }
            guard i < count else { return i }
            guard let (headerEnd, length) = parseHeaders(input, from: i, atEOF: atEOF) else {
                // Incomplete header block: wait for more, unless it can never complete.
                if count - i > Self.maxHeaderBytes {
                    replyFramed(.invalidRequest("header block longer than \(Self.maxHeaderBytes) bytes"))
                    resyncing = true
                    i += 1
                    continue
                }
                if atEOF {
                    replyFramed(.parseError("truncated header at end of input"))
                    return count
                }
                return i
            }
            guard let length else {
                replyFramed(.invalidRequest("missing or invalid Content-Length header"))
                resyncing = true
                i = headerEnd
                continue
            }
            if length > maxMessageBytes {
                replyOversized()
                discardBytes = length
                i = headerEnd
                continue
            }
            if count - headerEnd < length {
                if atEOF {
                    replyFramed(.parseError("truncated body: Content-Length is \(length) but only \(count - headerEnd) bytes followed"))
                    return count
                }
                return i
            }
            body.reset()
            if length == 0 {
                Response.writeError(.parseError("empty body"), id: .null, into: &body)
            } else {
                dispatcher.handle(UnsafeRawBufferPointer(rebasing: input[headerEnd..<headerEnd + length]), into: &body)
            }
            appendFramedBody()
            i = headerEnd + length
            if output.count >= flushThreshold || exitCode != nil { break }
        }
        return i
    }

    /// Parses a header block starting at `start`. Returns nil while the block
    /// is incomplete; otherwise the offset of the body and the Content-Length
    /// (nil when missing or invalid). Lines end in CRLF (a bare LF is tolerated);
    /// names are case-insensitive; unknown headers are ignored.
    private func parseHeaders(_ input: UnsafeRawBufferPointer, from start: Int, atEOF: Bool) -> (Int, Int?)? {
        var lineStart = start
        var length: Int?
        var invalid = false
        let limit = min(input.count, start + Self.maxHeaderBytes + 2)
        while lineStart < limit {
            guard let nl = input[lineStart..<limit].firstIndex(of: 0x0A) else { return nil }
            var end = nl
            if end > lineStart && input[end - 1] == 0x0D { end -= 1 }
            if end == lineStart { return (nl + 1, invalid ? nil : length) }  // empty line: end of headers
            let line = UnsafeRawBufferPointer(rebasing: input[lineStart..<end])
            // A line that is not `Name: value` (a bare JSON line, the tail of a
            // body cut short) is not a header: the block is invalid, and the
            // caller resynchronises from the next line instead of dropping a
            // message silently.
            guard isHeaderLine(line) else { return (nl + 1, nil) }
            if case .full = prefixMatch(line, "content-length:") {
                var v = 15
                while v < line.count, line[v] == 0x20 || line[v] == 0x09 { v += 1 }
                var e = line.count
                while e > v, line[e - 1] == 0x20 || line[e - 1] == 0x09 { e -= 1 }
                var n = 0
                if v == e || e - v > 12 {
                    invalid = true  // and never accumulate: 20 digits would overflow Int
                } else {
                    for k in v..<e {
                        let d = line[k] &- 0x30
                        if d > 9 { invalid = true; break }
                        n = n * 10 + Int(d)
                    }
                }
                if length != nil && length != n { invalid = true }
                length = n
            }
            lineStart = nl + 1
        }
        return nil
    }

    /// `token ":" …` with an RFC 7230 token (letters, digits, ``!#$%&'*+-.^_`|~``) as the name.
    private func isHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        var k = 0
        while k < line.count, line[k] != 0x3A {
            let b = line[k]
            let alnum = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
            guard alnum || "!#$%&'*+-.^_`|~".utf8.contains(b) else { return false }
            k += 1
        }
        return k > 0 && k < line.count
    }

    private mutating func replyFramed(_ error: RPCError) {
        body.reset()
        Response.writeError(error, id: .null, into: &body)
        appendFramedBody()
    }

    private mutating func appendFramedBody() {
        guard body.count > 0 else { return }
        output.appendFraming("Content-Length: ")
        output.appendFramingInteger(body.count)
        output.appendFraming("\r\n\r\n")
        output.appendFraming(body)
    }
}
