import OmniScrollJSON

/// The interactive trace: one self-contained HTML file (inline style, script
/// and data; no network). The page draws each step from the data in
/// `<script id="trace-data">`: the requests and replies as the worker wrote
/// them, and each step's full session state.
public enum TracePage {
    /// The page for `trace`; `title` names the transcript. Same trace, same bytes.
    public static func html(_ trace: Trace, title: String) -> String {
        let name = escapeHTML(title)
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(name) · omniscroll trace</title>
        <style>
        \(TraceResources.css)</style>
        <script>
        \(TraceResources.errorHook)</script>
        </head>
        <body>
        <header><h1>\(name)</h1><span class="muted">omniscroll trace</span><span class="muted" id="summary"></span></header>
        <div class="controls">
        <button type="button" id="prev" aria-label="previous step">◀</button>
        <input type="range" id="slider" min="0" max="0" value="0" aria-label="step">
        <button type="button" id="next" aria-label="next step">▶</button>
        <span class="keys">← → to step · Home / End</span>
        </div>
        <div class="card timeline"><h2>Offset and events per step<span class="axis">(offset grows downwards; one dot per event)</span></h2><div id="timeline"></div></div>
        <main>
        <section class="card"><h2>Screen</h2><div class="panel" id="viewport-panel"></div></section>
        <section class="card"><h2>Content</h2><div class="panel" id="content-panel"></div></section>
        <section class="details">
        <ul id="notes" hidden></ul>
        <div class="card step-head"><span id="step-where" class="muted"></span><span id="step-title"></span><span id="step-params"></span></div>
        <ul id="problems" hidden></ul>
        <div class="card"><h2>Events</h2><div id="events"></div></div>
        <div class="card" id="state-box"><h2>Layout</h2><table id="state"></table></div>
        <div class="card" id="children-box"><h2>Children</h2><table id="children"></table></div>
        <div class="card" id="tracks-box" hidden><h2>Tracks</h2><table id="tracks"></table></div>
        <div class="card"><h2>Reply</h2><pre id="reply"></pre>
        <details><summary>request</summary><pre id="request"></pre></details></div>
        </section>
        </main>
        <script id="trace-data" type="application/json">\(data(trace))</script>
        <script>
        \(TraceResources.drawScript)
        \(TraceResources.pageScript)
        </script>
        </body>
        </html>

        """
    }

    /// The trace as JSON, safe inside a `<script>` element: every `<` is
    /// written `\u003c` (it can only occur inside strings), so no `</script>`
    /// in a transcript can end the element.
    static func data(_ trace: Trace) -> String {
        var out = JSONWriter()
        out.beginObject()
        out.key("notes")
        out.beginArray()
        for note in trace.notes { out.string(note) }
        out.endArray()
        out.key("steps")
        out.beginArray()
        for step in trace.steps {
            out.beginObject()
            out.key("line"); out.number(step.line)
            out.key("request"); out.string(step.request)
            out.key("reply")
            if let reply = step.reply { out.string(reply) } else { out.null() }
            if let recorded = step.recorded { out.key("recorded"); out.string(recorded) }
            // Only a cut step carries these (docs/trace.md, "Bounds"): a small trace's page stays as it was.
            for (key, more) in [("requestMore", step.cut.request), ("replyMore", step.cut.reply), ("recordedMore", step.cut.recorded)]
            where more > 0 {
                out.key(key); out.number(more)
            }
            if let method = step.method { out.key("method"); out.string(method) }
            if let events = step.events { out.key("replyEvents"); out.value(.array(events)) }
            out.key("problems")
            out.beginArray()
            for problem in step.problems { out.string(problem) }
            out.endArray()
            out.key("view")
            if let view = step.view {
                out.beginObject()
                out.key("session"); out.string(view.session)
                out.key("layout"); out.value(view.layout ?? .null)
                out.key("snapshot"); out.value(view.snapshot ?? .null)
                if let unavailable = view.unavailable { out.key("unavailable"); out.string(unavailable) }
                if view.omittedChildren > 0 { out.key("omittedChildren"); out.number(view.omittedChildren) }
                out.endObject()
            } else {
                out.null()
            }
            out.endObject()
        }
        out.endArray()
        out.endObject()
        return String(decoding: out.bytes, as: UTF8.self).replacing("<", with: "\\u003c")
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;")
    }
}
