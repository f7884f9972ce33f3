/// The trace page's scripts, inline so the page needs nothing from the network.
enum TracePageScript {
    /// Runs first, so even a syntax error in the main script is caught: every
    /// error and `console.error` is kept in `window.traceErrors` (the browser
    /// test reads them) and shown in the page.
    static let errorHook = #"""
    window.traceErrors = [];
    window.addEventListener("error", function (e) { window.traceErrors.push(String(e.message)); });
    (function () {
      var original = console.error;
      console.error = function () {
        window.traceErrors.push(Array.prototype.map.call(arguments, String).join(" "));
        original.apply(console, arguments);
      };
    })();
    """#

    /// Draws the step chosen by the slider, the arrow keys or a click on the timeline.
    ///
    /// Every box in a drawing stage (`.stage`) carries `data-box` and is placed
    /// at `(value − stage origin) × stage scale`; the stage's `data-scale`,
    /// `data-origin-x` and `data-origin-y` say which, so a test can check
    /// each box against the reply. `#step=N` opens step N; `#selftest` steps
    /// through every step with the arrow key and writes the measurements into
    /// `<pre id="selftest">`.
    static let main = #"""
    (function () {
    "use strict";
    const data = JSON.parse(document.getElementById("trace-data").textContent);
    const steps = data.steps;
    // Tableau 10, the palette of docs/figures: one colour per child, in order of first appearance.
    const PALETTE = ["#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2", "#9d755d", "#eeca3b", "#ff9da6", "#bab0ac"];
    const VIEWPORT_PX = 440;      // the viewport's height on screen
    const VIEWPORT_MAX_WIDTH_PX = 300;
    const MARGIN = 0.12;          // share of the viewport height shown around it
    const CONTENT_PX = VIEWPORT_PX * (1 + 2 * MARGIN);
    const FINGER_PX = 14;         // the finger's dot on a session.pointer step
    const RAIL_PX = 14;           // the offset range rail left of the content
    const GUTTER_PX = 92;         // child names right of the content
    const THIN_PX = 5;            // below this a box's border would outgrow it
    const TICK_PX = 30;
    const LABEL_PX = 34;          // two lines of a box's label           // one timeline column
    const DRAWN_LAYOUT = ["children", "tiles", "events", "tracks"];

    function parse(text) {
      if (text === null || text === undefined) return undefined;
      try { return JSON.parse(text); } catch (e) { return undefined; }
    }
    function el(tag, cls, text) {
      const node = document.createElement(tag);
      if (cls) node.className = cls;
      if (text !== undefined) node.textContent = text;
      return node;
    }
    function num(v) {
      return typeof v === "number" ? String(Math.round(v * 100) / 100) : JSON.stringify(v);
    }
    function compact(v) { return v === undefined ? "" : JSON.stringify(v); }
    function isFrame(f) {
      return f && typeof f.x === "number" && typeof f.y === "number" && typeof f.width === "number" && typeof f.height === "number";
    }
    function offsetY(layout) {
      if (!layout) return 0;
      if (typeof layout.offset === "number") return layout.offset;
      return layout.offset && typeof layout.offset.y === "number" ? layout.offset.y : 0;
    }
    function offsetX(layout) {
      return layout && layout.offset && typeof layout.offset.x === "number" ? layout.offset.x : 0;
    }
    function results(reply) {
      if (reply === undefined || reply === null) return [];
      return Array.isArray(reply) ? reply : [reply];
    }
    function eventsOf(step) {
      const out = [];
      for (const r of results(step.replyValue)) {
        if (r && r.result && Array.isArray(r.result.events)) out.push(...r.result.events);
      }
      return out;
    }

    for (const s of steps) {
      s.replyValue = parse(s.reply);
      s.requestValue = parse(s.request);
      s.layout = s.view && s.view.layout ? s.view.layout : null;
      s.snapshot = s.view && s.view.snapshot ? s.view.snapshot : null;
      s.events = eventsOf(s);
    }

    const colors = new Map();
    function colorOf(id) {
      if (id === undefined || id === null) return "#8a8a8a";
      if (!colors.has(id)) colors.set(id, PALETTE[colors.size % PALETTE.length]);
      return colors.get(id);
    }
    for (const s of steps) {
      if (s.layout && Array.isArray(s.layout.children)) s.layout.children.forEach(function (c) { colorOf(c.id); });
    }

    function snapshotChild(step, id) {
      const list = step.snapshot && Array.isArray(step.snapshot.children) ? step.snapshot.children : [];
      return list.find(function (c) { return c.id === id; });
    }
    // The sticky bars pinned at the step's offset, derived as the engine does
    // (snapshots no longer store them): bar k's pin line is its pinOffset
    // plus the bottom of the pinned stack above it, and it is pinned once
    // offset + pin line >= its natural top.
    function pinnedBars(step) {
      const pinned = new Set();
      const children = step.snapshot && Array.isArray(step.snapshot.children) ? step.snapshot.children : [];
      if (!step.layout || typeof step.layout.offset !== "number") return pinned;
      let top = 0, stackBottom = 0;
      for (const c of children) {
        const size = typeof c.contentHeight === "number" ? c.contentHeight : typeof c.height === "number" ? c.height : 0;
        if (c.kind === "sticky") {
          const pinLine = (typeof c.pinOffset === "number" ? c.pinOffset : 0) + stackBottom;
          if (step.layout.offset + pinLine >= top) pinned.add(c.id);
          stackBottom = pinLine + size;
        }
        top += size;
      }
      return pinned;
    }
    for (const s of steps) s.pinned = pinnedBars(s);
    function isPinned(step, child) {
      if (typeof child.pinned === "boolean") return child.pinned;
      return step.pinned.has(child.id);
    }
    function frames(layout) {
      const out = [];
      if (!layout) return out;
      for (const key of ["children", "tiles"]) {
        if (Array.isArray(layout[key])) layout[key].forEach(function (c) { if (isFrame(c.frame)) out.push(c.frame); });
      }
      return out;
    }
    // The viewport: the snapshot's, else what the Layout implies.
    function viewportOf(step) {
      const v = step.snapshot && step.snapshot.viewport;
      if (v && typeof v.width === "number" && typeof v.height === "number") return v;
      const fs = frames(step.layout);
      const width = fs.reduce(function (m, f) { return Math.max(m, f.width); }, 0) || 375;
      const l = step.layout || {};
      const bottom = step.snapshot && step.snapshot.insets ? step.snapshot.insets.bottom : 0;
      const implied = l.maxOffset > l.minOffset ? l.contentHeight + bottom - l.maxOffset : 0;
      return { width: width, height: implied > 0 ? implied : 800 };
    }
    // A stack session scrolls one offset over stacked children: it gets the whole-content drawing.
    function isStack(layout) {
      return !!layout && typeof layout.offset === "number" && Array.isArray(layout.children);
    }

    // One content extent per session over every step, so the drawing holds still while stepping.
    const extents = new Map();
    for (const s of steps) {
      if (!isStack(s.layout)) continue;
      const v = viewportOf(s);
      const l = s.layout;
      const insets = s.snapshot && s.snapshot.insets ? s.snapshot.insets : { top: 0, bottom: 0 };
      const e = extents.get(s.view.session) || { lo: 0, hi: v.height, width: v.width, height: v.height };
      e.lo = Math.min(e.lo, l.minOffset, l.offset);
      e.hi = Math.max(e.hi, l.contentHeight + (insets.bottom || 0), l.offset + v.height, l.maxOffset + v.height);
      frames(l).forEach(function (f) { e.hi = Math.max(e.hi, f.y + f.height); e.lo = Math.min(e.lo, f.y); });
      e.width = Math.max(e.width, v.width);
      e.height = Math.max(e.height, v.height);
      extents.set(s.view.session, e);
    }

    function makeStage(container, scale, originX, originY, width, height) {
      const stage = el("div", "stage");
      stage.style.width = width + "px";
      stage.style.height = height + "px";
      stage.dataset.scale = String(scale);
      stage.dataset.originX = String(originX);
      stage.dataset.originY = String(originY);
      container.appendChild(stage);
      return {
        node: stage,
        place: function (node, x, y, w, h) {
          node.style.left = (x - originX) * scale + "px";
          node.style.top = (y - originY) * scale + "px";
          node.style.width = w * scale + "px";
          node.style.height = h * scale + "px";
          // Too thin for its border: drawn by an outline, which takes no room, so the box keeps its size.
          if (w * scale < THIN_PX || h * scale < THIN_PX) node.classList.add("thin");
          stage.appendChild(node);
          return node;
        },
        y: function (v) { return (v - originY) * scale; },
        scale: scale,
      };
    }

    function childBox(step, child, stage, dx, dy, detailed) {
      const f = child.frame;
      const box = el("div", "box");
      box.dataset.box = "child";
      box.dataset.id = child.id;
      box.style.setProperty("--c", colorOf(child.id));
      const kind = snapshotChild(step, child.id);
      if (kind && kind.kind) box.classList.add("kind-" + kind.kind);
      const pinned = isPinned(step, child);
      if (pinned) box.classList.add("pinned");
      if (step.layout.activeChild === child.id) box.classList.add("active");
      stage.place(box, f.x - dx, f.y - dy, f.width, f.height);
      if (detailed) {
        const label = el("div", "label");
        // A frame that starts above the viewport shows its label at the viewport's top edge.
        const hidden = (offsetY(step.layout) - f.y) * stage.scale;
        label.style.top = Math.max(0, Math.min(hidden, f.height * stage.scale - LABEL_PX)) + "px";
        label.appendChild(el("b", null, child.id));
        if (kind && kind.kind) label.appendChild(el("span", "muted", " " + kind.kind));
        if (pinned) label.appendChild(el("span", "badge", "pinned"));
        box.appendChild(label);
        const lines = [];
        if (child.contentOffset) lines.push("inner " + num(child.contentOffset.y));
        if (typeof child.visibleHeight === "number") lines.push("visible " + num(child.visibleHeight));
        if (typeof child.collapse === "number") lines.push("collapse " + num(child.collapse));
        label.appendChild(el("div", "sub", lines.join(" · ")));
      }
      // The inner offset as a scroll thumb: the frame's window into the child's own content.
      const contentHeight = kind && typeof kind.contentHeight === "number" ? kind.contentHeight : null;
      if (child.contentOffset && contentHeight && contentHeight > f.height) {
        const thumb = el("div", "thumb");
        thumb.style.top = (child.contentOffset.y / contentHeight) * 100 + "%";
        thumb.style.height = (f.height / contentHeight) * 100 + "%";
        box.appendChild(thumb);
      }
      if (typeof child.collapse === "number") {
        const bar = el("div", "collapse");
        bar.style.width = Math.max(0, Math.min(1, child.collapse)) * 100 + "%";
        box.appendChild(bar);
      }
      if (Array.isArray(child.pages)) {
        for (const page of child.pages) {
          if (!isFrame(page.frame)) continue;
          const p = el("div", "box page");
          p.dataset.box = "page";
          p.dataset.id = page.id;
          p.style.setProperty("--c", colorOf(child.id));
          stage.place(p, page.frame.x - dx, page.frame.y - dy, page.frame.width, page.frame.height);
          if (detailed) p.appendChild(el("div", "label", "page " + page.id + (page.contentOffset ? " · inner " + num(page.contentOffset.y) : "")));
        }
      }
      return box;
    }

    function drawViewport(step, host) {
      host.replaceChildren();
      const layout = step.layout;
      if (!layout) {
        host.appendChild(el("div", "empty", step.view
          ? "session " + step.view.session + ": " + (step.view.unavailable || "no layout")
          : "no session yet"));
        return;
      }
      const v = viewportOf(step);
      const scale = Math.min(VIEWPORT_PX / v.height, VIEWPORT_MAX_WIDTH_PX / v.width);
      const pad = MARGIN * v.height;
      const ox = offsetX(layout), oy = offsetY(layout);
      const stage = makeStage(host, scale, ox - pad, oy - pad, (v.width + 2 * pad) * scale, (v.height + 2 * pad) * scale);
      stage.node.classList.add("screen");
      if (Array.isArray(layout.tiles)) {
        for (const t of layout.tiles) {
          if (!isFrame(t.frame)) continue;
          const tile = el("div", "box tile" + ((t.col + t.row) % 2 === 0 ? "" : " odd"));
          tile.dataset.box = "tile";
          tile.dataset.id = t.col + "," + t.row;
          stage.place(tile, t.frame.x, t.frame.y, t.frame.width, t.frame.height);
          tile.appendChild(el("div", "label", t.col + "," + t.row));
        }
      }
      if (Array.isArray(layout.children)) {
        // Pinned bars are drawn last: they sit over what scrolls under them.
        const ordered = layout.children.filter(function (c) { return isFrame(c.frame); });
        ordered.sort(function (a, b) { return Number(isPinned(step, a)) - Number(isPinned(step, b)); });
        for (const c of ordered) childBox(step, c, stage, 0, 0, true);
      }
      const vp = el("div", "viewport");
      vp.dataset.box = "viewport";
      stage.place(vp, ox, oy, v.width, v.height);
      vp.appendChild(el("div", "vp-label", "viewport " + num(v.width) + "×" + num(v.height) + " at " + (Array.isArray(layout.tiles) ? num(ox) + ", " : "") + num(oy)));
      // A session.pointer step's finger, where it touches the viewport (docs/pointer.md).
      const r = step.requestValue;
      if (r && typeof r.method === "string" && /\.pointer$/.test(r.method) && r.params
          && typeof r.params.x === "number" && typeof r.params.y === "number") {
        const finger = el("div", "finger");
        finger.dataset.box = "finger";
        finger.title = "finger " + r.params.phase + " at " + num(r.params.x) + ", " + num(r.params.y);
        const radius = FINGER_PX / 2 / scale;
        stage.place(finger, ox + r.params.x - radius, oy + r.params.y - radius, 2 * radius, 2 * radius);
      }
    }

    function drawContent(step, host) {
      host.replaceChildren();
      const layout = step.layout;
      if (!isStack(layout)) {
        host.appendChild(el("div", "empty", layout ? "no stacked content in this session" : ""));
        return;
      }
      const e = extents.get(step.view.session);
      const v = viewportOf(step);
      const scale = Math.min(CONTENT_PX / (e.hi - e.lo), VIEWPORT_PX / e.height, VIEWPORT_MAX_WIDTH_PX / e.width);
      const rail = RAIL_PX / scale;
      const stage = makeStage(host, scale, -rail, e.lo, (e.width + rail) * scale + GUTTER_PX, (e.hi - e.lo) * scale);
      const range = el("div", "range");
      range.dataset.box = "range";
      stage.place(range, -rail * 0.7, layout.minOffset, rail * 0.4, Math.max(0, layout.maxOffset - layout.minOffset));
      range.title = "offset range " + num(layout.minOffset) + " … " + num(layout.maxOffset);
      if (layout.contentView && typeof layout.contentView.top === "number") {
        const cv = el("div", "content-view");
        cv.dataset.box = "contentView";
        stage.place(cv, 0, layout.contentView.top, e.width, layout.contentView.height);
      }
      let labelBottom = -Infinity;
      for (const c of layout.children) {
        if (!isFrame(c.frame)) continue;
        childBox(step, c, stage, 0, 0, false);
        // Names in the gutter, top-aligned with their frames, never overlapping.
        if (c.frame.height <= 0) continue;
        const name = el("div", "gutter-label", c.id);
        name.style.left = (e.width + rail) * scale + 6 + "px";
        const top = Math.max(stage.y(c.frame.y), labelBottom);
        name.style.top = top + "px";
        name.style.setProperty("--c", colorOf(c.id));
        stage.node.appendChild(name);
        labelBottom = top + 15;
      }
      const vp = el("div", "viewport");
      vp.dataset.box = "viewport";
      stage.place(vp, 0, layout.offset, v.width, v.height);
      vp.appendChild(el("div", "vp-label", num(layout.offset)));
      const dot = el("div", "offset-dot");
      dot.style.left = RAIL_PX * 0.5 - 4 + "px";
      dot.style.top = stage.y(layout.offset) - 4 + "px";
      stage.node.appendChild(dot);
    }

    function method(step) {
      const r = step.requestValue;
      if (Array.isArray(r)) return "batch of " + r.length;
      return r && typeof r.method === "string" ? r.method : "(not a request)";
    }
    function params(step) {
      const r = step.requestValue;
      if (!r || Array.isArray(r) || r.params === undefined) return "";
      const p = Object.assign({}, r.params);
      if (step.view && p.session === step.view.session) delete p.session;
      const text = JSON.stringify(p);
      return text === "{}" ? "" : text;
    }

    function row(table, key, value, changed) {
      const tr = el("tr", changed ? "changed" : null);
      tr.appendChild(el("th", null, key));
      tr.appendChild(el("td", null, value));
      table.appendChild(tr);
    }

    function drawDetails(index) {
      const step = steps[index];
      const previous = index > 0 ? steps[index - 1] : null;
      document.getElementById("step-title").textContent = method(step);
      document.getElementById("step-params").textContent = params(step);
      document.getElementById("step-where").textContent =
        "step " + (index + 1) + " of " + steps.length + " · line " + step.line + (step.view ? " · session " + step.view.session : "");

      const problems = document.getElementById("problems");
      problems.replaceChildren();
      for (const p of step.problems) problems.appendChild(el("li", null, p));
      problems.hidden = step.problems.length === 0;

      const events = document.getElementById("events");
      events.replaceChildren();
      if (step.events.length === 0) events.appendChild(el("span", "muted", "none"));
      for (const e of step.events) {
        const chip = el("span", "chip");
        chip.style.setProperty("--c", colorOf(e.child));
        chip.appendChild(el("b", null, e.type));
        const rest = Object.assign({}, e);
        delete rest.type;
        const text = Object.keys(rest).map(function (k) { return k === "child" ? rest[k] : k + " " + compact(rest[k]); }).join(" · ");
        if (text) chip.appendChild(el("span", null, " " + text));
        events.appendChild(chip);
      }

      // Every member of the Layout, drawn or not, as a labelled row: a member
      // this page does not know yet still shows.
      const state = document.getElementById("state");
      state.replaceChildren();
      const layout = step.layout || {};
      const before = previous && previous.layout && previous.view.session === (step.view && step.view.session) ? previous.layout : {};
      for (const key of Object.keys(layout)) {
        if (DRAWN_LAYOUT.indexOf(key) >= 0) continue;
        row(state, key, compact(layout[key]), compact(layout[key]) !== compact(before[key]));
      }
      const replyResult = results(step.replyValue).map(function (r) { return r && r.result; }).filter(Boolean);
      for (const result of replyResult) {
        for (const key of Object.keys(result)) {
          if (key in layout || DRAWN_LAYOUT.indexOf(key) >= 0) continue;
          row(state, key, compact(result[key]), true);
        }
      }

      document.getElementById("state-box").hidden = state.childElementCount === 0;

      const children = document.getElementById("children");
      children.replaceChildren();
      for (const c of Array.isArray(layout.children) ? layout.children : []) {
        const tr = el("tr");
        const name = el("th");
        const swatch = el("span", "swatch");
        swatch.style.background = colorOf(c.id);
        name.append(swatch, c.id);
        tr.appendChild(name);
        const parts = [];
        for (const key of Object.keys(c)) {
          if (key === "id") continue;
          const value = c[key];
          if (key === "frame" && isFrame(value)) parts.push("y " + num(value.y) + " h " + num(value.height));
          else if (key === "contentOffset" && value && typeof value.y === "number") parts.push("inner " + num(value.y));
          else if (typeof value === "number") parts.push(key + " " + num(value));
          else parts.push(key + " " + compact(value));
        }
        if (isPinned(step, c)) parts.push("pinned");
        tr.appendChild(el("td", null, parts.join(" · ")));
        children.appendChild(tr);
      }
      document.getElementById("children-box").hidden = children.childElementCount === 0;

      const tracks = document.getElementById("tracks");
      tracks.replaceChildren();
      const values = layout.tracks && typeof layout.tracks === "object" ? layout.tracks : {};
      for (const id of Object.keys(values)) {
        const range = trackRanges.get(id);
        const tr = el("tr");
        tr.appendChild(el("th", null, id));
        const td = el("td");
        const bar = el("span", "track");
        const fill = el("span", "track-fill");
        const v = values[id];
        fill.style.width = (range && range.hi > range.lo ? (v - range.lo) / (range.hi - range.lo) : 1) * 100 + "%";
        bar.appendChild(fill);
        td.append(bar, " " + num(v));
        tr.appendChild(td);
        tracks.appendChild(tr);
      }
      document.getElementById("tracks-box").hidden = tracks.childElementCount === 0;

      const reply = document.getElementById("reply");
      reply.textContent = step.replyValue !== undefined ? JSON.stringify(step.replyValue, null, 2)
        : step.reply === null ? "(no reply: a notification)" : step.reply;
      document.getElementById("request").textContent = step.request;
    }

    const trackRanges = new Map();
    for (const s of steps) {
      const t = s.layout && s.layout.tracks;
      if (!t || typeof t !== "object") continue;
      for (const id of Object.keys(t)) {
        if (typeof t[id] !== "number") continue;
        const r = trackRanges.get(id) || { lo: t[id], hi: t[id] };
        r.lo = Math.min(r.lo, t[id]);
        r.hi = Math.max(r.hi, t[id]);
        trackRanges.set(id, r);
      }
    }

    function buildTimeline() {
      const host = document.getElementById("timeline");
      const width = steps.length * TICK_PX;
      const height = 44;
      const ns = "http://www.w3.org/2000/svg";
      const svg = document.createElementNS(ns, "svg");
      svg.setAttribute("width", width);
      svg.setAttribute("height", height);
      svg.setAttribute("class", "offset-line");
      // Each session's offsets on a scale of their own (a grid's offset is far from a stack's);
      // the line breaks where the drawn session changes.
      const ranges = new Map();
      steps.forEach(function (s) {
        if (!s.layout) return;
        const y = offsetY(s.layout);
        const r = ranges.get(s.view.session) || { lo: Math.min(0, y), hi: Math.max(1, y) };
        r.lo = Math.min(r.lo, y);
        r.hi = Math.max(r.hi, y);
        ranges.set(s.view.session, r);
      });
      let path = "";
      let previous = null;
      steps.forEach(function (s, i) {
        if (!s.layout) { previous = null; return; }
        const r = ranges.get(s.view.session);
        const x = i * TICK_PX + TICK_PX / 2;
        const py = 6 + (r.hi > r.lo ? (offsetY(s.layout) - r.lo) / (r.hi - r.lo) : 0) * (height - 12);
        path += (previous === s.view.session ? " L" : " M") + x + " " + py;
        previous = s.view.session;
        const dot = document.createElementNS(ns, "circle");
        dot.setAttribute("cx", x);
        dot.setAttribute("cy", py);
        dot.setAttribute("r", 2.5);
        svg.appendChild(dot);
      });
      const line = document.createElementNS(ns, "path");
      line.setAttribute("d", path.trim() || "M0 0");
      svg.insertBefore(line, svg.firstChild);
      host.appendChild(svg);
      const ticks = el("div", "ticks");
      steps.forEach(function (s, i) {
        const tick = el("button", "tick" + (s.problems.length ? " bad" : ""));
        tick.type = "button";
        tick.style.width = TICK_PX + "px";
        tick.title = "step " + (i + 1) + ": " + method(s) + (s.events.length ? "\n" + s.events.map(function (e) { return e.type + (e.child ? " " + e.child : ""); }).join("\n") : "");
        tick.appendChild(el("span", "n", String(i + 1)));
        for (const e of s.events) {
          const mark = el("span", "mark");
          mark.style.background = colorOf(e.child);
          tick.appendChild(mark);
        }
        if (s.problems.length) tick.appendChild(el("span", "err", "!"));
        tick.addEventListener("click", function () { show(i); });
        ticks.appendChild(tick);
      });
      host.appendChild(ticks);
    }

    const slider = document.getElementById("slider");
    let current = 0;
    function show(index) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      slider.value = String(current);
      drawViewport(steps[current], document.getElementById("viewport-panel"));
      drawContent(steps[current], document.getElementById("content-panel"));
      drawDetails(current);
      document.querySelectorAll(".tick").forEach(function (t, i) { t.classList.toggle("current", i === current); });
      // A long trace's timeline scrolls to keep the current step in the middle.
      const timeline = document.getElementById("timeline");
      timeline.scrollLeft = Math.max(0, (current + 0.5) * TICK_PX - timeline.clientWidth / 2);
    }

    slider.max = String(Math.max(0, steps.length - 1));
    slider.addEventListener("input", function () { show(Number(slider.value)); });
    document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
    document.getElementById("next").addEventListener("click", function () { show(current + 1); });
    document.addEventListener("keydown", function (e) {
      if (e.key === "ArrowRight" || e.key === "ArrowDown") { show(current + 1); e.preventDefault(); }
      else if (e.key === "ArrowLeft" || e.key === "ArrowUp") { show(current - 1); e.preventDefault(); }
      else if (e.key === "Home") { show(0); e.preventDefault(); }
      else if (e.key === "End") { show(steps.length - 1); e.preventDefault(); }
    });

    const notes = document.getElementById("notes");
    for (const n of data.notes) notes.appendChild(el("li", null, n));
    notes.hidden = data.notes.length === 0;
    document.getElementById("summary").textContent = steps.length + " steps · " +
      steps.reduce(function (n, s) { return n + s.events.length; }, 0) + " events · " +
      steps.filter(function (s) { return s.problems.length; }).length + " with problems";

    if (steps.length === 0) {
      document.getElementById("viewport-panel").appendChild(el("div", "empty", "the transcript holds no request"));
      return;
    }
    buildTimeline();
    const chosen = /^#step=(\d+)$/.exec(location.hash);
    show(chosen ? Number(chosen[1]) - 1 : 0);

    if (location.hash === "#selftest") {
      // Steps with the arrow key as a user would, measuring every drawn box.
      const measured = [];
      show(0);
      for (let i = 0; i < steps.length; i++) {
        if (i > 0) document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
        const stages = [];
        document.querySelectorAll(".panel").forEach(function (panel) {
          const stage = panel.querySelector(".stage");
          if (!stage) return;
          const origin = stage.getBoundingClientRect();
          const boxes = [];
          stage.querySelectorAll("[data-box]").forEach(function (b) {
            const r = b.getBoundingClientRect();
            boxes.push({ box: b.dataset.box, id: b.dataset.id || null,
                         x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height });
          });
          stages.push({ panel: panel.id, scale: Number(stage.dataset.scale), originX: Number(stage.dataset.originX),
                        originY: Number(stage.dataset.originY), boxes: boxes });
        });
        const rows = Array.prototype.map.call(document.querySelectorAll("#state th"), function (th) { return th.textContent; });
        measured.push({ step: current, stages: stages, rows: rows });
      }
      const out = el("pre");
      out.id = "selftest";
      out.textContent = JSON.stringify({ steps: measured, errors: window.traceErrors });
      document.body.appendChild(out);
    }
    })();
    """#
}
