// The drawing of one session state, shared by the trace page (docs/trace.md)
// and the playground (docs/playground.md): one copy, embedded in the worker
// by SwiftPM and shipped in the Python wheel by scripts/package.
//
// A "step" is what is drawn: {layout, snapshot, view: {session}, pinned} and,
// on a session.pointer step, finger: {phase, x, y} in viewport points.
// Every box in a drawing stage (`.stage`) carries `data-box` and is placed
// at `(value − stage origin) × stage scale`; the stage's `data-scale`,
// `data-origin-x` and `data-origin-y` say which, so a test can check each
// box against the reply.
const OmniScrollDraw = (function () {
"use strict";
// Tableau 10, the palette of docs/figures: one colour per child, in order of first appearance.
const PALETTE = ["#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2", "#9d755d", "#eeca3b", "#ff9da6", "#bab0ac"];
const VIEWPORT_PX = 440;      // the viewport's height on screen
const VIEWPORT_MAX_WIDTH_PX = 300;
const MARGIN = 0.12;          // share of the viewport height shown around it
const CONTENT_PX = VIEWPORT_PX * (1 + 2 * MARGIN);
const RAIL_PX = 14;           // the offset range rail left of the content
const GUTTER_PX = 92;         // child names right of the content
const THIN_PX = 5;            // below this a box's border would outgrow it
const LABEL_PX = 34;          // two lines of a box's label
const FINGER_PX = 14;         // the finger's dot on a session.pointer step

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

const colors = new Map();
function colorOf(id) {
  if (id === undefined || id === null) return "#8a8a8a";
  if (!colors.has(id)) colors.set(id, PALETTE[colors.size % PALETTE.length]);
  return colors.get(id);
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
// Grows `extent` (or starts one) to hold the step's content, viewport and offset range,
// so a drawing of the whole content holds still from step to step.
function growExtent(extent, step) {
  const v = viewportOf(step);
  const l = step.layout;
  const insets = step.snapshot && step.snapshot.insets ? step.snapshot.insets : { top: 0, bottom: 0 };
  const e = extent || { lo: 0, hi: v.height, width: v.width, height: v.height };
  e.lo = Math.min(e.lo, l.minOffset, l.offset);
  e.hi = Math.max(e.hi, l.contentHeight + (insets.bottom || 0), l.offset + v.height, l.maxOffset + v.height);
  frames(l).forEach(function (f) { e.hi = Math.max(e.hi, f.y + f.height); e.lo = Math.min(e.lo, f.y); });
  e.width = Math.max(e.width, v.width);
  e.height = Math.max(e.height, v.height);
  return e;
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

function childBox(step, child, stage, detailed) {
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
  stage.place(box, f.x, f.y, f.width, f.height);
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
      stage.place(p, page.frame.x, page.frame.y, page.frame.width, page.frame.height);
      if (detailed) p.appendChild(el("div", "label", "page " + page.id + (page.contentOffset ? " · inner " + num(page.contentOffset.y) : "")));
    }
  }
  return box;
}

// The screen: the viewport and, with `options.margin` (a share of the viewport's
// height, default 0.12), what is around it; scaled to at most `options.height`
// by `options.maxWidth` pixels (default 440 × 300). Returns the stage.
function drawViewport(step, host, options) {
  const o = Object.assign({ height: VIEWPORT_PX, maxWidth: VIEWPORT_MAX_WIDTH_PX, margin: MARGIN }, options);
  host.replaceChildren();
  const layout = step.layout;
  if (!layout) {
    host.appendChild(el("div", "empty", step.view
      ? "session " + step.view.session + ": " + (step.view.unavailable || "no layout")
      : "no session yet"));
    return null;
  }
  const v = viewportOf(step);
  const scale = Math.min(o.height / v.height, o.maxWidth / v.width);
  const pad = o.margin * v.height;
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
    for (const c of ordered) childBox(step, c, stage, true);
  }
  const vp = el("div", "viewport");
  vp.dataset.box = "viewport";
  stage.place(vp, ox, oy, v.width, v.height);
  vp.appendChild(el("div", "vp-label", "viewport " + num(v.width) + "×" + num(v.height) + " at " + (Array.isArray(layout.tiles) ? num(ox) + ", " : "") + num(oy)));
  // A session.pointer step's finger, where it touches the viewport (docs/pointer.md).
  const f = step.finger;
  if (f && typeof f.x === "number" && typeof f.y === "number") {
    const finger = el("div", "finger");
    finger.dataset.box = "finger";
    finger.title = "finger " + f.phase + " at " + num(f.x) + ", " + num(f.y);
    const radius = FINGER_PX / 2 / scale;
    stage.place(finger, ox + f.x - radius, oy + f.y - radius, 2 * radius, 2 * radius);
  }
  return stage;
}

// The whole content of a stacked session at the scale of `extent` (growExtent).
function drawContent(step, host, extent) {
  host.replaceChildren();
  const layout = step.layout;
  if (!isStack(layout)) {
    host.appendChild(el("div", "empty", layout ? "no stacked content in this session" : ""));
    return;
  }
  const e = extent;
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
    childBox(step, c, stage, false);
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

// One chip per event, coloured by the child it names.
function eventChip(e) {
  const chip = el("span", "chip");
  chip.style.setProperty("--c", colorOf(e.child));
  chip.appendChild(el("b", null, e.type));
  const rest = Object.assign({}, e);
  delete rest.type;
  const text = Object.keys(rest).map(function (k) { return k === "child" ? rest[k] : k + " " + compact(rest[k]); }).join(" · ");
  if (text) chip.appendChild(el("span", null, " " + text));
  return chip;
}

// Every member of each child as one table row (a member with no drawing of its own still shows).
function drawChildren(step, table) {
  table.replaceChildren();
  const layout = step.layout || {};
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
    table.appendChild(tr);
  }
}

return { parse: parse, el: el, num: num, compact: compact, isFrame: isFrame, offsetY: offsetY, offsetX: offsetX,
         colorOf: colorOf, pinnedBars: pinnedBars, isPinned: isPinned, viewportOf: viewportOf, isStack: isStack,
         growExtent: growExtent, drawViewport: drawViewport, drawContent: drawContent, eventChip: eventChip,
         drawChildren: drawChildren };
})();
