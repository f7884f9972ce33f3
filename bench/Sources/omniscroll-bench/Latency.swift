import OmniScrollJSON

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
