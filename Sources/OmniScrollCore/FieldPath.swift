/// Where in a change (or in a container's specification) an invalid value
/// is: member names and array indices, as data. Whoever reports the error
/// renders it in its own terms (the protocol as a JSON path under `params`).
///
/// A literal is a top-level member (`"offset"`) and costs nothing to make
/// (only nesting is boxed), so validation on the hot path passes paths
/// without allocating.
public enum FieldPath: Equatable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A member of the change itself (`offset`, `viewport`, `children`).
    case top(String)
    /// A member of an object at `parent` (`viewport.width`).
    indirect case member(FieldPath, String)
    /// An element of an array at `parent` (`children[2]`).
    indirect case index(FieldPath, Int)

    public init(stringLiteral name: String) {
        self = .top(name)
    }

    public func member(_ name: String) -> FieldPath { .member(self, name) }

    public func index(_ i: Int) -> FieldPath { .index(self, i) }

    /// The path with its top member left out: the same field where the
    /// members of that top object are given on their own (`viewport.width`
    /// → `width`); `nil` when no such path exists (the top member itself,
    /// or an element of a top-level array).
    public var belowTop: FieldPath? {
        switch self {
        case .top:
            return nil
        case .member(.top, let name):
            return .top(name)
        case .member(let parent, let name):
            return parent.belowTop.map { .member($0, name) }
        case .index(let parent, let i):
            return parent.belowTop.map { .index($0, i) }
        }
    }

    /// The path with its beginning `prefix` replaced by `replacement` (a field
    /// that moved: `state.loadMore.loading` → `state.loadingMore`), `nil` when
    /// the path does not begin with `prefix`.
    public func replacingPrefix(_ prefix: FieldPath, with replacement: FieldPath) -> FieldPath? {
        if self == prefix { return replacement }
        switch self {
        case .top: return nil
        case .member(let parent, let name): return parent.replacingPrefix(prefix, with: replacement).map { .member($0, name) }
        case .index(let parent, let i): return parent.replacingPrefix(prefix, with: replacement).map { .index($0, i) }
        }
    }

    /// `viewport.width`, `children[2].id`.
    public var description: String {
        switch self {
        case .top(let name): return name
        case .member(let parent, let name): return "\(parent).\(name)"
        case .index(let parent, let i): return "\(parent)[\(i)]"
        }
    }
}
