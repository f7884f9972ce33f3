// omniscroll-bench: the OmniScroll benchmark suite (issue 6). Run it through
// `bench/run`, which builds everything in release mode first:
//
//     bench/run            # full run, writes bench/RESULTS.md and bench/results.json
//     bench/run --smoke    # seconds: tiny sizes, no timing asserted, every reply checked
//
// Stages: throughput (request files piped through the worker, `cat` and a
// line-echo program), latency (ping-pong), engine scaling (OmniScrollCore
// called directly), memory (RSS from /proc), startup (spawn to first reply),
// instructions (callgrind's count per session.scroll; not in the smoke run:
// CI runs `bench/scroll-instructions --check` on its own), grid
// (`bench/grid-instructions`: grid.scroll ticks/s and instructions per tick;
// not in the smoke run), fling
// (`physics.fling` at 60 samples a second: calls/s and instructions per call,
// `bench/fling-calls`; not in the smoke run either), tick (`session.tick` in a
// session with physics: ticks/s and instructions per tick,
// `bench/tick-instructions`; not in the smoke run), feed (a feed's swipes over
// 100 and 1 000 000 pages: instructions and reply bytes per call,
// `bench/feed-instructions`; not in the smoke run), pager (a page switch and
// a swipe tick beside the plain scroll, `bench/pager-calls`; not in the smoke run).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the bench needs from its command line.
struct BenchOptions {
    var smoke = false
    var worker = ""
    var echo = ""
    var dataDirectory = "/tmp/omniscroll-bench"
    var resultsDirectory: String?
    var swiftVersion = "unknown"
    var revision = "unknown"
    /// `bench/scroll-instructions`, for the instructions stage.
    var scrollInstructionsScript: String?
    /// `bench/grid-instructions`, for the grid stage.
    var gridInstructionsScript: String?
    /// `bench/fling-calls`, for the fling stage.
    var flingCallsScript: String?
    /// `bench/tick-instructions`, for the tick stage.
    var tickInstructionsScript: String?
    /// `bench/feed-instructions`, for the feed stage.
    var feedInstructionsScript: String?
    /// `bench/pager-calls`, for the pager stage.
    var pagerCallsScript: String?
    var only: Set<String> = []

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var i = 0
        func value() throws -> String {
            i += 1
            guard i < arguments.count else { throw BenchFailure("\(arguments[i - 1]) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--smoke": options.smoke = true
            case "--worker": options.worker = try value()
            case "--echo": options.echo = try value()
            case "--data": options.dataDirectory = try value()
            case "--results": options.resultsDirectory = try value()
            case "--swift-version": options.swiftVersion = try value()
            case "--revision": options.revision = try value()
            case "--scroll-instructions": options.scrollInstructionsScript = try value()
            case "--grid-instructions": options.gridInstructionsScript = try value()
            case "--fling-calls": options.flingCallsScript = try value()
            case "--tick-instructions": options.tickInstructionsScript = try value()
            case "--feed-instructions": options.feedInstructionsScript = try value()
            case "--pager-calls": options.pagerCallsScript = try value()
            case "--only": options.only.formUnion(try value().split(separator: ",").map(String.init))
            default: throw BenchFailure("unknown argument \(arguments[i])")
            }
            i += 1
        }
        guard !options.worker.isEmpty, !options.echo.isEmpty else { throw BenchFailure("--worker and --echo are required") }
        return options
    }
}

/// Workload sizes: the full run, or the smoke run's tiny ones.
struct BenchSizes {
    var scrollMessages = 1_000_000
    var stormMessages = 500_000
    var fiftyChildMessages = 300_000
    var hugeChildren = 100_000
    var hugeMessages = 200_000
    var latencyWarmup = 20_000
    var latencySamples = 200_000
    var memorySessions = 10_000
    var memoryChildren = 10
    var memoryHugeChildren = 1_000_000
    var scalingSizes = [10, 1_000, 100_000, 1_000_000]
    var scalingUpdates = 300_000
    var startupRuns = 30

    static let smoke = BenchSizes(
        scrollMessages: 2_000, stormMessages: 1_000, fiftyChildMessages: 1_000, hugeChildren: 2_000,
        hugeMessages: 500, latencyWarmup: 50, latencySamples: 500, memorySessions: 50, memoryChildren: 10,
        memoryHugeChildren: 10_000, scalingSizes: [10, 1_000], scalingUpdates: 2_000, startupRuns: 3)
}

func log(_ text: String) {
    var bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

func runBench(_ options: BenchOptions) throws -> BenchResults {
    let sizes = options.smoke ? BenchSizes.smoke : BenchSizes()
    var results = BenchResults(options: options)
    func enabled(_ stage: String) -> Bool { options.only.isEmpty || options.only.contains(stage) }
    mkdir(options.dataDirectory, 0o755)

    if enabled("throughput") {
        for workload in Workload.make(sizes: sizes) {
            let file = "\(options.dataDirectory)/\(workload.name).jsonl"
            try workload.stream.write(to: file)
            let worker = try pipeThrough(options.worker, workload.workerArgs, file: file, workload: workload,
                                         check: .results(parse: options.smoke))
            let echo = try pipeThrough(options.echo, [], file: file, workload: workload, check: .count)
            let cat = try pipeThrough("/bin/cat", [], file: file, workload: workload, check: .count)
            results.throughput.append(ThroughputResult(workload: workload, worker: worker, echo: echo, cat: cat))
            log("throughput \(workload.name): worker \(fmt(worker.messagesPerSecond, 0)) msg/s, echo \(fmt(echo.messagesPerSecond, 0)), cat \(fmt(cat.messagesPerSecond, 0))")
        }
    }
    if enabled("latency") {
        let workload = Workload.twoChildScroll(delta: false, messages: min(sizes.latencySamples, 100_000))
        for placement in Placement.allCases {
            let pair = try placement.run {
                LatencyPair(
                    placement: placement,
                    worker: try pingPong(options.worker, [], workload: workload, warmup: sizes.latencyWarmup,
                                         samples: sizes.latencySamples, check: .results(parse: options.smoke)),
                    echo: try pingPong(options.echo, [], workload: workload, warmup: sizes.latencyWarmup,
                                       samples: sizes.latencySamples, check: .count))
            }
            results.latency.append(pair)
            let (w, e) = (pair.worker, pair.echo)
            log("latency (\(placement.title)) worker p50 \(fmt(w.p50, 1)) p99 \(fmt(w.p99, 1)) p99.9 \(fmt(w.p999, 1)) µs; echo p50 \(fmt(e.p50, 1)) p99 \(fmt(e.p99, 1)) p99.9 \(fmt(e.p999, 1)) µs")
        }
    }
    if enabled("scaling") {
        results.scaling = try measureEngineScaling(sizes: sizes.scalingSizes, updates: sizes.scalingUpdates)
        for p in results.scaling { log("engine \(p.children) children: \(fmt(p.nanosecondsPerUpdate, 1)) ns/update") }
    }
    if enabled("memory") {
        results.memory = try measureMemory(worker: options.worker, sessions: sizes.memorySessions,
                                           children: sizes.memoryChildren, hugeChildren: sizes.memoryHugeChildren)
        let m = results.memory!
        log("memory idle \(m.idlePeak) B peak; \(m.sessions)×\(m.childrenPerSession): \(m.manySessionsCurrent) B; \(m.hugeChildren) children: \(m.hugeCurrent) B (peak \(m.hugePeak)); engine \(m.engineBytesPerChild) B/child")
    }
    if enabled("startup") {
        results.startup = try measureStartup(worker: options.worker, runs: sizes.startupRuns)
        log("startup median \(fmt(results.startup[results.startup.count / 2], 0)) µs")
    }
    if enabled("instructions"), !options.smoke, let script = options.scrollInstructionsScript {
        let figures = try ScrollInstructions.measure(script: script, worker: options.worker)
        results.scrollInstructions = figures
        log("instructions per session.scroll \(fmt(figures.perScroll, 1)) (ceiling \(fmt(figures.ceiling, 1)))")
    }
    if enabled("collapsing"), !options.smoke, let script = options.scrollInstructionsScript {
        let figures = try CollapsingInstructions.measure(script: script, worker: options.worker)
        results.collapsingInstructions = figures
        log("instructions per session.scroll with a collapsing header and \(figures.tracks) tracks \(fmt(figures.perScroll, 1)), \(fmt(figures.ratio, 2))× the plain scroll")
    }
    if enabled("grid"), !options.smoke, let script = options.gridInstructionsScript {
        let figures = try GridInstructions.measure(script: script, worker: options.worker)
        results.gridInstructions = figures
        for row in GridInstructions.rows {
            log("grid \(row): \(figures.report[row]?["instructionsPerTick"]?.doubleValue ?? 0) instructions per tick")
        }
    }
    if enabled("fling"), !options.smoke, let script = options.flingCallsScript {
        let figures = try FlingCalls.measure(script: script, worker: options.worker)
        results.flingCalls = figures
        log("physics.fling at 60 Hz: \(fmt(figures.callsPerSecond, 0)) calls/s, \(fmt(figures.perCall, 1)) instructions per call")
    }
    if enabled("tick"), !options.smoke, let script = options.tickInstructionsScript {
        let figures = try TickInstructions.measure(script: script, worker: options.worker)
        results.tickInstructions = figures
        log("session.tick: \(fmt(figures.ticksPerSecond, 0)) ticks/s, \(fmt(figures.perTick, 1)) instructions per tick")
    }
    if enabled("feed"), !options.smoke, let script = options.feedInstructionsScript {
        let figures = try FeedInstructions.measure(script: script, worker: options.worker)
        results.feedInstructions = figures
        log("feed swipes: \(fmt(figures.perCall[0], 1)) instructions per call over \(grouped(figures.sizes[0])) pages, "
            + "\(fmt(figures.perCall[1], 1)) over \(grouped(figures.sizes[1])) (ratio \(fmt(figures.ratio, 3)))")
    }
    if enabled("pager"), !options.smoke, let script = options.pagerCallsScript {
        let figures = try PagerCalls.measure(script: script, worker: options.worker)
        results.pagerCalls = figures
        for row in PagerCalls.rows {
            log("pager \(row): \(figures.report[row]?["perCall"]?.doubleValue ?? 0) instructions per call")
        }
    }
    return results
}

do {
    let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    let results = try runBench(options)
    if let directory = options.resultsDirectory {
        try results.writeJSON(to: "\(directory)/results.json")
        try results.writeMarkdown(to: "\(directory)/RESULTS.md")
        log("wrote \(directory)/RESULTS.md and \(directory)/results.json")
    }
    print(results.markdown())
    if options.smoke { log("smoke: every stage ran and every reply was well-formed and counted") }
} catch {
    log("omniscroll-bench: \(error)")
    exit(1)
}
