/// One change to a container. `Container.apply` takes a list and applies it
/// atomically: every change is validated before any takes effect, and the
/// list is judged against the state before it (its sizes anchor against that
/// layout), so the order of its size changes does not matter.
public enum ContainerChange: Equatable, Sendable {
    /// Move the container to an offset (any value within ±`Validation.maxOffset`;
    /// children clamp). The client's own offset: taken as given, never
    /// anchored or clamped, whatever else the list changes.
    case offset(Double)
    /// The client's clock reached `time` (seconds): the running motion moves
    /// the offset to its position then (`session.tick`). A case of its own,
    /// not a command: ticks are as hot as scrolls.
    case tick(Double)
    /// Set the scroll phase. `dragging` also cancels a pending scroll target.
    case phase(ScrollPhase)
    /// Set a child's content height (scroll) or height (fixed, sticky).
    case size(child: String, Double)
    case viewport(Viewport)
    case insets(Insets)
    /// Insert children before index `at` (0…count). Must be the only change in its list.
    case insert([ChildSpec], at: Int)
    /// Remove children by id. Must be the only change in its list.
    case remove([String])
    /// A command a behavior declares (`scrollToChild`, `endRefreshing`,
    /// `endLoadingMore`…), handed to the behaviors in list order. Indirect,
    /// so the payload is boxed and a change stays as small as before.
    indirect case command(any BehaviorCommand)

    public static func == (a: ContainerChange, b: ContainerChange) -> Bool {
        switch (a, b) {
        case (.offset(let x), .offset(let y)): x == y
        case (.tick(let x), .tick(let y)): x == y
        case (.phase(let x), .phase(let y)): x == y
        case (.size(let i, let x), .size(let j, let y)): i == j && x == y
        case (.viewport(let x), .viewport(let y)): x == y
        case (.insets(let x), .insets(let y)): x == y
        case (.insert(let x, let i), .insert(let y, let j)): x == y && i == j
        case (.remove(let x), .remove(let y)): x == y
        case (.command(let x), .command(let y)): x.isEqual(to: y)
        default: false
        }
    }
}

/// Where `ScrollToChild` puts the child in the viewport.
public enum ScrollPosition: String, CaseIterable, Sendable {
    /// The child's top just below the bars pinned above it.
    case top
    /// The child's frame centred in the area below those bars.
    case center
    /// The child's bottom at the viewport's bottom edge.
    case bottom
}

/// Why a change was refused. Nothing was applied.
public struct ContainerError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A value out of range (negative, non-finite, zero viewport…).
        case invalidValue
        /// No child with that id.
        case unknownChild
        /// A child id used twice.
        case duplicateID
    }

    public var kind: Kind
    /// The index of the offending change in the list given to `apply` (0 for `init`).
    public var change: Int
    /// The offending field relative to the change, e.g. `children[2].contentHeight`, `child`.
    public var field: FieldPath
    public var reason: String
    /// The child id the error is about, for `unknownChild` and `duplicateID`.
    public var child: String?

    public init(_ kind: Kind, change: Int = 0, field: FieldPath, reason: String, child: String? = nil) {
        self.kind = kind
        self.change = change
        self.field = field
        self.reason = reason
        self.child = child
    }
}
