#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Log levels for `--log-level`.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case error, warn, info, debug

    public init?(name: String) {
        switch name {
        case "error": self = .error
        case "warn": self = .warn
        case "info": self = .info
        case "debug": self = .debug
        default: return nil
        }
    }

    public var name: String { ["error", "warn", "info", "debug"][rawValue] }

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
}

/// Writes log lines to stderr (never stdout, which carries only protocol).
/// Messages are built only when their level is enabled.
public struct Logger: Sendable {
    public var level: LogLevel
    /// The file descriptor logs go to; -1 discards them (used by in-process tests).
    public var fd: Int32

    public init(level: LogLevel = .warn, fd: Int32 = 2) {
        self.level = level
        self.fd = fd
    }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level <= self.level, fd >= 0 else { return }
        var line = Array("omniscroll: \(level.name): \(message())\n".utf8)
        line.withUnsafeMutableBytes { buf in
            var off = 0
            while off < buf.count {
                let n = write(fd, buf.baseAddress! + off, buf.count - off)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                off += n
            }
        }
    }

    public func error(_ m: @autoclosure () -> String) { log(.error, m()) }
    public func warn(_ m: @autoclosure () -> String) { log(.warn, m()) }
    public func info(_ m: @autoclosure () -> String) { log(.info, m()) }
    public func debug(_ m: @autoclosure () -> String) { log(.debug, m()) }
}
