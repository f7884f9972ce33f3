#if canImport(Glibc)
import Glibc
#endif
import OmniScrollJSON

/// Where the two ends of a ping-pong run.
///
/// A round trip costs the reader's wakeup. When each process sleeps on
/// its own core, that is the time the system takes to wake an idle core:
/// about 12 µs on one 2-core VM of this kind, about 50 µs on another, for
/// the echo floor as for the worker. With both on one core a round trip is
/// two context switches, so that figure shows what the programs add.
enum Placement: String, CaseIterable {
    /// Wherever the scheduler puts them (each usually on its own core).
    case free
    /// Both pinned to the driver's first allowed core.
    case oneCore

    var title: String {
        switch self {
        case .free: "placed by the scheduler"
        case .oneCore: "both on one core"
        }
    }

    /// Runs `body` with the driver (and so the processes it spawns, which
    /// inherit its affinity) placed this way.
    func run<R>(_ body: () throws -> R) throws -> R {
        guard self == .oneCore else { return try body() }
        #if os(Linux)
        var allowed = cpu_set_t()
        guard getAffinity(0, MemoryLayout<cpu_set_t>.size, &allowed) == 0 else {
            throw BenchFailure("sched_getaffinity: \(String(cString: strerror(errno)))")
        }
        defer { _ = setAffinity(0, MemoryLayout<cpu_set_t>.size, &allowed) }
        var first = cpu_set_t()
        withUnsafeBytes(of: allowed.__bits) { bits in
            withUnsafeMutableBytes(of: &first.__bits) { out in
                let words = bits.bindMemory(to: UInt64.self)
                let target = out.bindMemory(to: UInt64.self)
                if let w = words.firstIndex(where: { $0 != 0 }) { target[w] = words[w] & (~words[w] &+ 1) }
            }
        }
        guard setAffinity(0, MemoryLayout<cpu_set_t>.size, &first) == 0 else {
            throw BenchFailure("sched_setaffinity: \(String(cString: strerror(errno)))")
        }
        #endif
        return try body()
    }
}

#if os(Linux)
// glibc declares these only under _GNU_SOURCE, which the Glibc module does not set.
@_silgen_name("sched_getaffinity")
private func getAffinity(_ pid: pid_t, _ size: Int, _ mask: UnsafeMutablePointer<cpu_set_t>) -> Int32
@_silgen_name("sched_setaffinity")
private func setAffinity(_ pid: pid_t, _ size: Int, _ mask: UnsafePointer<cpu_set_t>) -> Int32
#endif

/// The worker's and the echo's round trips in one placement.
struct LatencyPair {
    let placement: Placement
    let worker: LatencyFigures
    let echo: LatencyFigures
}

/// Round-trip percentiles, in microseconds.
struct LatencyFigures {
    var samples = 0
    var p50 = 0.0
    var p99 = 0.0
    var p999 = 0.0
    var max = 0.0

    init(_ nanoseconds: [UInt64]) {
        let sorted = nanoseconds.sorted()
        samples = sorted.count
        guard !sorted.isEmpty else { return }
        func at(_ q: Double) -> Double { Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]) / 1000 }
        p50 = at(0.5)
        p99 = at(0.99)
        p999 = at(0.999)
        max = Double(sorted[sorted.count - 1]) / 1000
    }
}

/// Ping-pong: one request in flight. Sends the workload's setup messages,
/// then `warmup` untimed and `samples` timed round trips of its measured
/// messages (cycling), and returns the timed ones.
func pingPong(_ program: String, _ args: [String], workload: Workload, warmup: Int, samples: Int,
              check: ReplyCheck) throws -> LatencyFigures {
    var lines: [[UInt8]] = []
    var start = 0
    for (i, b) in workload.stream.bytes.enumerated() where b == 0x0A {
        lines.append(Array(workload.stream.bytes[start...i]))
        start = i + 1
    }
    var conversation = try LineConversation(program, args)
    for k in 0..<workload.setupMessages {
        try writeAll(conversation.toChild, lines[k])
        _ = try conversation.readLine()
    }
    let measured = Array(lines[workload.setupMessages...])
    var times = [UInt64]()
    times.reserveCapacity(samples)
    var parser = JSONParser()
    for k in 0..<(warmup + samples) {
        // Ids stay unique: the first lines keep theirs, later cycles replay them (ids need not be unique for timing).
        let request = measured[k % measured.count]
        let t0 = nowNanoseconds()
        try writeAll(conversation.toChild, request)
        let reply = try conversation.readLine()
        let t1 = nowNanoseconds()
        if k >= warmup { times.append(t1 - t0) }
        if case .results(let parse) = check, k < measured.count {
            let failure = reply.withUnsafeBytes { checkReply($0, id: workload.setupMessages + k + 1, parse: parse, parser: &parser) }
            if let failure { throw BenchFailure("ping-pong via \(program): \(failure)") }
        }
    }
    let status = conversation.finish()
    guard status == 0 else { throw BenchFailure("\(program) exited with \(status) after ping-pong") }
    return LatencyFigures(times)
}
