/// What a `ChildStack` caches beside its children, checked against the
/// children themselves: swift-collections' `_checkInvariants`, reporting the
/// first disagreement instead of trapping, so a worker run with
/// `--check-invariants` answers -32603 naming it (docs/protocol.md,
/// "Checking the promises") rather than losing every session.
extension ChildStack {
    func checkInvariants() -> String? {
        let n = ids.count
        if payloads.count != n || naturalHeights.count != n || frameHeights.count != n {
            return "\(n) ids, \(payloads.count) payloads, \(naturalHeights.count) natural and \(frameHeights.count) frame heights"
        }
        if let failure = naturalHeights.checkInvariants() { return "natural heights: \(failure)" }
        if let failure = frameHeights.checkInvariants() { return "frame heights: \(failure)" }
        for (i, id) in ids.enumerated() where index(of: id) != i {
            return "child \(id) at \(i) is indexed at \(String(describing: index(of: id)))"
        }
        if pins != StickyPins(payloads: payloads, sizes: naturalHeights.values) { return "sticky pins differ from the bars' heights" }
        for i in 0..<n where frameHeight(i).bitPattern != frameHeight(i, natural: naturalHeight(i)).bitPattern {
            return "child \(ids[i])'s frame height \(frameHeight(i)) is not \(frameHeight(i, natural: naturalHeight(i)))"
        }
        let headers = payloads.indices.filter { payloads[$0].kind == .collapsing }
        if headers != headerIndices { return "header indices \(headerIndices), the children's are \(headers)" }
        let floating = payloads.contains { if case .collapsing(let header) = $0 { header.mode == .floating } else { false } }
        if floating != hasFloatingHeader { return "hasFloatingHeader is \(hasFloatingHeader), the headers say \(floating)" }
        if let failure = pagerTable.checkInvariants(ids: ids) { return "pagers: \(failure)" }
        var pagerHeights: [Int: Double] = [:]
        pagerTable.forEachNaturalHeight(pins: pins, viewportHeight: viewportHeight) { i, natural in pagerHeights[i] = natural }
        for (i, natural) in pagerHeights where natural.bitPattern != naturalHeight(i).bitPattern {
            return "pager \(ids[i])'s natural height \(naturalHeight(i)) is not its page's \(natural)"
        }
        return nil
    }
}
