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
        let container = session.container
        w.beginObject()
        w.key("session"); w.string(session.id)
        w.key("revision"); w.number(container.revision)
        w.key("offset"); w.number(layout.offset)
        w.key("contentHeight"); w.number(layout.contentHeight)
        w.key("minOffset"); w.number(layout.minOffset)
        w.key("maxOffset"); w.number(layout.maxOffset)
        w.key("direction"); w.string(container.direction.rawValue)
        w.key("phase"); w.string(container.phase.rawValue)
        w.key("activeChild")
        if let active = layout.activeIndex { w.string(layout.childID(active)) } else { w.null() }
        let contentView = layout.contentView
        w.key("contentView")
        w.beginObject()
        w.key("top"); w.number(contentView.top)
        w.key("height"); w.number(contentView.height)
        w.endObject()
        w.key("children")
        w.beginArray()
        switch children {
        case .all:
            for i in 0..<layout.childCount { writeChild(i, of: layout, into: &w) }
        case .some(let indices):
            for i in indices { writeChild(i, of: layout, into: &w) }
        }
        w.endArray()
        w.key("events")
        w.beginArray()
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
        w.key("id"); w.string(layout.childID(i))
        w.key("frame")
        w.beginObject()
        w.key("x"); w.number(child.frame.x)
        w.key("y"); w.number(child.frame.y)
        w.key("width"); w.number(child.frame.width)
        w.key("height"); w.number(child.frame.height)
        w.endObject()
        w.key("contentOffset")
        w.beginObject()
        w.key("x"); w.number(0)
        w.key("y"); w.number(child.contentOffset)
        w.endObject()
        w.key("visibleHeight"); w.number(child.visibleHeight)
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
