/// A list that keeps its first element inline and the rest in an array.
/// The lists a layout builds at every offset (the pinned cover, the
/// collapsing headers' states) hold one element or none almost always:
/// building one then allocates nothing, where an array allocates on every
/// layout.
struct ShortList<Element>: RandomAccessCollection, MutableCollection {
    private var head: Element?
    /// The elements after `head`; empty (never allocated) while `head` is the only one.
    private var tail: [Element] = []

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { head == nil ? 0 : 1 + tail.count }
    /// The head alone tells: the collection's `startIndex == endIndex` reads
    /// the tail's count too, and a layout asks `headers.isEmpty` for every
    /// child it places.
    var isEmpty: Bool { head == nil }

    subscript(position: Int) -> Element {
        get { position == 0 ? head! : tail[position - 1] }
        set {
            if position == 0 { head = newValue } else { tail[position - 1] = newValue }
        }
    }

    mutating func append(_ element: Element) {
        if head == nil { head = element } else { tail.append(element) }
    }
}

extension ShortList: Sendable where Element: Sendable {}
