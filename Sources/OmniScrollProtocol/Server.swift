#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OmniScrollJSON

/// Runs a `Connection` over two file descriptors (stdin/stdout by default).
///
/// I/O discipline: input is read with `read(2)` in chunks of at least 64 KiB
/// into one reusable buffer; every complete message in it is processed; the
/// replies collect in one output buffer that is written with `write(2)` right
/// before the next blocking read (so no reply waits while the worker waits)
/// or as soon as it exceeds 64 KiB. EINTR and partial writes are handled.
/// A reply's final part (a Layout's children, `JSONWriter.streaming`) goes
/// out as it is written whenever the buffer fills, so a huge reply is never
/// held whole; the input buffer grows without being zero-filled, so only the
/// bytes read take memory (bench/create-memory).
///
/// When stdin or stdout is a pipe, its kernel buffer is widened to
/// `pipeBufferBytes` (Linux `F_SETPIPE_SZ`, up to the system's
/// `pipe-max-size`; silently kept as it is where that is refused). With the
/// default 64 KiB, a pipelining client and the worker take turns: each
/// 64 KiB flush fills the pipe and the worker sleeps until the reader has
/// drained it. A wider pipe lets both run at once (measured: 1 000 000 full
/// two-child replies in 0.98 s instead of 1.47 s through a pipe).
///
/// Exit codes: 0 at end of input; after an `exit` notification 0 if
/// `shutdown` came first, else 1. If the output is closed (EPIPE) the peer is
/// gone: the worker stops quietly with 0, like at end of input. SIGPIPE is
/// ignored so that case surfaces as EPIPE.
public struct Server {
    public var connection: Connection
    static let readChunk = 1 << 16
    static let flushThreshold = 1 << 16
    /// The input buffer's size between large messages.
    static let normalBufferSize = max(readChunk * 4, 1 << 18)

    public init(limits: Limits = .default, logger: Logger = Logger(), templates: TemplateCatalogue = TemplateCatalogue(),
                checkingInvariants: Bool = false) {
        let state = WorkerState(limits: limits, logger: logger, templates: templates)
        let dispatcher = Dispatcher(registry: .worker(), state: state, checkingInvariants: checkingInvariants)
        connection = Connection(dispatcher: dispatcher)
    }

    public init(connection: Connection) {
        self.connection = connection
    }

    private var logger: Logger { connection.dispatcher.state.logger }

    /// Serves until end of input, `exit`, or a closed output. Returns the exit code.
    public mutating func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        Self.widenPipe(input)
        Self.widenPipe(output)
        let limits = connection.dispatcher.state.limits
        let streamed = streamReplies(to: output)
        var buffer = [UInt8](repeating: 0, count: Self.normalBufferSize)
        var start = 0
        var end = 0
        var eof = false
        logger.info("ready (omniscroll \(OmniScrollVersion.current))")
        while true {
            // Process everything that is complete.
            while true {
                let used = buffer.withUnsafeBytes { all in
                    connection.consume(UnsafeRawBufferPointer(rebasing: all[start..<end]), atEOF: eof,
                                       flushThreshold: Self.flushThreshold)
                }
                start += used
                if streamed.broken {
                    logger.info("output closed; stopping")
                    return 0
                }
                if let code = connection.exitCode {
                    _ = flush(output)
                    logger.info("exit (\(code))")
                    return code
                }
                if connection.output.count >= Self.flushThreshold {
                    if !flush(output) { return 0 }
                    continue
                }
                if used == 0 || start == end { break }
            }
            if !flush(output) { return 0 }
            if eof {
                logger.info("end of input")
                return 0
            }
            // After a huge message, the input buffer returns to its normal
            // size, so one big request does not pin its memory for good; and
            // the heap the message's temporaries took (child specs, id sets,
            // the reply) goes back to the system: malloc keeps freed blocks
            // below its mmap threshold otherwise.
            if start == end, buffer.count > Self.normalBufferSize {
                buffer = [UInt8](repeating: 0, count: Self.normalBufferSize)
                start = 0
                end = 0
                #if canImport(Glibc)
                _ = glibcMallocTrim(0)
                #endif
            }
            // Make room: move the unconsumed tail to the front, grow if a message needs it.
            if start > 0 {
                if start < end {
                    buffer.withUnsafeMutableBytes { b in
                        _ = memmove(b.baseAddress!, b.baseAddress! + start, end - start)
                    }
                }
                end -= start
                start = 0
            }
            if buffer.count - end < Self.readChunk {
                let needed = min(max(buffer.count * 2, end + Self.readChunk), limits.maxMessageBytes + Self.readChunk * 2 + Connection.maxHeaderBytes)
                if needed > buffer.count { buffer = Self.widened(buffer, keeping: end, to: needed) }
            }
            let n = buffer.withUnsafeMutableBytes { b -> Int in
                while true {
                    let r = read(input, b.baseAddress! + end, b.count - end)
                    if r < 0 && errno == EINTR { continue }
                    return r
                }
            }
            if n < 0 {
                logger.error("read failed: \(String(cString: strerror(errno)))")
                eof = true
            } else if n == 0 {
                eof = true
            } else {
                end += n
            }
        }
    }

    /// Writes all of `bytes`; false when the output is closed or broken.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var off = 0
        while off < bytes.count {
            let r = write(fd, bytes.baseAddress! + off, bytes.count - off)
            if r < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            off += r
        }
        return true
    }

    /// Whether the output broke while a reply streamed to it.
    private final class OutputState {
        var broken = false
    }

    /// Lets a reply too large to hold go to `fd` as it is written
    /// (`JSONWriter.streaming`: a layout's children), so a 1 000 000-child
    /// layout never sits whole in memory (bench/create-memory). Not when
    /// the worker checks its promises: the checker reads the whole result.
    private mutating func streamReplies(to fd: Int32) -> OutputState {
        let state = OutputState()
        guard connection.dispatcher.invariants == nil else { return state }
        connection.output.sink = { bytes in
            if !state.broken, !Self.writeAll(bytes, to: fd) { state.broken = true }
        }
        return state
    }

    /// `buffer` widened to `size` bytes, its first `kept` copied. The room
    /// after them is left unwritten until a read fills it: filled with zeros
    /// (`append`), a 46 MB message's buffer took 64 MB resident.
    private static func widened(_ buffer: [UInt8], keeping kept: Int, to size: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: size) { room, count in
            buffer.withUnsafeBufferPointer { room.baseAddress!.update(from: $0.baseAddress!, count: kept) }
            count = size
        }
    }

    static let pipeBufferBytes: Int32 = 1 << 20

    /// Asks for a `pipeBufferBytes` kernel buffer if `fd` is a pipe.
    private static func widenPipe(_ fd: Int32) {
        #if os(Linux)
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7); Glibc's module does not export it
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        _ = fcntl(fd, setPipeSize, pipeBufferBytes)
        #endif
    }

    /// Writes the pending output; false when the output is closed or broken.
    private mutating func flush(_ fd: Int32) -> Bool {
        guard connection.output.count > 0 else { return true }
        let ok = connection.output.withUnsafeBytes { Self.writeAll($0, to: fd) }
        if !ok { logger.info("output closed; stopping") }
        // Keep a normal-sized buffer; one huge reply (a 1 000 000-child layout)
        // must not pin hundreds of megabytes for the rest of the session.
        connection.output.reset(shrinkingTo: 1 << 20)
        return ok
    }
}

#if canImport(Glibc)
/// glibc's `malloc_trim` (declared in `<malloc.h>`, which the Glibc module
/// does not import): returns free heap pages to the system.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
