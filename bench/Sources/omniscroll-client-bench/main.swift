// What recovery's journal costs the Swift client (clients/README.md, "Recovery"),
// measured as clients/python/bench_recovery.py and clients/node/bench-recovery.mjs
// measure it: pipelined session.scroll on a two-child session (windows of 256
// calls in flight, a task group each), the client's own CPU time per call
// (CLOCK_PROCESS_CPUTIME_ID: the worker, a child process, is not counted). In
// each run two clients, recovery off and on, take turns window by window, so
// both run under the same load; the upkeep is the median over the runs of
// each run's on/off difference (a run the machine's other processes disturbed
// moves a median little). Issue 30's bound: the upkeep is at most 10 % of a
// pipelined scroll's client-side time.
//
//   swift build -c release --product omniscroll-client-bench
//   OMNISCROLL_BIN=.build/release/omniscroll .build/release/omniscroll-client-bench [n] [runs]
import Foundation
import OmniScrollClient

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let n = arguments.first ?? 20_000
let runs = arguments.dropFirst().first ?? 5
let window = 256
let offsets = (0..<n).map { Double(($0 * 37) % 4300) }

/// This process's CPU seconds so far (all its threads; not the worker's).
func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Client CPU seconds per pipelined scroll, recovery off and on.
func run() async throws -> [Bool: Double] {
    var pairs: [(recover: Bool, client: OmniScrollClient, session: String)] = []
    for recover in [false, true] {
        let client = try OmniScrollClient(recover: recover)
        let session = try await client.create(viewport: (width: 375, height: 800),
                                              children: [.scroll("top", contentHeight: 2000), .scroll("bottom", contentHeight: 3000)],
                                              insets: (top: 0, bottom: 100)).session
        for y in offsets.prefix(500) { _ = try await client.scroll(session: session, offset: y) }  // warm-up
        pairs.append((recover, client, session))
    }
    var used: [Bool: Double] = [false: 0, true: 0]
    for k in stride(from: 0, to: n, by: window) {
        for (recover, client, session) in (k / window) % 2 == 0 ? pairs.reversed() : pairs {
            let start = cpuSeconds()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for y in offsets[k..<min(n, k + window)] {
                    group.addTask { _ = try await client.scroll(session: session, offset: y) }
                }
                try await group.waitForAll()
            }
            used[recover]! += cpuSeconds() - start
        }
    }
    for pair in pairs { await pair.client.close() }
    return used.mapValues { $0 / Double(n) }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

var results: [[Bool: Double]] = []
for _ in 0..<runs { results.append(try await run()) }
let off = median(results.map { $0[false]! }), on = median(results.map { $0[true]! })
let upkeeps = results.map { ($0[true]! - $0[false]!) / $0[false]! * 100 }
let runsText = upkeeps.map { String(format: "%+.1f", $0) }.joined(separator: " ")
print(String(format: "swift OmniScrollClient pipelined scroll (windows of %d), client CPU per call, median of %d runs: "
             + "recover off %.2f us, on %.2f us: upkeep %+.1f %%", window, runs, off * 1e6, on * 1e6, median(upkeeps))
      + " (runs: \(runsText)) (target <= 10 %)")
