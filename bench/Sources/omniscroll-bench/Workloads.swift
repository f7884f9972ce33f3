#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds request streams: a setup prefix (initialize, session.create, sizes)
/// followed by the measured messages. Every message is a request with a
/// sequential id 1…n, so replies can be counted and matched by id.
struct RequestStream {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    init() { bytes.reserveCapacity(1 << 20) }

    /// Appends `{"jsonrpc":"2.0","id":<next>,"method":"<method>","params":<params>}\n`.
    mutating func request(_ method: String, _ params: String) {
        count += 1
        bytes.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
        bytes.append(contentsOf: String(count).utf8)
        bytes.append(contentsOf: #","method":""#.utf8)
        bytes.append(contentsOf: method.utf8)
        bytes.append(contentsOf: #"","params":"#.utf8)
        bytes.append(contentsOf: params.utf8)
        bytes.append(contentsOf: "}\n".utf8)
    }

    func write(to path: String) throws {
        guard let f = fopen(path, "wb") else { throw BenchFailure("cannot write \(path)") }
        defer { fclose(f) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        guard written == bytes.count else { throw BenchFailure("short write to \(path)") }
    }
}

/// Offsets a finger produces: small steps down through the content and back up.
struct ScrollPath {
    var offset: Double
    let low: Double
    let high: Double
    let step: Double
    private var direction = 1.0

    init(low: Double, high: Double, step: Double) {
        self.offset = low
        self.low = low
        self.high = high
        self.step = step
    }

    mutating func next() -> Double {
        offset += step * direction
        if offset >= high { offset = high; direction = -1 }
        if offset <= low { offset = low; direction = 1 }
        return offset
    }
}

/// The children of a synthetic container: mostly scroll children (lists,
/// web views) of assorted heights with a fixed view every seventh child.
enum SyntheticChildren {
    static func height(_ i: Int) -> Int { 300 + (i &* 7919) % 1200 }
    static func isFixed(_ i: Int) -> Bool { i % 7 == 3 }

    /// The children array as JSON, and the total content height.
    static func json(count: Int) -> (json: String, contentHeight: Double) {
        var text = "["
        text.reserveCapacity(count * 48)
        var total = 0
        for i in 0..<count {
            if i > 0 { text += "," }
            let h = height(i)
            total += h
            if isFixed(i) {
                text += #"{"id":"c\#(i)","kind":"fixed","height":\#(h)}"#
            } else {
                text += #"{"id":"c\#(i)","kind":"scroll","contentHeight":\#(h)}"#
            }
        }
        return (text + "]", Double(total))
    }
}

/// One throughput workload: a request stream and what it exercises.
struct Workload {
    let name: String
    let title: String
    let stream: RequestStream
    /// Messages before the measured ones (initialize, create, sizes).
    let setupMessages: Int
    /// Extra worker flags (a larger --max-message-bytes for big creates).
    var workerArgs: [String] = []

    var measuredMessages: Int { stream.count - setupMessages }

    static func make(sizes: BenchSizes) -> [Workload] {
        [
            twoChildScroll(delta: false, messages: sizes.scrollMessages),
            twoChildScroll(delta: true, messages: sizes.scrollMessages),
            contentSizeStorm(messages: sizes.stormMessages),
            manyChildScroll(children: 50, delta: false, messages: sizes.fiftyChildMessages),
            manyChildScroll(children: 50, delta: true, messages: sizes.fiftyChildMessages),
            manyChildScroll(children: sizes.hugeChildren, delta: true, messages: sizes.hugeMessages),
        ]
    }

    /// The seed's short container (web view answer + card list) scrolled through its zones.
    static func twoChildScroll(delta: Bool, messages: Int) -> Workload {
        var s = RequestStream()
        s.request("initialize", #"{"clientInfo":{"name":"omniscroll-bench"}}"#)
        s.request("session.create", #"{"template":"shortContainer","id":"s","viewport":{"width":375,"height":800},"insets":{"bottom":100}\#(delta ? #","options":{"delta":true}"# : "")}"#)
        s.request("session.setContentHeight", #"{"session":"s","child":"web","contentHeight":2000}"#)
        s.request("session.setContentHeight", #"{"session":"s","child":"list","contentHeight":3000}"#)
        let setup = s.count
        var path = ScrollPath(low: 0, high: 4300, step: 7)
        for _ in 0..<messages {
            s.request("session.scroll", #"{"session":"s","offset":\#(Int(path.next()))}"#)
        }
        return Workload(name: delta ? "scroll-2-delta" : "scroll-2-full",
                        title: "session.scroll, 2 children, \(delta ? "delta" : "full") replies",
                        stream: s, setupMessages: setup)
    }

    /// A web view whose height keeps arriving: setContentHeight alternating.
    static func contentSizeStorm(messages: Int) -> Workload {
        var s = RequestStream()
        s.request("initialize", "{}")
        s.request("session.create", #"{"template":"shortContainer","id":"s","viewport":{"width":375,"height":800}}"#)
        s.request("session.setContentHeight", #"{"session":"s","child":"list","contentHeight":3000}"#)
        s.request("session.scroll", #"{"session":"s","offset":1200}"#)
        let setup = s.count
        for k in 0..<messages {
            s.request("session.setContentHeight", #"{"session":"s","child":"web","contentHeight":\#(k % 2 == 0 ? 1600 : 1700)}"#)
        }
        return Workload(name: "storm-2-full", title: "session.setContentHeight storm, 2 children, full replies",
                        stream: s, setupMessages: setup)
    }

    /// A long container scrolled in small steps.
    static func manyChildScroll(children: Int, delta: Bool, messages: Int) -> Workload {
        var s = RequestStream()
        s.request("initialize", "{}")
        let (json, contentHeight) = SyntheticChildren.json(count: children)
        s.request("session.create", #"{"id":"s","viewport":{"width":375,"height":800},"children":\#(json)\#(delta ? #","options":{"delta":true}"# : "")}"#)
        let setup = s.count
        var path = ScrollPath(low: 0, high: contentHeight - 800, step: 13)
        for _ in 0..<messages {
            s.request("session.scroll", #"{"session":"s","offset":\#(Int(path.next()))}"#)
        }
        return Workload(name: "scroll-\(children)-\(delta ? "delta" : "full")",
                        title: "session.scroll, \(children) children, \(delta ? "delta" : "full") replies",
                        stream: s, setupMessages: setup,
                        workerArgs: ["--max-message-bytes", String(max(16 << 20, children * 64))])
    }
}
