/// CSS scroll anchoring: keep what the user reads still when content above it
/// changes size. A child wholly above the viewport's top edge
/// (`T_i + C_i ≤ y`, before the change) that changes by Δ shifts the offset
/// by Δ; the active child keeps its inner offset because `y − T_a` is kept.
/// At or above the top of the range (`y ≤ minOffset`) nothing is anchored, as
/// browsers do at the scroll origin: a web view whose height arrives late
/// while the user is at the top shows from its top.
/// Off (`options.anchoring == false`) is the seed's behaviour.
struct ScrollAnchoring: ContainerBehavior {
    func anchor(_ resize: inout Resize) {
        guard resize.options.anchoring, resize.offset > resize.minOffset else { return }
        if resize.stack.naturalTop(resize.child) + resize.oldSize <= resize.offset {
            resize.offset += resize.newSize - resize.oldSize
        }
    }
}
