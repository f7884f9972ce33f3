/// The sticky bars' part of a `Layout` (`StickyChild`, `StickyPins`,
/// docs/design.md#stack-container): the frames the pinned bars cover at the
/// layout's offset, which hide what scrolls under them.
extension Layout {
    /// The pinned bars' frames at `offset`, merged and ascending, and the
    /// height of the pinned stack they form below the viewport's top edge.
    /// A collapsing header covers its paint extent below its pin line once scrolled past it.
    static func pinnedCover(of stack: ChildStack, at offset: Double, headers: ShortList<HeaderState>)
        -> (cover: ShortList<(top: Double, bottom: Double)>, stackHeight: Double)
    {
        var cover = ShortList<(top: Double, bottom: Double)>()
        var stackHeight = 0.0
        var header = 0
        // What the headers above add to a sticky bar's pin line beyond
        // their `pinnedHeight` (`headerSlack`): a bar pins below their paint.
        var slack = 0.0
        // `stack.pins` read in place each time: a local copy retains its three arrays.
        for k in 0..<stack.pins.count {
            let i = stack.pins.childIndices[k]
            let pinTop = stack.pins.pinTops[k] + slack
            if header < headers.count, stack.headerIndices[header] == i {
                let state = headers[header]
                header += 1
                if state.isPinned {
                    let top = offset + pinTop
                    stackHeight = max(stackHeight, pinTop + state.paint)
                    Self.add(top, top + state.paint, to: &cover)
                }
                slack += state.slack
            } else if offset + pinTop >= stack.naturalTop(i) {
                let top = offset + pinTop
                stackHeight = max(stackHeight, pinTop + stack.naturalHeight(i))
                Self.add(top, top + stack.naturalHeight(i), to: &cover)
            }
        }
        return (cover, stackHeight)
    }

    /// Adds the frame `[top, bottom)` to `cover`. Pin lines only grow down
    /// the stack (pin offsets and the slack are never negative), so the
    /// frames come ascending by top and merge as they come. Inline, and no
    /// closure: a nested function capturing `cover` was called per bar (~20
    /// instructions a header's scroll), and inlined it checked its access
    /// to `cover` dynamically (issue 28).
    @inline(__always)
    private static func add(_ top: Double, _ bottom: Double, to cover: inout ShortList<(top: Double, bottom: Double)>) {
        if let last = cover.last, top <= last.bottom {
            cover[cover.count - 1].bottom = max(last.bottom, bottom)
        } else {
            cover.append((top, bottom))
        }
    }
}
