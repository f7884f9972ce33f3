#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds.
@inline(__always)
func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A child process started with `posix_spawn`, its stdin and stdout wired to
/// the given descriptors (the parent's ends are closed in the child).
struct ChildProcess {
    let pid: pid_t

    /// Starts `path args…` with `stdinFD`/`stdoutFD` as its fds 0 and 1; stderr is inherited.
    /// `closeInChild` lists parent-side pipe ends the child must not keep open.
    static func spawn(_ path: String, _ args: [String], stdin stdinFD: Int32, stdout stdoutFD: Int32,
                      closeInChild: [Int32] = []) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinFD, 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutFD, 1)
        for fd in closeInChild { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard rc == 0 else { throw BenchFailure("posix_spawn \(path): \(String(cString: strerror(rc)))") }
        return ChildProcess(pid: pid)
    }

    /// Waits for the process and returns its exit status (or 128 + signal).
    @discardableResult
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }

    /// `VmHWM` (peak) and `VmRSS` (current) from /proc, in bytes.
    func memory() -> (peak: Int, current: Int) {
        guard let f = fopen("/proc/\(pid)/status", "r") else { return (0, 0) }
        defer { fclose(f) }
        var peak = 0, current = 0
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, f) != nil {
            let text = cString(line)
            func kB() -> Int { Int(text.split(separator: " ").dropFirst().first.map(String.init) ?? "") ?? 0 }
            if text.hasPrefix("VmHWM:") { peak = kB() * 1024 }
            if text.hasPrefix("VmRSS:") { current = kB() * 1024 }
        }
        return (peak, current)
    }
}

/// A pipe; `read`/`write` are its two ends.
struct Pipe {
    let read: Int32
    let write: Int32
    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BenchFailure("pipe: \(String(cString: strerror(errno)))") }
        read = fds[0]
        write = fds[1]
    }
}

/// Writes all of `bytes` to `fd`.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    var off = 0
    while off < bytes.count {
        let r = Glibc.write(fd, bytes.baseAddress! + off, bytes.count - off)
        if r < 0 {
            if errno == EINTR { continue }
            throw BenchFailure("write: \(String(cString: strerror(errno)))")
        }
        off += r
    }
}

func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try writeAll(fd, $0) }
}

/// A process talking line-delimited messages over two pipes, one message in flight.
struct LineConversation {
    let process: ChildProcess
    let toChild: Int32
    let fromChild: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    init(_ path: String, _ args: [String]) throws {
        let input = try Pipe()
        let output = try Pipe()
        process = try ChildProcess.spawn(path, args, stdin: input.read, stdout: output.write,
                                         closeInChild: [input.write, output.read])
        close(input.read)
        close(output.write)
        toChild = input.write
        fromChild = output.read
    }

    /// Reads up to and including the next newline and returns the line
    /// (without it); the bytes are valid until the next read.
    mutating func readLine() throws -> ArraySlice<UInt8> {
        if start == end { start = 0; end = 0 }
        var scanned = start
        while true {
            if let nl = buffer[scanned..<end].firstIndex(of: 0x0A) {
                let line = buffer[start..<nl]
                start = nl + 1
                return line
            }
            scanned = end
            if end == buffer.count {
                if start > 0 {
                    buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
                    end -= start; scanned -= start; start = 0
                } else {
                    buffer.append(contentsOf: repeatElement(0, count: buffer.count))
                }
            }
            let n = buffer.withUnsafeMutableBytes { b in Glibc.read(fromChild, b.baseAddress! + end, b.count - end) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw BenchFailure("the process closed its output") }
            end += n
        }
    }

    func finish() -> Int32 {
        close(toChild)
        close(fromChild)
        return process.wait()
    }
}

/// The text of a NUL-terminated C buffer.
func cString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
