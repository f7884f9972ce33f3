import OmniScrollJSON

/// A transcript as `omniscroll trace` reads it: one message per line, either a
/// bare request (as `protocol/examples/*.jsonl` holds them) or a recorded pair
/// `{"send": request, "expect": reply | null}` (as `protocol/conformance/*.jsonl`
/// holds them, optionally after a first line `{"args": [worker flags]}`).
///
/// Reading never fails: a line that is not JSON stays an entry, marked
/// unreadable, so the trace can draw it at its step.
public struct Transcript: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// 1-based line number in the input.
        public var line: Int
        /// The message sent to the worker, as the transcript spells it.
        public var request: String
        /// The reply a recorded pair expects (nil for a bare request or a notification).
        public var recorded: String?
        /// Why the line is not a message ("not JSON: … at byte N"), if it is not.
        public var unreadable: String?

        public init(line: Int, request: String, recorded: String? = nil, unreadable: String? = nil) {
            self.line = line
            self.request = request
            self.recorded = recorded
            self.unreadable = unreadable
        }
    }

    /// The worker flags of a leading `{"args": […]}` line.
    public var workerArguments: [String]
    public var entries: [Entry]

    public init(workerArguments: [String] = [], entries: [Entry]) {
        self.workerArguments = workerArguments
        self.entries = entries
    }

    /// Reads `text`; blank lines are skipped, a trailing `\r` is dropped.
    public init(reading text: String) {
        workerArguments = []
        entries = []
        // Split on the byte: in Swift "\r\n" is one Character, which a split on "\n" would not see.
        for (index, rawLine) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine)!
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let number = index + 1
            let value: JSONValue
            do {
                value = try JSONParser.parse(line)
            } catch {
                entries.append(Entry(line: number, request: line, unreadable: "not JSON: \(error)"))
                continue
            }
            if let send = value["send"]?.stringValue {
                entries.append(Entry(line: number, request: send, recorded: value["expect"]?.stringValue))
            } else if entries.isEmpty, workerArguments.isEmpty, let args = value["args"]?.arrayValue,
                      args.allSatisfy({ $0.stringValue != nil }) {
                workerArguments = args.map { $0.stringValue! }
            } else {
                entries.append(Entry(line: number, request: line))
            }
        }
    }
}
