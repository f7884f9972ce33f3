// What recovery's journal costs the Swift client (clients/README.md, "Recovery"),
// measured as clients/python/bench_recovery.py and clients/node/bench-recovery.mjs
// measure it: pipelined session.scroll on a two-child session (windows of 256
// calls in flight, a task group each) with recovery off and on, the client's own
// CPU time per call (CLOCK_PROCESS_CPUTIME_ID: the worker, a child process, is
// not counted), alternating off/on runs and taking each mode's least (the run
// the other processes on the machine disturbed least). Issue 30's bound: the
// upkeep is at most 10 % of a pipelined scroll's client-side time.
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

/// Client CPU seconds per pipelined scroll.
func run(recover: Bool) async throws -> Double {
    let client = try OmniScrollClient(recover: recover)
    let session = try await client.create(viewport: (width: 375, height: 800),
                                          children: [.scroll("top", contentHeight: 2000), .scroll("bottom", contentHeight: 3000)],
                                          insets: (top: 0, bottom: 100)).session
    for y in offsets.prefix(500) { _ = try await client.scroll(session: session, offset: y) }  // warm-up
    let start = cpuSeconds()
    for k in stride(from: 0, to: n, by: window) {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for y in offsets[k..<min(n, k + window)] {
                group.addTask { _ = try await client.scroll(session: session, offset: y) }
            }
            try await group.waitForAll()
        }
    }
    let used = cpuSeconds() - start
    await client.close()
    return used / Double(n)
}

var times: [Bool: [Double]] = [false: [], true: []]
for _ in 0..<runs {
    for recover in [false, true] { times[recover]!.append(try await run(recover: recover)) }
}
let off = times[false]!.min()!, on = times[true]!.min()!
print(String(format: "swift OmniScrollClient pipelined scroll (windows of %d), client CPU per call: recover off %.2f us, "
             + "on %.2f us: upkeep %+.1f %% (target <= 10 %%)", window, off * 1e6, on * 1e6, (on - off) / off * 100))
