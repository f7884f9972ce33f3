/// CSS scroll anchoring: keep what the user reads still when content above it
/// changes size. A child wholly above the viewport's top edge
/// (`T_i + C_i ≤ y`, before the change) that changes by Δ shifts the offset
/// by Δ; the active child keeps its inner offset because `y − T_a` is kept.
/// At or above the top of the range (`y ≤ minOffset`) nothing is anchored, as
/// browsers do at the scroll origin: a web view whose height arrives late
/// while the user is at the top shows from its top.
/// Off (`options.anchoring == false`) is the seed's behaviour.
struct ScrollAnchoring: ContainerBehavior {
    func anchor(_ draft: inout Draft, resizing child: Int, from oldSize: Double, to newSize: Double) {
        guard draft.options.anchoring, draft.offset > draft.offsetBounds.lowerBound else { return }
        if draft.stack.naturalTop(child) + oldSize <= draft.offset {
            draft.offset += newSize - oldSize
        }
    }
}
