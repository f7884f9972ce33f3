#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OmniScrollCore

/// Resident memory of the worker, in bytes.
struct MemoryFigures {
    var idlePeak = 0
    var idleCurrent = 0
    var sessions = 0
    var childrenPerSession = 0
    var manySessionsPeak = 0
    var manySessionsCurrent = 0
    var hugeChildren = 0
    var hugePeak = 0
    var hugeCurrent = 0
    /// The engine's heap per child (malloc statistics around `Container.create`).
    var engineBytesPerChild = 0.0
}

/// Idle RSS after `initialize`; RSS with `sessions` sessions of `children` children (created one
/// round trip at a time); RSS with one `hugeChildren`-child session in a fresh worker.
func measureMemory(worker: String, sessions: Int, children: Int, hugeChildren: Int) throws -> MemoryFigures {
    var figures = MemoryFigures(sessions: sessions, childrenPerSession: children, hugeChildren: hugeChildren)
    var conversation = try LineConversation(worker, [])
    try writeAll(conversation.toChild, Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8) + [0x0A])
    _ = try conversation.readLine()
    (figures.idlePeak, figures.idleCurrent) = conversation.process.memory()
    let (childJSON, _) = SyntheticChildren.json(count: children)
    for k in 0..<sessions {
        let request = #"{"jsonrpc":"2.0","id":\#(k + 1),"method":"session.create","params":{"viewport":{"width":375,"height":800},"children":\#(childJSON)}}"# + "\n"
        try writeAll(conversation.toChild, Array(request.utf8))
        let reply = try conversation.readLine()
        guard reply.starts(with: Array(#"{"jsonrpc":"2.0","id":\#(k + 1),"result":"#.utf8)) else {
            throw BenchFailure("session.create failed: \(String(decoding: reply.prefix(300), as: UTF8.self))")
        }
    }
    (figures.manySessionsPeak, figures.manySessionsCurrent) = conversation.process.memory()
    guard conversation.finish() == 0 else { throw BenchFailure("worker failed after the memory run") }

    let (hugeJSON, _) = SyntheticChildren.json(count: hugeChildren)
    let request = Array((#"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"viewport":{"width":375,"height":800},"children":\#(hugeJSON)}}"# + "\n").utf8)
    var huge = try LineConversation(worker, ["--max-message-bytes", String(request.count + 1024)])
    try writeAll(huge.toChild, request)
    let reply = try huge.readLine()
    guard reply.starts(with: Array(#"{"jsonrpc":"2.0","id":1,"result":"#.utf8)) else {
        throw BenchFailure("huge session.create failed: \(String(decoding: reply.prefix(300), as: UTF8.self))")
    }
    // One more round trip: the worker gives the message's memory back after
    // writing the reply, so reading RSS right at its last byte would race that.
    try writeAll(huge.toChild, Array(#"{"jsonrpc":"2.0","id":2,"method":"session.list"}"#.utf8) + [0x0A])
    _ = try huge.readLine()
    (figures.hugePeak, figures.hugeCurrent) = huge.process.memory()
    guard huge.finish() == 0 else { throw BenchFailure("worker failed after the huge session") }

    figures.engineBytesPerChild = engineBytesPerChild(hugeChildren)
    return figures
}

/// Resident bytes the engine holds per child (RSS of this process around `Container.create`).
func engineBytesPerChild(_ n: Int) -> Double {
    let specs = syntheticSpecs(n)
    let before = heapInUse()
    let created = try! Container.create(viewport: Viewport(width: 375, height: 800), children: specs)
    var container = created.0
    _ = created.1
    let after = heapInUse()
    _ = try! container.apply([.offset(100)])
    return Double(after - before) / Double(n)
}

/// This process's resident memory (the engine's pages are touched as it builds).
func heapInUse() -> Int {
    ChildProcess(pid: getpid()).memory().current
}

/// Spawn to the first reply (`initialize`), in microseconds, `runs` times.
func measureStartup(worker: String, runs: Int) throws -> [Double] {
    var times: [Double] = []
    let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8) + [0x0A]
    for _ in 0..<runs {
        let t0 = nowNanoseconds()
        var conversation = try LineConversation(worker, [])
        try writeAll(conversation.toChild, request)
        _ = try conversation.readLine()
        let t1 = nowNanoseconds()
        guard conversation.finish() == 0 else { throw BenchFailure("worker failed at startup") }
        times.append(Double(t1 - t0) / 1000)
    }
    return times.sorted()
}
