import OmniScrollJSON

/// The feed stage: a feed's swipes (scroll ticks, releases, commits at rest)
/// and its paging flicks (drags, a release velocity, ticks until the commit)
/// over 100 pages and over 1 000 000, callgrind's instructions and the reply
/// bytes per call, as `bench/feed-instructions` measures them (the procedure
/// is written there, once). The figures are pairs: 100 pages, then 1 000 000.
struct FeedInstructions {
    let sizes: [Double]
    let perCall: [Double]
    let replyBytesPerCall: [Double]
    let ratio: Double
    let sameReplies: Bool
    let pagingPerCall: [Double]
    let pagingReplyBytesPerCall: [Double]
    let pagingRatio: Double
    let pagingSameReplies: Bool
    /// The script's report as it printed it, for results.json.
    let report: JSONObject

    static func measure(script: String, worker: String) throws -> FeedInstructions {
        let (parsed, text) = try scriptReport(script, worker: worker)
        guard let report = parsed.objectValue,
              let sizes = report["sizes"]?.arrayValue?.compactMap(\.doubleValue), sizes.count == 2,
              let perCall = report["perCall"]?.arrayValue?.compactMap(\.doubleValue), perCall.count == 2,
              let bytes = report["replyBytesPerCall"]?.arrayValue?.compactMap(\.doubleValue), bytes.count == 2,
              let ratio = report["ratio"]?.doubleValue, let same = report["sameReplies"]?.boolValue,
              let pagingPerCall = report["pagingPerCall"]?.arrayValue?.compactMap(\.doubleValue), pagingPerCall.count == 2,
              let pagingBytes = report["pagingReplyBytesPerCall"]?.arrayValue?.compactMap(\.doubleValue), pagingBytes.count == 2,
              let pagingRatio = report["pagingRatio"]?.doubleValue, let pagingSame = report["pagingSameReplies"]?.boolValue
        else { throw BenchFailure("\(script) printed an unexpected report: \(text)") }
        return FeedInstructions(sizes: sizes, perCall: perCall, replyBytesPerCall: bytes, ratio: ratio,
                                sameReplies: same, pagingPerCall: pagingPerCall, pagingReplyBytesPerCall: pagingBytes,
                                pagingRatio: pagingRatio, pagingSameReplies: pagingSame, report: report)
    }
}
