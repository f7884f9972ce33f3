import OmniScrollJSON

/// A measurement script's report: runs `script --worker worker arguments…` and reads the
/// one JSON line it prints, with the line's text for error messages. The
/// scripts (`bench/scroll-instructions`, `bench/fling-calls`,
/// `bench/grid-instructions`) write their procedure down once; the stages only
/// read what they print.
func scriptReport(_ script: String, worker: String, arguments: [String] = []) throws -> (report: JSONValue, text: String) {
    var conversation = try LineConversation(script, ["--worker", worker] + arguments)
    let line = try conversation.readLine()
    guard conversation.finish() == 0 else { throw BenchFailure("\(script) failed") }
    let text = String(decoding: line, as: UTF8.self)
    return (try JSONParser.parse(text), text)
}
