import OmniScrollCore
import OmniScrollJSON

/// Writes Layout results straight into the reply buffer, members in the
/// documented order:
///
///     {"session","revision","offset","contentHeight","minOffset","maxOffset",
///      "direction","phase","activeChild","contentView","children","events"}
///
/// then `anchorShift` when anchoring moved the offset and `target` for
/// `session.scrollToChild`.
enum LayoutEncoding {
    /// The reply to a call that applied changes.
    static func write(_ update: ContainerUpdate, of session: Session, into w: inout JSONWriter) {
        write(layout: update.layout, of: session,
              children: session.delta ? update.changedChildren : .all,
              events: update.events, anchorShift: update.anchorShift, target: update.target, into: &w)
    }

    /// The reply to a call that only reads (`session.get`, `session.restore`): every child, no events.
    static func writeCurrent(_ session: Session, into w: inout JSONWriter) {
        write(layout: session.container.layout, of: session, children: .all, events: [],
              anchorShift: 0, target: nil, into: &w)
    }

    private static func write(layout: Layout, of session: Session, children: ChangedChildren,
                              events: [ContainerEvent], anchorShift: Double, target: ScrollTargetResult?,
                              into w: inout JSONWriter) {
        // Constant runs of keys and punctuation are written as one fragment
        // each (the member order never changes), so a reply costs one copy
        // per value rather than one per key.
        let container = session.container
        w.beginObject()
        w.rawFragment(#""session":"#, needsComma: false); w.string(session.id)
        w.rawFragment(#","revision":"#, needsComma: false); w.number(container.revision)
        w.rawFragment(#","offset":"#, needsComma: false); w.number(layout.offset)
        w.rawFragment(#","contentHeight":"#, needsComma: false); w.number(layout.contentHeight)
        w.rawFragment(#","minOffset":"#, needsComma: false); w.number(layout.minOffset)
        w.rawFragment(#","maxOffset":"#, needsComma: false); w.number(layout.maxOffset)
        w.rawFragment(#","direction":"#, needsComma: false); w.string(container.direction.rawValue)
        w.rawFragment(#","phase":"#, needsComma: false); w.string(container.phase.rawValue)
        w.rawFragment(#","activeChild":"#, needsComma: false)
        if let active = layout.activeIndex { w.string(layout.childID(active)) } else { w.null() }
        let contentView = layout.contentView
        w.rawFragment(#","contentView":{"top":"#, needsComma: false); w.number(contentView.top)
        w.rawFragment(#","height":"#, needsComma: false); w.number(contentView.height)
        w.rawFragment(#"},"children":["#, needsComma: false)
        switch children {
        case .all:
            for i in 0..<layout.childCount { writeChild(i, of: layout, into: &w) }
        case .some(let indices):
            for i in indices { writeChild(i, of: layout, into: &w) }
        }
        w.rawFragment(#"],"events":["#, needsComma: false)
        for event in events { writeEvent(event, into: &w) }
        w.endArray()
        if anchorShift != 0 {
            w.key("anchorShift"); w.number(anchorShift)
        }
        if let target {
            w.key("target")
            w.beginObject()
            w.key("offset")
            if let offset = target.offset { w.number(offset) } else { w.null() }
            w.key("pending"); w.bool(target.pending)
            w.endObject()
        }
        w.endObject()
    }

    private static func writeChild(_ i: Int, of layout: Layout, into w: inout JSONWriter) {
        let child = layout.child(i)
        w.beginObject()
        w.rawFragment(#""id":"#, needsComma: false); w.string(layout.childID(i))
        w.rawFragment(#","frame":{"x":"#, needsComma: false); w.number(child.frame.x)
        w.rawFragment(#","y":"#, needsComma: false); w.number(child.frame.y)
        w.rawFragment(#","width":"#, needsComma: false); w.number(child.frame.width)
        w.rawFragment(#","height":"#, needsComma: false); w.number(child.frame.height)
        w.rawFragment(#"},"contentOffset":{"x":0,"y":"#, needsComma: false); w.number(child.contentOffset)
        w.rawFragment(#"},"visibleHeight":"#, needsComma: false); w.number(child.visibleHeight)
        w.endObject()
    }

    static func writeEvent(_ event: ContainerEvent, into w: inout JSONWriter) {
        w.beginObject()
        w.key("type"); w.string(event.type.rawValue)
        if let child = event.child { w.key("child"); w.string(child) }
        if let direction = event.direction { w.key("direction"); w.string(direction.rawValue) }
        if let phase = event.phase { w.key("phase"); w.string(phase.rawValue) }
        if let offset = event.offset { w.key("offset"); w.number(offset) }
        w.endObject()
    }
}
