// The benchmark's floor: a minimal line-echo program. It does the least a
// line-delimited worker must do — read stdin in large chunks, find every
// line, copy it into an output buffer, write that buffer in large chunks —
// and nothing else, so worker/echo ratios show what parsing, layout and
// writing replies cost on top of the I/O. Like the worker (Server.run), it
// widens its pipes to 1 MiB, so the floor has the same I/O discipline.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a 1 MiB kernel buffer if `fd` is a pipe (Linux F_SETPIPE_SZ).
func widenPipe(_ fd: Int32) {
    #if os(Linux)
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
    _ = fcntl(fd, 1031, Int32(1 << 20))
    #endif
}

/// Echoes every line of stdin to stdout, with buffered I/O on both sides.
func echoLines() {
    let chunk = 1 << 16
    var input = [UInt8](repeating: 0, count: 1 << 20)
    var output = [UInt8]()
    output.reserveCapacity(1 << 17)
    var start = 0
    var end = 0

    func flush(_ output: inout [UInt8]) {
        output.withUnsafeBytes { b in
            var off = 0
            while off < b.count {
                let r = write(1, b.baseAddress! + off, b.count - off)
                if r < 0 { if errno == EINTR { continue }; exit(0) }
                off += r
            }
        }
        output.removeAll(keepingCapacity: true)
    }

    while true {
        if input.count - end < chunk {
            if start > 0 {
                input.withUnsafeMutableBytes { b in _ = memmove(b.baseAddress!, b.baseAddress! + start, end - start) }
                end -= start
                start = 0
            }
            if input.count - end < chunk { input.append(contentsOf: repeatElement(0, count: input.count)) }
        }
        let n = input.withUnsafeMutableBytes { b in read(0, b.baseAddress! + end, b.count - end) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        end += n
        input.withUnsafeBytes { b in
            let base = b.baseAddress!
            while start < end, let nl = memchr(base + start, 0x0A, end - start) {
                let lineEnd = base.distance(to: UnsafeRawPointer(nl)) + 1
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[start..<lineEnd]))
                start = lineEnd
            }
        }
        if output.count >= chunk || start == end { flush(&output) }
    }
    if start < end { input.withUnsafeBytes { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[start..<end])) } }
    flush(&output)
}

widenPipe(0)
widenPipe(1)
widenPipe(0)
widenPipe(1)
echoLines()
