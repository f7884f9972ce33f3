/// What one sample of a finger asks of the engine (docs/pointer.md): the
/// container or grid turns it into today's calls (`beginDragging`, `drag`,
/// `scrollPager`, `endDragging`, `endPagerDragging`, a grid scroll, a tap).
public enum PointerStep: Equatable, Sendable {
    /// Nothing moves: a pending finger within the slop, a caught finger lifting.
    case none
    /// A `down` stopped a running motion where it is.
    case caught
    /// The axis locked at this sample; nothing moves yet (Flutter's `DragStartBehavior.start`).
    case begin(PointerAxis)
    /// The finger's travel since the sample that started the drag, on the locked axis (both for a pan).
    case follow(Point)
    /// The finger lifted (or was cancelled) after a drag; `fling` is the
    /// finger's release velocity on the drag's axis, 0 without a fling.
    case release(PointerAxis, fling: Point)
    /// A touch that never became a drag and caught nothing, at `up`'s position (viewport points).
    case tap(Point)
}
