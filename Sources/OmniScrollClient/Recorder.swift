import Foundation
import OmniScrollJSON

/// Writes a client's session as a conformance transcript (an optional
/// `{"args": [...]}` line, then `{"send", "expect"}` per message sent, in send
/// order), which `omniscroll trace` draws and every client's replayer
/// (`Transcript.replay`) replays byte for byte.
///
/// The transport tells it each message it writes (and whether a reply will
/// answer it) and each reply line it reads; the worker answers in the order it
/// reads, so the oldest line still waiting is the one a reply answers.
final class Recorder: @unchecked Sendable {
    private struct Entry {
        var send: String
        var expect: String?
        var done: Bool
    }

    private let fd: Int32
    private let lock = NSLock()
    private var entries: [Entry] = []

    init(path: String, arguments: [String]) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw OmniScrollClientError.invalidArgument("record: cannot write \(path) (errno \(errno))") }
        if !arguments.isEmpty {
            var w = JSONWriter(capacity: 64)
            w.value(["args": .array(arguments.map { .string($0) })])
            w.appendFraming("\n")
            put(w.bytes)
        }
    }

    /// One message written (its bytes end with `\n`); `answered`: whether a reply answers it.
    func sent(_ bytes: [UInt8], answered: Bool) {
        lock.withLock {
            entries.append(Entry(send: String(decoding: bytes.dropLast(), as: UTF8.self), expect: nil, done: !answered))
            flush()
        }
    }

    /// A reply line, without its `\n`.
    func received(_ line: UnsafeRawBufferPointer) {
        lock.withLock {
            if let i = entries.firstIndex(where: { !$0.done }) {
                entries[i].expect = String(decoding: line, as: UTF8.self)
                entries[i].done = true
            }
            flush()
        }
    }

    /// Writes what is left (a message never answered has `expect` null) and closes the file.
    func close() {
        lock.withLock {
            for i in entries.indices { entries[i].done = true }
            flush()
            _ = Foundation.close(fd)
        }
    }

    private func flush() {
        var w = JSONWriter(capacity: 256)
        var n = 0
        while n < entries.count, entries[n].done {
            w.value(["send": .string(entries[n].send), "expect": entries[n].expect.map { .string($0) } ?? .null])
            w.appendFraming("\n")
            n += 1
        }
        guard n > 0 else { return }
        entries.removeFirst(n)
        put(w.bytes)
    }

    private func put(_ bytes: [UInt8]) {
        var off = 0
        bytes.withUnsafeBytes { buf in
            while off < buf.count {
                let r = write(fd, buf.baseAddress! + off, buf.count - off)
                if r < 0 { if errno == EINTR { continue }; return }
                off += r
            }
        }
    }
}
