// libFuzzer entry point for OmniScroll: the JSON parser/writer and the whole
// dispatch of a message into a live set of sessions. Built by fuzz/run (see
// fuzz/README.md); not part of the Swift package.
//
// Each input goes through three checks:
// 1. parser: JSONParser.parse; a parsed value written back by JSONWriter must
//    parse again to an equal value (when every number is finite);
// 2. live worker: a line-framed Connection kept across inputs (sessions,
//    revisions and lifecycle accumulate; low Limits keep memory bounded)
//    consumes the input; every reply line must be a JSON object or array, and
//    the worker checks the contract's promises after every call (as under
//    `--check-invariants`, docs/protocol.md "Checking the promises"): a reply
//    naming a broken one (-32603, data.invariant) is a crash naming it;
// 3. framing: a fresh Connection consumes the input whole and in chunks of
//    1...64 bytes (size from the first byte), like Server.run feeds it; the two
//    outputs must be byte-identical (same bytes in → same bytes out).
import OmniScrollJSON
import OmniScrollProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let fuzzLimits: Limits = {
    var l = Limits()
    l.maxMessageBytes = 2048
    l.maxDepth = 32
    l.maxBatch = 16
    l.maxSessions = 8
    l.maxChildren = 32
    l.maxTotalChildren = 128
    // The checker reads every tile of a reply several times (its schema,
    // session.get's, the delta view), so the worst input is a grid of
    // 1-point tiles then as many grid.scroll calls as -max_len 8192 holds
    // (95). Measured on the shared 2-core machine (load ~4.5): 4 096 tiles a
    // reply 1.3 s, 16 384 2.4-3.2 s, 32 761 4.5 s, the contract's 100 000
    // (99 856) 19 s, past libFuzzer's -timeout=10. 16 384 keeps 3x margin
    // and holds a 4K viewport of 32-point tiles (8 928).
    l.maxTiles = 16_384
    return l
}()
let fuzzRegistry = MethodRegistry.worker()
let quiet = Logger(level: .error, fd: -1)

func freshConnection(checkingInvariants: Bool = false) -> Connection {
    Connection(dispatcher: Dispatcher(registry: fuzzRegistry, state: WorkerState(limits: fuzzLimits, logger: quiet),
                                      checkingInvariants: checkingInvariants),
               outputCapacity: 1 << 12)
}

/// The live worker, checking the promises after every call.
func freshLiveConnection() -> Connection {
    var c = freshConnection(checkingInvariants: true)
    _ = c.run(Array("{}\n".utf8))
    c.output.reset()
    return c
}

/// The connection that lives across inputs. Forced to line framing.
nonisolated(unsafe) var live = freshLiveConnection()
nonisolated(unsafe) var liveInputs = 0
nonisolated(unsafe) var parser = JSONParser(maxDepth: 64)
nonisolated(unsafe) var checker = JSONParser(maxDepth: 4096)

func fail(_ message: String) -> Never {
    var line = Array("fuzz invariant failed: \(message)\n".utf8)
    _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

/// Feeds `input` to `connection` the way Server.run does, `chunk` bytes per read.
func feed(_ connection: inout Connection, _ input: UnsafeRawBufferPointer, chunk: Int) -> [UInt8] {
    var buffer: [UInt8] = []
    var out: [UInt8] = []
    var offset = 0
    var eof = false
    while true {
        var start = 0
        buffer.withUnsafeBytes { all in
            while connection.exitCode == nil {
                let used = connection.consume(UnsafeRawBufferPointer(rebasing: all[start...]), atEOF: eof, flushThreshold: 1 << 16)
                start += used
                if used == 0 || start == all.count { break }
            }
        }
        out += connection.output.bytes
        connection.output.reset()
        buffer.removeFirst(start)
        if connection.exitCode != nil || eof { return out }
        if offset == input.count {
            eof = true
        } else {
            let n = min(chunk, input.count - offset)
            buffer += UnsafeRawBufferPointer(rebasing: input[offset..<offset + n])
            offset += n
        }
    }
}

func checkReplyLines(_ out: [UInt8], _ what: String) {
    guard !out.isEmpty else { return }
    if out.last != 0x0A { fail("\(what): output does not end in a newline") }
    var start = 0
    for i in out.indices where out[i] == 0x0A {
        let line = Array(out[start..<i])
        start = i + 1
        do {
            let doc = try checker.parse(line)
            switch doc.value {
            case .object: checkPromises(doc.value)
            case .array(let replies): replies.forEach(checkPromises)
            default: fail("\(what): reply is not an object or array: \(String(decoding: line, as: UTF8.self))")
            }
        } catch {
            fail("\(what): reply is not JSON (\(error.reason)): \(String(decoding: line, as: UTF8.self))")
        }
    }
}

/// A reply of the checking live worker that names a broken promise.
func checkPromises(_ reply: JSONValue) {
    guard let invariant = reply["error"]?["data"]?["invariant"]?.stringValue else { return }
    fail("invariant \(invariant): \(reply["error"]?["data"]?["reason"]?.stringValue ?? reply.compactText)")
}

/// Non-finite numbers (`1e400`) parse by design and are written as null.
func allFinite(_ v: JSONValue) -> Bool {
    switch v {
    case .number(let d): return d.isFinite
    case .array(let a): return a.allSatisfy(allFinite)
    case .object(let o): return o.members.allSatisfy { allFinite($0.value) }
    default: return true
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)

    // 1. Parser and writer round trip.
    if let doc = try? parser.parse(input), allFinite(doc.value) {
        var w = JSONWriter()
        w.value(doc.value)
        let written = w.bytes
        do {
            let again = try checker.parse(written)
            if again.value != doc.value {
                fail("round trip changed the value: \(String(decoding: written, as: UTF8.self))")
            }
        } catch {
            fail("writer output does not parse (\(error.reason)): \(String(decoding: written, as: UTF8.self))")
        }
    }

    // 2. The live worker: state accumulates across inputs.
    var start = 0
    while live.exitCode == nil {
        let used = live.consume(UnsafeRawBufferPointer(rebasing: input[start...]), atEOF: true, flushThreshold: 1 << 16)
        start += used
        if used == 0 || start == input.count { break }
    }
    checkReplyLines(live.output.bytes, "live connection")
    live.output.reset()
    liveInputs += 1
    // `shutdown`/`exit` would freeze the live worker; start it over then, and
    // every 100 000 inputs so memory stays bounded by the limits.
    if live.exitCode != nil || live.dispatcher.state.phase != .running || liveInputs >= 100_000 {
        live = freshLiveConnection()
        liveInputs = 0
    }

    // 3. Framing: whole vs chunked, on fresh connections.
    let chunk = max(size > 0 ? Int(data[0] % 64) + 1 : 1, size / 128)
    var a = freshConnection()
    var b = freshConnection()
    let whole = feed(&a, input, chunk: max(size, 1))
    let pieces = feed(&b, input, chunk: chunk)
    if whole != pieces {
        fail("chunked input (\(chunk) bytes per read) gave different output:\n--- whole\n\(String(decoding: whole, as: UTF8.self))\n--- chunked\n\(String(decoding: pieces, as: UTF8.self))")
    }
    if a.framing == .line { checkReplyLines(whole, "fresh connection") }
    return 0
}
