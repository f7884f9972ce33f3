#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OmniScrollJSON

/// `value` with `digits` decimals (no Foundation).
func fmt(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if digits == 0 { return String(Int(rounded)) }
    var text = String(Int(rounded.magnitude))
    var fraction = String(Int(((rounded.magnitude - rounded.magnitude.rounded(.towardZero)) * scale).rounded()))
    while fraction.count < digits { fraction = "0" + fraction }
    text += "." + fraction
    return (rounded < 0 ? "-" : "") + text
}

/// Thousands separated with a thin space: 1 234 567.
func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 && c != "-" { out += " " }
        out.append(c)
    }
    return out
}

struct ThroughputResult {
    let workload: Workload
    let worker: PipeRun
    let echo: PipeRun
    let cat: PipeRun
    /// How many times slower than the line-echo floor the worker is.
    var echoRatio: Double { echo.messagesPerSecond / worker.messagesPerSecond }
}

/// One target line: what is measured, the figure, its floor and whether it is met.
struct TargetCheck {
    let target: String
    let figure: String
    let floor: String
    let met: Bool?
}

struct BenchResults {
    let options: BenchOptions
    var date = BenchResults.utcNow()
    var throughput: [ThroughputResult] = []
    /// One pair per `Placement`, in its order.
    var latency: [LatencyPair] = []
    var scaling: [ScalingPoint] = []
    var memory: MemoryFigures?
    /// Spawn to first reply, µs, ascending.
    var startup: [Double] = []
    var scrollInstructions: ScrollInstructions?
    var collapsingInstructions: CollapsingInstructions?
    var gridInstructions: GridInstructions?
    var flingCalls: FlingCalls?
    var tickInstructions: TickInstructions?
    var feedInstructions: FeedInstructions?
    var pagerCalls: PagerCalls?

    init(options: BenchOptions) { self.options = options }

    static func utcNow() -> String {
        var t = time(nil)
        var tm = tm()
        gmtime_r(&t, &tm)
        var buffer = [CChar](repeating: 0, count: 64)
        strftime(&buffer, 64, "%Y-%m-%d %H:%M:%S UTC", &tm)
        return cString(buffer)
    }

    static func cpuModel() -> String {
        guard let f = fopen("/proc/cpuinfo", "r") else { return "unknown" }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, 512, f) != nil {
            let text = cString(line)
            if text.hasPrefix("model name"), let colon = text.firstIndex(of: ":") {
                return text[text.index(after: colon)...].trimmingCharacters()
            }
        }
        return "unknown"
    }

    static func kernel() -> String {
        var u = utsname()
        uname(&u)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(u.sysname)) \(field(u.release)) \(field(u.machine))"
    }

    var cores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    func run(_ name: String) -> ThroughputResult? { throughput.first { $0.workload.name == name } }
    func scalingPoint(_ n: Int) -> ScalingPoint? { scaling.first { $0.children == n } }
    var startupMedian: Double? { startup.isEmpty ? nil : startup[startup.count / 2] }

    /// The issue's targets, each with its figure and floor.
    var targets: [TargetCheck] {
        var checks: [TargetCheck] = []
        if let full = run("scroll-2-full") {
            checks.append(TargetCheck(target: "session.scroll pipelined, full 2-child replies ≥ 1 000 000 msg/s",
                                      figure: "\(grouped(full.worker.messagesPerSecond)) msg/s",
                                      floor: "echo \(grouped(full.echo.messagesPerSecond)) msg/s",
                                      met: full.worker.messagesPerSecond >= 1_000_000))
            checks.append(TargetCheck(target: "… within 5× of the line-echo floor",
                                      figure: "\(fmt(full.echoRatio, 2))× echo", floor: "1×",
                                      met: full.echoRatio <= 5))
        }
        if let full = run("scroll-50-full"), let delta = run("scroll-50-delta") {
            let speedup = delta.worker.messagesPerSecond / full.worker.messagesPerSecond
            checks.append(TargetCheck(target: "delta replies on 50 children ≥ 2× full replies",
                                      figure: "\(fmt(speedup, 2))× (\(grouped(delta.worker.messagesPerSecond)) vs \(grouped(full.worker.messagesPerSecond)) msg/s)",
                                      floor: "echo \(grouped(delta.echo.messagesPerSecond)) msg/s", met: speedup >= 2))
        }
        for pair in latency {
            let (w, e) = (pair.worker, pair.echo)
            checks.append(TargetCheck(target: "ping-pong p99 ≤ 50 µs (\(pair.placement.title))", figure: "\(fmt(w.p99, 1)) µs",
                                      floor: "echo \(fmt(e.p99, 1)) µs", met: w.p99 <= 50))
            checks.append(TargetCheck(target: "… within 3× of the echo floor", figure: "\(fmt(w.p99 / e.p99, 2))× echo",
                                      floor: "1×", met: w.p99 / e.p99 <= 3))
        }
        if let p = scalingPoint(100_000) {
            checks.append(TargetCheck(target: "engine update, 100 000 children ≤ 2 µs",
                                      figure: "\(fmt(p.nanosecondsPerUpdate, 0)) ns",
                                      floor: scalingPoint(10).map { "10 children: \(fmt($0.nanosecondsPerUpdate, 0)) ns" } ?? "–",
                                      met: p.nanosecondsPerUpdate <= 2000))
        }
        if let small = scalingPoint(1_000), let big = scalingPoint(1_000_000) {
            let ratio = big.nanosecondsPerUpdate / small.nanosecondsPerUpdate
            checks.append(TargetCheck(target: "update cost grows like log n (1 000 → 1 000 000: log ratio 2×, linear 1000×)",
                                      figure: "\(fmt(ratio, 2))×", floor: "2×", met: ratio <= 4))
        }
        if let m = memory {
            checks.append(TargetCheck(target: "idle RSS ≤ 15 MB", figure: "\(fmt(Double(m.idlePeak) / 1e6, 1)) MB peak",
                                      floor: "–", met: m.idlePeak <= 15_000_000))
            checks.append(TargetCheck(target: "≤ 64 bytes per child (engine, \(grouped(Double(m.hugeChildren))) children)",
                                      figure: "\(fmt(m.engineBytesPerChild, 1)) B",
                                      floor: "worker RSS Δ \(fmt(Double(m.hugeCurrent - m.idleCurrent) / Double(m.hugeChildren), 1)) B/child",
                                      met: m.engineBytesPerChild <= 64))
        }
        if let s = startupMedian {
            checks.append(TargetCheck(target: "startup (spawn → first reply) ≤ 20 ms", figure: "\(fmt(s / 1000, 2)) ms median",
                                      floor: "–", met: s <= 20_000))
        }
        if let i = scrollInstructions {
            checks.append(TargetCheck(target: "instructions per session.scroll ≤ the ceiling in bench/scroll-instructions.ceiling",
                                      figure: grouped(i.perScroll), floor: "ceiling \(grouped(i.ceiling))",
                                      met: i.perScroll <= i.ceiling))
        }
        if let c = collapsingInstructions {
            checks.append(TargetCheck(target: "a scroll with a collapsing header and \(c.tracks) tracks ≤ \(fmt(c.limit, 1))× the plain scroll",
                                      figure: "\(fmt(c.ratio, 2))×", floor: "plain \(grouped(c.plainPerScroll))",
                                      met: c.ratio <= c.limit))
        }
        return checks
    }

    func markdown() -> String {
        var md = "# OmniScroll benchmark results\n\n"
        md += "Generated by `bench/run\(options.smoke ? " --smoke" : "")`; see `bench/README.md` for the method and the profile notes.\n"
        if options.smoke { md += "\n**Smoke run: tiny sizes, timings are not meaningful.**\n" }
        md += "\n| | |\n| --- | --- |\n"
        md += "| date | \(date) |\n| machine | \(Self.cpuModel()), \(cores) cores, \(Self.kernel()) |\n"
        md += "| toolchain | \(options.swiftVersion) |\n| revision | \(options.revision) |\n"

        md += "\n## Targets\n\n| target | figure | floor | met |\n| --- | --- | --- | --- |\n"
        for t in targets {
            md += "| \(t.target) | \(t.figure) | \(t.floor) | \(t.met.map { $0 ? "yes" : "**no**" } ?? "–") |\n"
        }

        if !throughput.isEmpty {
            md += "\n## 1. Throughput (pipelined, request file → worker → reader)\n\n"
            md += "Messages/s count the measured requests only (the clock starts when the setup replies are in); MB/s are request bytes in and reply bytes out. `echo` is `omniscroll-line-echo`, `cat` is `/bin/cat`, over the same file in the same run.\n\n"
            md += "| workload | messages | worker msg/s | worker MB/s in / out | reply bytes | echo msg/s | cat msg/s | worker/echo |\n"
            md += "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
            for r in throughput {
                let w = r.worker
                md += "| \(r.workload.title) | \(grouped(Double(w.messages))) | \(grouped(w.messagesPerSecond)) | \(fmt(w.inputMBPerSecond, 0)) / \(fmt(w.outputMBPerSecond, 0)) | \(fmt(Double(w.outputBytes) / Double(w.messages), 0)) | \(grouped(r.echo.messagesPerSecond)) | \(grouped(r.cat.messagesPerSecond)) | \(fmt(r.echoRatio, 2))× |\n"
            }
        }
        if let first = latency.first {
            md += "\n## 2. Latency (ping-pong, one request in flight, \(grouped(Double(first.worker.samples))) round trips)\n\n"
            md += "A round trip includes waking the reader. Placed by the scheduler, each process sleeps on its own core and the figure is dominated by how fast the system wakes an idle core (the echo pays it too); on one core it is two context switches, and the difference to the echo is what the worker adds.\n\n"
            md += "| placement | peer | p50 µs | p99 µs | p99.9 µs | max µs |\n| --- | --- | ---: | ---: | ---: | ---: |\n"
            for pair in latency {
                let (w, e) = (pair.worker, pair.echo)
                md += "| \(pair.placement.title) | worker (session.scroll, full 2-child replies) | \(fmt(w.p50, 1)) | \(fmt(w.p99, 1)) | \(fmt(w.p999, 1)) | \(fmt(w.max, 0)) |\n"
                md += "| | line echo | \(fmt(e.p50, 1)) | \(fmt(e.p99, 1)) | \(fmt(e.p999, 1)) | \(fmt(e.max, 0)) |\n"
                md += "| | ratio | \(fmt(w.p50 / e.p50, 2))× | \(fmt(w.p99 / e.p99, 2))× | \(fmt(w.p999 / e.p999, 2))× | |\n"
            }
        }
        if !scaling.isEmpty {
            md += "\n## 3. Engine scaling (OmniScrollCore directly: apply([.offset(y)]) in 13-pt steps, then contentView and every visible child)\n\n"
            md += "| children | updates | ns/update | vs 10 children | log₂ n |\n| ---: | ---: | ---: | ---: | ---: |\n"
            let base = scaling.first?.nanosecondsPerUpdate ?? 1
            for p in scaling {
                md += "| \(grouped(Double(p.children))) | \(grouped(Double(p.updates))) | \(fmt(p.nanosecondsPerUpdate, 0)) | \(fmt(p.nanosecondsPerUpdate / base, 2))× | \(fmt(log2(Double(p.children)), 1)) |\n"
            }
        }
        if let m = memory {
            md += "\n## 4. Memory (worker RSS from /proc/<pid>/status)\n\n"
            md += "| state | peak (VmHWM) | current (VmRSS) | per unit |\n| --- | ---: | ---: | ---: |\n"
            md += "| idle, after initialize | \(fmt(Double(m.idlePeak) / 1e6, 1)) MB | \(fmt(Double(m.idleCurrent) / 1e6, 1)) MB | |\n"
            md += "| \(grouped(Double(m.sessions))) sessions × \(m.childrenPerSession) children | \(fmt(Double(m.manySessionsPeak) / 1e6, 1)) MB | \(fmt(Double(m.manySessionsCurrent) / 1e6, 1)) MB | \(fmt(Double(m.manySessionsCurrent - m.idleCurrent) / Double(m.sessions), 0)) B/session |\n"
            md += "| one \(grouped(Double(m.hugeChildren)))-child session (one create) | \(fmt(Double(m.hugePeak) / 1e6, 1)) MB | \(fmt(Double(m.hugeCurrent) / 1e6, 1)) MB | \(fmt(Double(m.hugeCurrent - m.idleCurrent) / Double(m.hugeChildren), 1)) B/child |\n"
            md += "| engine RSS per child (this process around Container.create) | | | \(fmt(m.engineBytesPerChild, 1)) B/child |\n"
            md += "\nThe one-create peak includes the 55 MB request, its tape (24 B per JSON value, given back as the children are read), the child specs and the engine's stack; the reply streams to stdout as it is written (`bench/create-memory` holds this peak to 250 MB in CI); the current figure is read after one more round trip, once the worker has given those back (the input and output buffers shrink to their normal sizes, the tape is trimmed and `malloc_trim` returns the freed heap).\n"
        }
        if !startup.isEmpty {
            md += "\n## 5. Startup (spawn → first reply to initialize, \(startup.count) runs)\n\n"
            md += "| min | median | max |\n| ---: | ---: | ---: |\n"
            md += "| \(fmt(startup.first! / 1000, 2)) ms | \(fmt(startupMedian! / 1000, 2)) ms | \(fmt(startup.last! / 1000, 2)) ms |\n"
        }
        if let i = scrollInstructions {
            md += "\n## 6. Instructions per session.scroll (callgrind, `bench/scroll-instructions`)\n\n"
            md += "The release worker answers one two-child `session.create` and then \(grouped(Double(i.scrolls))) `session.scroll` calls; a run of the create alone is subtracted. CI fails above the ceiling (`bench/scroll-instructions --check`).\n\n"
            md += "| create + scrolls | create alone | per scroll | ceiling |\n| ---: | ---: | ---: | ---: |\n"
            md += "| \(grouped(Double(i.instructions))) | \(grouped(Double(i.createAlone))) | \(fmt(i.perScroll, 1)) | \(fmt(i.ceiling, 1)) |\n"
        }
        if let c = collapsingInstructions {
            md += "\n## 6b. A scroll with a collapsing header and \(c.tracks) tracks (`bench/scroll-instructions --workload collapsing`)\n\n"
            md += "The same \(grouped(Double(c.scrolls))) scrolls in a session whose first child is a pinned collapsing header (200 → 50) above the two scroll children, with \(c.tracks) tracks (every easing, offset and view ranges); issue 16 bounds it to \(fmt(c.limit, 1))× the plain scroll.\n\n"
            md += "| per scroll | plain per scroll | ratio |\n| ---: | ---: | ---: |\n"
            md += "| \(fmt(c.perScroll, 1)) | \(fmt(c.plainPerScroll, 1)) | \(fmt(c.ratio, 2))× |\n"
        }
        if let g = gridInstructions {
            md += "\n## 7. grid.scroll (`bench/grid-instructions`)\n\n"
            md += "Ticks of a steady drag (7.25 pt right, 5.5 pt down per tick) after one `grid.create` (overscan 1, 100 000-pt content); callgrind's instructions minus the create alone, per tick; ticks/s from the wall time of the same file (best of 3). `still-*`: ticks adding no tile in a delta phone grid, near the start and after the travel shown.\n\n"
            md += "| run | ticks | instructions per tick | ticks/s | tiles travelled |\n| --- | ---: | ---: | ---: | ---: |\n"
            for row in GridInstructions.rows {
                let r = g.report[row]
                md += "| \(row) | \(grouped(r?["ticks"]?.doubleValue ?? 0)) | \(fmt(r?["instructionsPerTick"]?.doubleValue ?? 0, 1)) | "
                md += "\(r?["ticksPerSecond"]?.doubleValue.map { grouped($0) } ?? "") | \(r?["tilesTravelled"]?.doubleValue.map { grouped($0) } ?? "") |\n"
            }
        }
        if let f = flingCalls {
            md += "\n## 8. physics.fling at 60 samples a second (`bench/fling-calls`)\n\n"
            md += "The release worker answers `physics.fling` calls cycling through the four presets, each inside bounds 0…4300 with `sampleInterval` 1/60, every sample of the motion in the reply. Calls/s: \(grouped(Double(f.calls))) calls on the wall clock, minus one call's run. Instructions: callgrind on \(grouped(Double(f.callgrindCalls))) calls, minus one call's run.\n\n"
            md += "| calls/s | samples per call | instructions per call | \(grouped(Double(f.callgrindCalls))) calls | one call |\n| ---: | ---: | ---: | ---: | ---: |\n"
            md += "| \(grouped(f.callsPerSecond)) | \(fmt(f.samplesPerCall, 1)) | \(fmt(f.perCall, 1)) | \(grouped(Double(f.instructions))) | \(grouped(Double(f.oneCall))) |\n"
        }
        if let t = tickInstructions {
            md += "\n## 9. session.tick (`bench/tick-instructions`)\n\n"
            md += "One two-child `session.create` with `options.physics` ios, then cycles of `beginDragging`, `drag`, `endDragging` with a velocity and 30 ticks at 1/60 s. Instructions: callgrind on the file minus the same file without its ticks, per tick (issue 14: at most 1.3 times a plain `session.scroll`). Ticks/s: the same difference on the wall clock (best of 3).\n\n"
            md += "| ticks | ticks/s | instructions per tick | × plain scroll |\n| ---: | ---: | ---: | ---: |\n"
            let ratio = scrollInstructions.map { fmt(t.perTick / $0.perScroll, 2) } ?? ""
            md += "| \(grouped(Double(t.ticks))) | \(grouped(t.ticksPerSecond)) | \(fmt(t.perTick, 1)) | \(ratio) |\n"
        }
        if let f = feedInstructions {
            md += "\n## 10. A feed's swipes over 100 and 1 000 000 pages (`bench/feed-instructions`)\n\n"
            md += "The release worker creates a feed of N pages from the `feed` template (delta replies, load-more off) and answers swipes (scroll ticks while dragging and decelerating, releases, and the commit of the current child at rest) or paging flicks (four drag frames, a release velocity, ticks at 1/60 s until the commit at idle). Callgrind's instructions minus the create alone, per call; reply bytes per call.\n\n"
            md += "| calls | pages | instructions per call | reply bytes per call |\n| --- | ---: | ---: | ---: |\n"
            for i in 0..<2 {
                md += "| swipes | \(grouped(f.sizes[i])) | \(fmt(f.perCall[i], 1)) | \(fmt(f.replyBytesPerCall[i], 1)) |\n"
            }
            for i in 0..<2 {
                md += "| paging | \(grouped(f.sizes[i])) | \(fmt(f.pagingPerCall[i], 1)) | \(fmt(f.pagingReplyBytesPerCall[i], 1)) |\n"
            }
            md += "\nRatios \(fmt(f.ratio, 3)) (swipes) and \(fmt(f.pagingRatio, 3)) (paging), bound 1.5; the same replies but for the members the page count sets: \(f.sameReplies && f.pagingSameReplies).\n"
        }
        if let p = pagerCalls {
            md += "\n## 11. Tabs: a page switch and a swipe tick (`bench/pager-calls`)\n\n"
            md += "The profile page (header 300, sticky bar 44, a pager of posts 5000 and likes 3000) scrolled to 2300, then one kind of call: `session.scroll` (the plain scroll, offsets as in section 6), `session.selectPage` alternating likes and posts (preserve: the offset moves between 300 and 2300), `session.scrollPager` sweeping across one page, and `release`: cycles of a swipe to 120, `session.endPagerDragging` at 600 pt/s and 30 `session.tick` at 1/60 s (per call of the mix). Full replies. Instructions: callgrind minus the setup alone; calls/s on the wall clock.\n\n"
            md += "| call | instructions per call | calls/s |\n| --- | ---: | ---: |\n"
            for row in PagerCalls.rows {
                let r = p.report[row]
                md += "| `\(row)` | \(fmt(r?["perCall"]?.doubleValue ?? 0, 1)) | \(grouped(r?["callsPerSecond"]?.doubleValue ?? 0)) |\n"
            }
        }
        return md
    }

    func writeMarkdown(to path: String) throws {
        try writeFile(path, Array(markdown().utf8))
    }

    func writeJSON(to path: String) throws {
        var w = JSONWriter()
        w.beginObject()
        w.key("date"); w.string(date)
        w.key("machine"); w.beginObject()
        w.key("cpu"); w.string(Self.cpuModel())
        w.key("cores"); w.number(cores)
        w.key("kernel"); w.string(Self.kernel())
        w.key("toolchain"); w.string(options.swiftVersion)
        w.key("revision"); w.string(options.revision)
        w.endObject()
        w.key("smoke"); w.bool(options.smoke)
        w.key("throughput"); w.beginArray()
        for r in throughput {
            w.beginObject()
            w.key("workload"); w.string(r.workload.name)
            w.key("messages"); w.number(r.worker.messages)
            for (name, run) in [("worker", r.worker), ("echo", r.echo), ("cat", r.cat)] {
                w.key(name); w.beginObject()
                w.key("seconds"); w.number(run.seconds)
                w.key("messagesPerSecond"); w.number(run.messagesPerSecond.rounded())
                w.key("inputMBPerSecond"); w.number((run.inputMBPerSecond * 10).rounded() / 10)
                w.key("outputMBPerSecond"); w.number((run.outputMBPerSecond * 10).rounded() / 10)
                w.key("outputBytes"); w.number(run.outputBytes)
                w.endObject()
            }
            w.key("workerToEchoRatio"); w.number((r.echoRatio * 100).rounded() / 100)
            w.endObject()
        }
        w.endArray()
        w.key("latency"); w.beginArray()
        for pair in latency {
            w.beginObject()
            w.key("placement"); w.string(pair.placement.rawValue)
            for (name, f) in [("worker", pair.worker), ("echo", pair.echo)] {
                w.key(name); w.beginObject()
                w.key("samples"); w.number(f.samples)
                w.key("p50us"); w.number(f.p50); w.key("p99us"); w.number(f.p99)
                w.key("p999us"); w.number(f.p999); w.key("maxus"); w.number(f.max)
                w.endObject()
            }
            w.endObject()
        }
        w.endArray()
        w.key("scaling"); w.beginArray()
        for p in scaling {
            w.beginObject()
            w.key("children"); w.number(p.children)
            w.key("updates"); w.number(p.updates)
            w.key("nsPerUpdate"); w.number((p.nanosecondsPerUpdate * 10).rounded() / 10)
            w.endObject()
        }
        w.endArray()
        if let m = memory {
            w.key("memory"); w.beginObject()
            w.key("idlePeakBytes"); w.number(m.idlePeak)
            w.key("idleRSSBytes"); w.number(m.idleCurrent)
            w.key("sessions"); w.number(m.sessions)
            w.key("childrenPerSession"); w.number(m.childrenPerSession)
            w.key("sessionsPeakBytes"); w.number(m.manySessionsPeak)
            w.key("sessionsRSSBytes"); w.number(m.manySessionsCurrent)
            w.key("hugeChildren"); w.number(m.hugeChildren)
            w.key("hugePeakBytes"); w.number(m.hugePeak)
            w.key("hugeRSSBytes"); w.number(m.hugeCurrent)
            w.key("engineBytesPerChild"); w.number((m.engineBytesPerChild * 10).rounded() / 10)
            w.endObject()
        }
        w.key("startupUs"); w.beginArray()
        for s in startup { w.number(s.rounded()) }
        w.endArray()
        if let i = scrollInstructions {
            w.key("scrollInstructions"); w.beginObject()
            w.key("scrolls"); w.number(i.scrolls)
            w.key("instructions"); w.number(i.instructions)
            w.key("createAlone"); w.number(i.createAlone)
            w.key("perScroll"); w.number(i.perScroll)
            w.key("ceiling"); w.number(i.ceiling)
            w.endObject()
        }
        if let c = collapsingInstructions {
            w.key("collapsingInstructions"); w.beginObject()
            w.key("scrolls"); w.number(c.scrolls)
            w.key("tracks"); w.number(c.tracks)
            w.key("perScroll"); w.number(c.perScroll)
            w.key("plainPerScroll"); w.number(c.plainPerScroll)
            w.key("ratio"); w.number(c.ratio)
            w.key("limit"); w.number(c.limit)
            w.endObject()
        }
        if let g = gridInstructions {
            w.key("gridInstructions"); w.value(.object(g.report))
        }
        if let t = tickInstructions {
            w.key("tickInstructions"); w.beginObject()
            w.key("ticks"); w.number(t.ticks)
            w.key("seconds"); w.number(t.seconds)
            w.key("ticksPerSecond"); w.number(t.ticksPerSecond)
            w.key("instructions"); w.number(t.instructions)
            w.key("withoutTicks"); w.number(t.withoutTicks)
            w.key("perTick"); w.number(t.perTick)
            w.endObject()
        }
        if let p = pagerCalls {
            w.key("pagerCalls"); w.value(.object(p.report))
        }
        if let f = flingCalls {
            w.key("flingCalls"); w.beginObject()
            w.key("calls"); w.number(f.calls)
            w.key("seconds"); w.number(f.seconds)
            w.key("callsPerSecond"); w.number(f.callsPerSecond)
            w.key("callgrindCalls"); w.number(f.callgrindCalls)
            w.key("instructions"); w.number(f.instructions)
            w.key("oneCall"); w.number(f.oneCall)
            w.key("perCall"); w.number(f.perCall)
            w.key("samplesPerCall"); w.number(f.samplesPerCall)
            w.endObject()
        }
        if let f = feedInstructions {
            w.key("feedInstructions"); w.value(.object(f.report))
        }
        w.key("targets"); w.beginArray()
        for t in targets {
            w.beginObject()
            w.key("target"); w.string(t.target)
            w.key("figure"); w.string(t.figure)
            w.key("floor"); w.string(t.floor)
            w.key("met"); if let met = t.met { w.bool(met) } else { w.null() }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.appendFraming("\n")
        try writeFile(path, w.bytes)
    }
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    guard let f = fopen(path, "wb") else { throw BenchFailure("cannot write \(path)") }
    defer { fclose(f) }
    guard bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, f) }) == bytes.count else {
        throw BenchFailure("short write to \(path)")
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" }.reversed())
    }
}
