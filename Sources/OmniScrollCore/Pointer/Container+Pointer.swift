/// Pointer input on a container (docs/pointer.md): one finger's samples
/// turned into today's changes; once they apply (atomically, or not at
/// all) the finger's new state is stored (`PointerInput`).
extension Container {
    /// The constants of the container's preset (`ios` without `options.physics`).
    public var pointerConstants: PointerConstants { behaviors.behavior(of: PointerInput.self).constants }

    /// The finger down on the container, `nil` when none.
    public var pointerGesture: PointerGesture? { behaviors.behavior(of: PointerInput.self).gesture }

    /// `,"pointer":{"state":…}` while a finger is down, pre-encoded, `nil`
    /// with none: the last of the members behaviors write at `afterEvents`
    /// (`PointerInput` is the last behavior), which a reply writes after
    /// them without visiting every behavior: through the slot, a move's
    /// reply cost ~200 instructions more than a drag's (issue 29). Asked
    /// for by the `.pointer` reply slot. Mutating though it only reads: the
    /// behavior is read where it is stored, where a getter copied the
    /// registry to read it (~100 instructions a reply).
    public mutating func pointerMember() -> StaticString? { behaviors.behavior(of: PointerInput.self).downMember }

    /// Applies one sample of the finger: `time` in seconds on the client's
    /// clock (the one of `session.tick`), `x`, `y` in viewport points.
    /// Refused (nothing changes) at `phase` for a second finger or a finger
    /// that is not down, at `time` for a time before the finger's newest sample.
    public mutating func pointer(_ phase: PointerPhase, x: Double, y: Double, time: Double) throws(ContainerError) -> ContainerUpdate {
        let sample = PointerSample(x: x, y: y, seconds: time)
        // Read where it is stored, not kept in a local: a move advances the
        // finger in place only while nothing else holds it.
        try PointerGesture.check(phase, sample, lastTime: behaviors.behavior(of: PointerInput.self).lastTime)
        switch phase {
        case .down:
            return try down(at: sample)
        case .move:
            return try move(to: sample)
        case .up, .cancel:
            return try lift(at: sample, flings: phase == .up, time: time)
        }
    }

    /// A `down`: it catches a running motion (the container's, and every
    /// pager's snap, where they are) and the finger is stored once that applied.
    private mutating func down(at sample: PointerSample) throws(ContainerError) -> ContainerUpdate {
        var changes: [ContainerChange] = []
        let snapping = behaviors.behavior(of: PagerTabs.self).snappingPagers
        let caught = motion != nil || !snapping.isEmpty
        if motion != nil { changes.append(.phase(.idle)) }
        let current = layout
        for id in snapping {
            let i = current.childIndex(of: id)!
            let pager = current.pager(i)!
            changes.append(.scrollPager(id, offset: pager.horizontalOffset ?? Double(pager.selected) * viewport.width))
        }
        let pager = PointerHit.pager(x: sample.x, y: sample.y, in: current)
        var update = changes.count == 1 ? try apply(changes[0]) : try apply(changes)
        behaviors.update(PointerInput.Down(sample: sample, caught: caught, pager: pager))
        finish(&update)
        return update
    }

    /// An `up` (`flings`) or `cancel`: the finger is moved out of where it
    /// is stored (`Lift`), its release applied, and its samples' storage
    /// kept for the next `down`; a refused release puts it back. A
    /// gesture held in an optional here cost an up ~400 instructions in
    /// the runtime's generic destroy of it (issue 29).
    private mutating func lift(at sample: PointerSample, flings: Bool, time: Double) throws(ContainerError) -> ContainerUpdate {
        let constants = pointerConstants
        let gesture = behaviors.update(PointerInput.Lift())
        let estimate = gesture.velocity(at: sample.time, constants: constants)
        let step = gesture.lift(at: Point(x: sample.x, y: sample.y), estimate: estimate, constants: constants, flings: flings)
        var update: ContainerUpdate
        var tap: PointerHit?
        do {
            switch step {
            case .release(.vertical, let velocity):
                // One change made in phase `decelerating`, as
                // `session.endDragging` makes it: no list is built (issue 29).
                update = try apply(.release(velocity: -velocity.y, time: time), phase: .decelerating)
            case .release(.horizontal, let velocity):
                // A swipe that caught a vertical motion also lets the container settle.
                update = try apply((gesture.caught ? [.phase(.decelerating), .release(velocity: 0, time: time)] : [])
                    + [.endPagerDragging(gesture.pager!, velocity: -velocity.x, time: time)])
            case .tap(let point):
                tap = PointerHit.find(x: point.x, y: point.y, in: layout)
                update = try apply([])
            default:
                // A finger that caught a motion and never dragged flings
                // nothing, but what it held goes back to rest as a release
                // without velocity would: into the bounds, onto a snap point
                // or a page (UIKit's scroll view caught mid-bounce does the same).
                update = try apply(gesture.caught ? settleChanges(time: time) : [])
            }
        } catch {
            behaviors.update(PointerInput.PutBack(gesture: gesture))
            throw error
        }
        behaviors.update(PointerInput.Released(release: PointerRelease(axis: gesture.axis, velocity: estimate.velocity),
                                               spare: gesture.history))
        // The release is a member the `up` reply shows at `afterEvents`.
        replySlots.formUnion(.afterEvents)
        if let tap {
            var members: [EventMember] = []
            if let page = tap.page { members.append(.string("page", page)) }
            members += [.number("x", tap.x), .number("y", tap.y)]
            update.events.append(ContainerEvent(.tap, child: tap.child, members: members))
        }
        finish(&update)
        return update
    }

    /// Completes what a sample's changes gave once the finger's new state
    /// is stored: the finger is state a snapshot keeps and the replies show,
    /// so a sample that moved nothing still changed the session.
    private mutating func finish(_ update: inout ContainerUpdate) {
        replySlots.formUnion(.pointer)
        guard !update.didChange else { return }
        revision += 1
        update.didChange = true
    }

    /// A `move`: the change its step asks for (a vertical drag's start or
    /// translation, as `session.beginDragging` and `session.drag` make it; a
    /// swipe's pager offset), applied the single-change way as
    /// `session.drag` is, then the finger's progress stored where it is. A
    /// refused change leaves the finger as it was. Inlined into `pointer`:
    /// called, its update was copied once more on the way out (issue 29).
    @inline(__always)
    private mutating func move(to sample: PointerSample) throws(ContainerError) -> ContainerUpdate {
        // Where the dragged content is, should this move lock an axis.
        let origin = behaviors.behavior(of: PointerInput.self).isPending
            ? pagerOrigin(behaviors.behavior(of: PointerInput.self).pager) : Point(x: 0, y: 0)
        var (step, moved) = behaviors.behavior(of: PointerInput.self).advanced(sample) { origin }
        var update: ContainerUpdate
        switch step {
        case .begin(.vertical):
            update = try apply(.phase(.dragging))
        case .follow(let travel) where moved.axis == .vertical:
            if phase == .dragging {
                update = try apply(.drag(translation: travel.y))
            } else {
                // The client ended the drag under the finger (endScrolling):
                // it begins again from here, nothing jumps.
                moved.start = sample
                update = try apply(.phase(.dragging))
            }
        case .follow(let travel) where moved.axis == .horizontal:
            update = try apply(.scrollPager(behaviors.behavior(of: PointerInput.self).pager!, offset: moved.origin.x - travel.x))
        default:
            update = try apply([])
        }
        behaviors.update(PointerInput.Move(progress: moved, sample: sample))
        finish(&update)
        return update
    }

    /// A release without velocity of the container and of every pager left between pages.
    private func settleChanges(time: Double) -> [ContainerChange] {
        let current = layout
        var changes: [ContainerChange] = [.phase(.decelerating), .release(velocity: 0, time: time)]
        for i in 0..<current.childCount {
            guard let pager = current.pager(i), pager.horizontalOffset != nil else { continue }
            changes.append(.endPagerDragging(current.childID(i), velocity: 0, time: time))
        }
        return changes
    }

    /// Where pager `id` is across (its swipe's offset, or its selected page's), in `x`.
    private func pagerOrigin(_ id: String?) -> Point {
        guard let id, let i = childIndex(of: id), let pager = layout.pager(i) else { return Point(x: 0, y: 0) }
        return Point(x: pager.horizontalOffset ?? Double(pager.selected) * viewport.width, y: 0)
    }
}
