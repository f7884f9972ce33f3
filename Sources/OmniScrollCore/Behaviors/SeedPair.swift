/// The seed's "top" and "bottom" children, which get the seed's event names
/// (`topVCDidAppear`…): the first two scroll children.
struct SeedPair: Equatable {
    var top: Int?
    var bottom: Int?

    static let none = SeedPair()

    init(top: Int? = nil, bottom: Int? = nil) {
        self.top = top
        self.bottom = bottom
    }

    /// The pair of `stack`: O(index of the second scroll child).
    init(of stack: ChildStack) {
        let payloads = stack.payloads
        top = payloads.firstIndex { $0.kind == .scroll }
        bottom = top.flatMap { first in payloads[(first + 1)...].firstIndex { $0.kind == .scroll } }
    }
}
