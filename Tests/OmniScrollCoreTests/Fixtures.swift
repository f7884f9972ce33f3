import OmniScrollCore
import OmniScrollTestSupport

/// Seed 000's golden container: V = 800, top C = 2000, bottom C = 3000, inset.bottom = 100.
func seedContainer(options: ContainerOptions = ContainerOptions()) throws -> (Container, ContainerUpdate) {
    try Container.create(
        viewport: Viewport(width: 375, height: 800), insets: Insets(top: 0, bottom: 100),
        children: [.scroll("top", contentHeight: 2000), .scroll("bottom", contentHeight: 3000)],
        options: options)
}

extension Container {
    /// Applies changes that the test knows are valid, then checks what the
    /// engine caches against what it is derived from (`checkInvariants`,
    /// the checker's `engineState`): every property walk of these tests
    /// checks it after every call.
    @discardableResult
    mutating func must(_ changes: ContainerChange...) -> ContainerUpdate {
        let update: ContainerUpdate
        do { update = try apply(changes) } catch { fatalError("unexpected \(error)") }
        if let failure = checkInvariants() { fatalError("engine state after \(changes): \(failure)") }
        return update
    }

    func child(_ id: String) -> ChildLayout {
        let layout = self.layout
        return layout.child(layout.childIndex(of: id)!)
    }
}

extension ContainerUpdate {
    /// Events as `type(child)` strings, for compact assertions.
    var eventNames: [String] {
        events.map { event in
            var text = event.type.rawValue
            if let child = event.child { text += "(\(child))" }
            for case .string(let value) in event.members.map(\.value) { text += "(\(value))" }
            return text
        }
    }
}

/// A random container for property tests: 1–50 children of every kind,
/// contents shorter and taller than the viewport, insets, sizes on a 1/4
/// grid so sums are exact.
struct RandomContainerSpec {
    var viewport: Viewport
    var insets: Insets
    var children: [ChildSpec]

    init(using rng: inout SeededGenerator, allowSticky: Bool = true) {
        func quarter(_ range: ClosedRange<Double>) -> Double {
            (Double.random(in: range, using: &rng) * 4).rounded() / 4
        }
        viewport = Viewport(width: 375, height: quarter(100...1200))
        insets = Insets(top: Bool.random(using: &rng) ? 0 : quarter(0...150),
                        bottom: Bool.random(using: &rng) ? 0 : quarter(0...150))
        let count = Int.random(in: 1...50, using: &rng)
        children = (0..<count).map { i in
            let tall = Bool.random(using: &rng)
            let size = tall ? quarter(0...5000) : quarter(0...300)
            switch Int.random(in: 0..<(allowSticky ? 5 : 4), using: &rng) {
            case 0, 1: return .scroll("c\(i)", contentHeight: size)
            case 2: return .scroll("c\(i)", contentHeight: size)
            case 3: return .fixed("c\(i)", height: size)
            default: return .sticky("c\(i)", height: quarter(0...80))
            }
        }
    }

    func make(offset: Double? = nil) -> Container {
        do {
            return try Container.create(viewport: viewport, insets: insets, children: children, offset: offset).0
        } catch { fatalError("invalid random spec: \(error)") }
    }
}

extension ContainerOptions {
    /// Options set through each behavior's typed accessor, as a client of the engine sets them.
    init(anchoring: Bool = true, seedEvents: Bool = true, refresh: RefreshOptions? = nil, loadMore: LoadMoreOptions? = nil) {
        self.init(seedEvents: seedEvents)
        self.anchoring = anchoring
        self.refresh = refresh
        self.loadMore = loadMore
    }
}
