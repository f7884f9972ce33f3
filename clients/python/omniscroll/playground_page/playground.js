// The playground (docs/playground.md): forwards a finger to the worker and
// draws its replies with the trace page's drawing (OmniScrollDraw). The page
// has no scroll logic of its own where the worker takes pointer input
// (session.pointer, grid.pointer); for an engine without it, it drives
// the older calls (beginDragging/drag/endDragging, scrollPager, grid.scroll) itself.
(function () {
"use strict";
const D = OmniScrollDraw;
const el = D.el;
const data = JSON.parse(document.getElementById("playground-data").textContent);
const PHONE = { width: 375, height: 667 };
const SESSION = "play";          // session ids: play1, play2, … (one per screen made)
const HEARTBEAT_MS = 10000;      // the bridge ends a worker whose page stays silent (playground.py)
const CARD_PX = 96;              // one drawn card of a scroll child's content
const GRID = "grid";             // the picker's name for the tile grid (seed 001)
const LOG_ENTRIES = 300;
const FEED_BATCH = 3, MAX_FEED_PAGES = 300;   // a feed's pages loaded at a time, and at most
// Sizes for the children a template leaves unknown, so every screen scrolls.
const UNKNOWN_SIZE = { scroll: 2400, fixed: 240 };
const PAGE_SIZES = [3000, 900];  // a pager's pages, in turn: one long, one short (fillViewport shows)
// The older calls' gesture (used only without pointer input): the slops and
// the fling rule of docs/protocol.md's pointer input, the ios preset.
const SLOP = 10, MIN_FLING = 50, MAX_FLING = 8000, REST = 0.04;

let token = null;
let nextId = 1;
const exchanges = [];            // {send, expect}: the transcript, in conformance format
let queue = Promise.resolve();   // the worker's calls, in order
let inputs = Promise.resolve();  // the finger's samples, in order
// Per engine, whether the worker takes pointer input (session.pointer, grid.pointer).
const pointerInput = { container: false, grid: false };
let model = null;                // {engine, layout, snapshot, view, extent, delta}: the screen drawn
let ticking = false;
let lastTime = 0;                // the client clock's last time sent: never goes back
let gesture = null;              // the finger down (its samples and axis serve the older calls)
let tapped = null;               // {child, page, card}: the card a `tap` named
let finger = null;               // {phase, x, y}: the sample last sent while a finger is down, drawn as the trace draws it
let screens = 0;                 // the screens made so far (each one's session id)

function setStatus(text) { document.getElementById("status").textContent = text; }

async function post(path, body) {
  const response = await fetch(path + (token ? "?token=" + token : ""), { method: "POST", body: body });
  const text = await response.text();
  if (!response.ok) throw new Error(path + ": " + response.status + " " + text);
  return text;
}

// One request to the worker, in order with every other; `record` false keeps
// it out of the transcript (rpc.discover, which only asks what the worker can do).
function call(method, params, record) {
  const run = async function () {
    const line = JSON.stringify(params === undefined ? { jsonrpc: "2.0", id: nextId++, method: method }
      : { jsonrpc: "2.0", id: nextId++, method: method, params: params });
    const reply = await post("/rpc", line);
    if (record !== false) exchanges.push({ send: line, expect: reply });
    const value = JSON.parse(reply);
    const current = value.result && model && value.result.session === model.view.session;
    // The inspector shows the screen's replies and every error, not the old screen's destroy.
    if (record !== false && (current || value.error)) inspect(line, value);
    if (value.error) logEntry(method, [], value.error);
    else if (current) absorb(method, value.result);
    return value;
  };
  const result = queue.then(run);
  queue = result.catch(function () {});
  return result;
}

function inspect(line, value) {
  document.getElementById("request").textContent = line;
  document.getElementById("reply").textContent = JSON.stringify(value, null, 2);
}

function logEntry(method, events, error) {
  const log = document.getElementById("log");
  const li = el("li", error ? "error" : null);
  li.appendChild(el("b", null, method + " "));
  if (error) li.appendChild(el("span", null, error.code + " " + error.message + (error.data ? " " + D.compact(error.data) : "")));
  for (const e of events) {
    const chip = D.eventChip(e);
    chip.dataset.type = e.type;
    li.appendChild(chip);
  }
  log.insertBefore(li, log.firstChild);
  while (log.childElementCount > LOG_ENTRIES) log.removeChild(log.lastChild);
}

// A reply folded into the session as drawn: a delta reply lists only the
// children (and tracks) that changed (docs/protocol.md, options.delta).
function absorb(method, result) {
  const previous = model.layout;
  const layout = Object.assign({}, previous || {}, result);
  if (model.delta && previous && Array.isArray(previous.children) && Array.isArray(result.children)) {
    const changed = new Map(result.children.map(function (c) { return [c.id, c]; }));
    layout.children = previous.children.map(function (c) { return changed.get(c.id) || c; });
    const known = new Set(previous.children.map(function (c) { return c.id; }));
    for (const c of result.children) if (!known.has(c.id)) layout.children.push(c);
  }
  if (previous && previous.tracks && result.tracks) layout.tracks = Object.assign({}, previous.tracks, result.tracks);
  model.layout = layout;
  const events = Array.isArray(result.events) ? result.events : [];
  for (const e of events) {
    if (e.type === "tap") tapped = { child: e.child, page: e.page, card: Math.floor(e.y / CARD_PX) };
    if (e.type === "loadMoreDidTrigger" && e.page === undefined) loadMore();
  }
  if (events.length || method !== "session.tick" && method !== "grid.tick") logEntry(method, events);
  draw();
}

// A feed of pages loads more as the seed does (docs/protocol.md, the feed
// template): the next pages, then endLoadingMore. Other screens just end it.
function loadMore() {
  const pages = model.snapshot.children.filter(function (c) { return c.kind === "page"; });
  const added = [];
  if (pages.length && pages.length === model.snapshot.children.length && pages.length < MAX_FEED_PAGES) {
    for (let n = pages.length; n < pages.length + FEED_BATCH; n++) added.push({ id: "item" + n, kind: "page" });
    model.snapshot.children = model.snapshot.children.concat(added);
    call("session.insertChildren", { session: model.view.session, children: added });
  }
  call("session.endLoadingMore", { session: model.view.session });
}

// ---- drawing -------------------------------------------------------------

function step() {
  const s = { layout: model.layout, snapshot: model.snapshot, view: model.view };
  s.pinned = D.pinnedBars(s);
  if (finger) s.finger = finger;
  return s;
}

function specOf(id) {
  return model.snapshot.children ? model.snapshot.children.find(function (c) { return c.id === id; }) : undefined;
}

function cards(box, height, innerOffset, label) {
  const layer = el("div", "cards");
  const first = Math.max(0, Math.floor(innerOffset / CARD_PX));
  const last = Math.min(Math.ceil(height / CARD_PX) - 1, Math.floor((innerOffset + box.clientHeight) / CARD_PX));
  for (let n = first; n <= last; n++) {
    const card = el("div", "feed-card", label + " · card " + n);
    card.dataset.card = String(n);
    card.style.top = n * CARD_PX - innerOffset + 4 + "px";
    card.style.height = CARD_PX - 8 + "px";
    layer.appendChild(card);
  }
  box.insertBefore(layer, box.firstChild);
  return layer;
}

function markTapped(layer, owner) {
  if (!tapped || tapped.child !== owner.child || tapped.page !== owner.page) return;
  const card = layer.querySelector('[data-card="' + tapped.card + '"]');
  if (card) card.classList.add("tapped");
}

// What the values mean on a phone: cards that move with the inner offset,
// the collapsing bar's title at its track's size, the pager's tabs.
function decorate(stage) {
  const layout = model.layout;
  const tracks = layout.tracks || {};
  const pager = (layout.children || []).find(function (c) { return Array.isArray(c.pages); });
  for (const c of layout.children || []) {
    const box = stage.node.querySelector('[data-box="child"][data-id="' + CSS.escape(c.id) + '"]');
    const spec = specOf(c.id);
    if (!box || !spec) continue;
    if (spec.kind === "scroll" && c.contentOffset) {
      markTapped(cards(box, spec.contentHeight || 0, c.contentOffset.y, c.id), { child: c.id });
    } else if (spec.kind === "collapsing") {
      const collapse = typeof c.collapse === "number" ? c.collapse : 0;
      const title = el("div", "nav-title", "Title");
      title.style.fontSize = (typeof tracks.titleSize === "number" ? tracks.titleSize : 36 - 16 * collapse) + "px";
      box.appendChild(title);
      const button = el("div", "nav-button", "Edit");
      button.style.fontSize = (typeof tracks.buttonSize === "number" ? tracks.buttonSize : 16) + "px";
      box.appendChild(button);
    } else if (spec.kind === "page") {
      box.appendChild(el("div", "page-name", c.id));
    } else if (spec.kind === "sticky" && pager) {
      const pages = (specOf(pager.id) || {}).pages || [];
      const tabs = el("div", "tabs");
      pages.forEach(function (p) { tabs.appendChild(el("span", p.id === pager.selected ? "selected" : null, p.id)); });
      const ink = el("div", "ink");
      ink.style.width = 100 / Math.max(1, pages.length) + "%";
      ink.style.left = (pager.pageProgress || 0) * 100 / Math.max(1, pages.length) + "%";
      tabs.appendChild(ink);
      box.appendChild(tabs);
    }
    for (const p of c.pages || []) {
      const pageBox = stage.node.querySelector('[data-box="page"][data-id="' + CSS.escape(p.id) + '"]');
      const pageSpec = (spec.pages || []).find(function (q) { return q.id === p.id; }) || {};
      if (pageBox && p.contentOffset) {
        markTapped(cards(pageBox, pageSpec.contentHeight || 0, p.contentOffset.y, p.id), { child: c.id, page: p.id });
      }
    }
  }
}

function draw() {
  const s = step();
  const stage = D.drawViewport(s, document.getElementById("phone"),
                               { height: PHONE.height, maxWidth: PHONE.width, margin: 0 });
  if (stage && model.engine === "container") decorate(stage);
  if (D.isStack(s.layout)) model.extent = D.growExtent(model.extent, s);
  D.drawContent(s, document.getElementById("content-panel"), model.extent);
  D.drawChildren(s, document.getElementById("children"));
}

// ---- sessions --------------------------------------------------------------

function templateOf(name) {
  return data.builtIn[name] || data.custom[name];
}

// The create request the picker puts in the editor: built-in templates by
// name (the worker has them), those of --templates spelled out (so the
// transcript replays on any worker), and sizes for what the template leaves unknown.
function request(name, preset) {
  if (name === GRID) {
    const params = { viewport: PHONE, tile: { width: 125, height: 125 } };
    if (pointerInput.grid) params.options = { physics: { preset: preset } };
    return { method: "grid.create", params: params };
  }
  const template = templateOf(name);
  const options = Object.assign({}, template.options || {}, { physics: { preset: preset } });
  const params = data.builtIn[name] ? { viewport: PHONE, template: name, options: options }
    : Object.assign({ viewport: PHONE }, template, { options: options });
  const sizes = {};
  let pages = 0;
  for (const c of template.children || []) {
    if (c.kind === "pager") {
      for (const p of c.pages || []) if (typeof p.contentHeight !== "number") sizes[p.id] = PAGE_SIZES[pages++ % PAGE_SIZES.length];
    } else if (UNKNOWN_SIZE[c.kind] && typeof c.contentHeight !== "number" && typeof c.height !== "number") {
      sizes[c.id] = UNKNOWN_SIZE[c.kind];
    }
  }
  return { method: "session.create", params: params, sizes: sizes };
}

// The drawing's model of the session's children (kinds and sizes), as a
// snapshot would hold them: from the create request and the sizes given.
function snapshotOf(req) {
  const p = req.params;
  const template = p.template ? templateOf(p.template) : p;
  const sizes = req.sizes || {};
  const children = (p.children || template.children || []).map(function (c) {
    const out = Object.assign({}, c);
    if (c.id in sizes) out[c.kind === "scroll" ? "contentHeight" : "height"] = sizes[c.id];
    if (Array.isArray(c.pages)) {
      out.pages = c.pages.map(function (page) {
        return page.id in sizes ? Object.assign({}, page, { contentHeight: sizes[page.id] }) : page;
      });
    }
    return out;
  });
  return { viewport: p.viewport, insets: p.insets || template.insets || { top: 0, bottom: 0 }, children: children };
}

// A new screen replaces the old one only once the worker made it: a
// rejected request leaves the old one as it was.
async function create(req) {
  stopTicking();
  gesture = null;
  tapped = null;
  const previous = model;
  const id = SESSION + ++screens;
  const options = req.params.options || (req.params.template ? templateOf(req.params.template).options : null) || {};
  model = { engine: req.method === "grid.create" ? "grid" : "container", layout: null, view: { session: id },
            snapshot: snapshotOf(req), extent: null, delta: options.delta === true };
  const created = await call(req.method, Object.assign({}, req.params, { id: id }));
  if (created.error) {
    model = previous;
    if (model) draw();
    return created;
  }
  if (model.engine === "grid") model.snapshot = { viewport: created.result.viewport };
  if (req.sizes && Object.keys(req.sizes).length) await call("session.update", { session: id, sizes: req.sizes });
  if (previous) await call("session.destroy", { session: previous.view.session });
  return created;
}

function editorRequest() {
  return JSON.parse(document.getElementById("editor").value);
}

async function applyEditor() {
  const error = document.getElementById("editor-error");
  error.textContent = "";
  let req;
  try {
    req = editorRequest();
    if (req.method !== "session.create" && req.method !== "grid.create") throw new Error("method: session.create or grid.create");
  } catch (e) {
    error.textContent = String(e.message);
    return;
  }
  const created = await create(req);
  if (created.error) error.textContent = created.error.message + " " + D.compact(created.error.data);
}

function pick() {
  const req = request(document.getElementById("template").value, document.getElementById("preset").value);
  document.getElementById("editor").value = JSON.stringify(req, null, 2);
  return applyEditor();
}

// ---- motion ----------------------------------------------------------------

// Whether a motion runs that the client's clock must drive: a fling, a
// spring or a snap (phase decelerating or animating), or a pager between two
// pages with no finger down (its snap; docs/protocol.md, Pagers).
function moving() {
  const l = model && model.layout;
  if (!l || gesture && gesture.down) return false;
  if (l.phase === "decelerating" || l.phase === "animating") return true;
  return (l.children || []).some(function (c) { return typeof c.pageProgress === "number" && c.pageProgress % 1 !== 0; });
}

function clock(seconds) {
  lastTime = Math.max(lastTime, seconds);
  return lastTime;
}

function startTicking() {
  if (ticking || !moving()) return;
  ticking = true;
  requestAnimationFrame(frame);
}
function stopTicking() { ticking = false; }

async function frame(now) {
  if (!ticking) return;
  const reply = await call(model.engine === "grid" ? "grid.tick" : "session.tick", { session: model.view.session, time: clock(now / 1000) });
  if (reply.error || !moving()) { ticking = false; return; }
  if (ticking) requestAnimationFrame(frame);
}

// ---- the finger --------------------------------------------------------------

function point(e) {
  const stage = document.querySelector("#phone .stage");
  const r = stage.getBoundingClientRect();
  const scale = Number(stage.dataset.scale) || 1;
  return { x: (e.clientX - r.left) / scale, y: (e.clientY - r.top) / scale, time: clock(e.timeStamp / 1000) };
}

const PHASES = { pointerdown: "down", pointermove: "move", pointerup: "up", pointercancel: "cancel" };

function onPointer(e) {
  if (!model || !model.layout) return;
  if (e.type === "pointermove" && !(gesture && gesture.down && gesture.id === e.pointerId)) return;
  if (e.type !== "pointerdown" && !(gesture && gesture.id === e.pointerId)) return;
  if (e.type === "pointerdown") {
    if (gesture && gesture.down) return;  // one finger
    e.currentTarget.setPointerCapture(e.pointerId);
    gesture = { id: e.pointerId, down: true, samples: [], axis: null, caught: ticking };
    stopTicking();
  }
  e.preventDefault();
  if (e.type === "pointerup" || e.type === "pointercancel") gesture.down = false;
  // The browser hands moves over once a frame; each sample it merged counts
  // for the velocity, as every sample does for a native recognizer.
  const merged = e.type === "pointermove" && e.getCoalescedEvents ? e.getCoalescedEvents() : [];
  const points = (merged.length ? merged : [e]).map(point);
  const phase = PHASES[e.type];
  // One finger's samples reach the worker in order, whatever each one's calls wait for.
  inputs = inputs.then(async function () {
    for (const p of points) {
      // The reply to this sample draws the finger where it is (none once it lifts).
      finger = phase === "up" || phase === "cancel" ? null : { phase: phase, x: p.x, y: p.y };
      if (pointerInput[model.engine]) {
        await call(model.engine === "grid" ? "grid.pointer" : "session.pointer",
                   { session: model.view.session, phase: phase, x: p.x, y: p.y, time: p.time });
      } else {
        await olderCalls(phase, p);
      }
    }
    if (phase === "up" || phase === "cancel") startTicking();
  }).catch(function (error) { console.error("playground: " + error.message); });
}

// Without pointer input: the same gesture on the calls that predate it
// (docs/protocol.md, Session motions and Pagers).
async function olderCalls(phase, p) {
  const g = gesture;
  const grid = model.engine === "grid";
  if (phase === "down") {
    g.start = p;
    g.pager = grid ? null : pagerAt(p);
    g.offset = grid ? Object.assign({}, model.layout.offset) : null;
    if (g.caught && !grid) await call("session.beginDragging", { session: model.view.session });
    g.samples.push(p);
    return;
  }
  if (phase === "move") {
    g.samples.push(p);
    if (g.samples.length > 20) g.samples.shift();
    if (!g.axis) {
      const dx = Math.abs(p.x - g.start.x), dy = Math.abs(p.y - g.start.y);
      if (grid && Math.hypot(dx, dy) > SLOP) g.axis = "pan";
      else if (!grid && dy > SLOP && !(g.pager && dx / SLOP > dy / SLOP)) g.axis = "vertical";
      else if (!grid && g.pager && dx > SLOP) g.axis = "horizontal";
      if (!g.axis) return;
      g.from = p;
      if (g.axis === "vertical" && !g.caught) await call("session.beginDragging", { session: model.view.session });
      if (g.axis === "horizontal") g.pagerStart = g.pager.pageProgress * PHONE.width;
      if (g.axis !== "pan") return;
    }
    if (g.axis === "vertical") await call("session.drag", { session: model.view.session, translation: p.y - g.from.y });
    else if (g.axis === "horizontal") await call("session.scrollPager", { session: model.view.session, child: g.pager.id, offset: g.pagerStart - (p.x - g.from.x) });
    else await call("grid.scroll", { session: model.view.session, x: g.offset.x - (p.x - g.from.x), y: g.offset.y - (p.y - g.from.y), phase: "dragging" });
    return;
  }
  const newest = g.samples[g.samples.length - 1];
  const v = p.time - newest.time > REST ? { x: 0, y: 0 } : velocity(g.samples);
  if (g.axis === "vertical" || !g.axis && g.caught && !grid) {
    const fling = Math.abs(v.y) > MIN_FLING ? Math.max(-MAX_FLING, Math.min(MAX_FLING, -v.y)) : 0;
    await call("session.endDragging", { session: model.view.session, velocity: phase === "up" ? fling : 0, time: p.time });
  } else if (g.axis === "horizontal") {
    const fling = Math.abs(v.x) > MIN_FLING ? Math.max(-MAX_FLING, Math.min(MAX_FLING, -v.x)) : 0;
    await call("session.endPagerDragging", { session: model.view.session, child: g.pager.id, velocity: phase === "up" ? fling : 0, time: p.time });
  } else if (g.axis === "pan") {
    await call("grid.scroll", { session: model.view.session, x: model.layout.offset.x, y: model.layout.offset.y, phase: "idle" });
  }
}

function pagerAt(p) {
  const y = p.y + D.offsetY(model.layout);
  return (model.layout.children || []).find(function (c) {
    return Array.isArray(c.pages) && D.isFrame(c.frame) && y >= c.frame.y && y < c.frame.y + c.frame.height;
  }) || null;
}

// The ios preset's estimate (docs/protocol.md, pointer input): 0.6, 0.35 and
// 0.05 of the three newest sample pairs' speeds (0 once the finger rested 40 ms: REST).
function velocity(samples) {
  const n = samples.length;
  function pair(i) {
    const a = samples[n - 2 - i], b = samples[n - 1 - i];
    if (!a || !b || b.time <= a.time) return { x: 0, y: 0 };
    return { x: (b.x - a.x) / (b.time - a.time), y: (b.y - a.y) / (b.time - a.time) };
  }
  const v0 = pair(0), v1 = pair(1), v2 = pair(2);
  return { x: 0.6 * v2.x + 0.35 * v1.x + 0.05 * v0.x, y: 0.6 * v2.y + 0.35 * v1.y + 0.05 * v0.y };
}

// ---- the transcript ------------------------------------------------------------

function transcript() {
  return exchanges.map(function (x) { return JSON.stringify(x) + "\n"; }).join("");
}

function download() {
  const link = el("a");
  link.href = URL.createObjectURL(new Blob([transcript()], { type: "application/x-ndjson" }));
  link.download = "omniscroll-playground.jsonl";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

// ---- start -----------------------------------------------------------------------

async function start() {
  const picker = document.getElementById("template");
  for (const name of Object.keys(data.builtIn).concat([GRID], Object.keys(data.custom))) {
    picker.appendChild(el("option", null, name));
  }
  picker.value = "shortContainer";
  document.getElementById("phone").style.width = PHONE.width + "px";
  document.getElementById("phone").style.height = PHONE.height + "px";
  token = JSON.parse(await post("/session", "")).token;
  const discovered = await call("rpc.discover", undefined, false);
  const methods = discovered.result ? discovered.result.methods.map(function (m) { return m.name; }) : [];
  pointerInput.container = methods.indexOf("session.pointer") >= 0;
  pointerInput.grid = methods.indexOf("grid.pointer") >= 0 && methods.indexOf("grid.tick") >= 0;
  document.getElementById("mode").textContent =
    (pointerInput.container ? "containers: session.pointer" : "containers: beginDragging/drag/endDragging, scrollPager (no session.pointer)") +
    " · " + (pointerInput.grid ? "grid: grid.pointer" : "grid: grid.scroll (no grid.pointer)");
  // The bridge ends this page's worker when the page goes (or stops beating).
  addEventListener("pagehide", function () { navigator.sendBeacon("/close?token=" + token, ""); });
  setInterval(function () { post("/heartbeat", "").catch(function () { setStatus("the worker has ended: reload"); }); }, HEARTBEAT_MS);
  const phone = document.getElementById("phone");
  for (const type of Object.keys(PHASES)) phone.addEventListener(type, onPointer);
  picker.addEventListener("change", pick);
  document.getElementById("preset").addEventListener("change", pick);
  document.getElementById("restart").addEventListener("click", pick);
  document.getElementById("apply").addEventListener("click", applyEditor);
  document.getElementById("download").addEventListener("click", download);
  await pick();
  setStatus("ready");
}

// What the browser test reads (scripts/test-playground-browser).
window.playground = {
  // Settles once no call is left: also the calls a reply made (a feed's load-more).
  idle: async function () {
    await inputs;
    let last;
    do { last = queue; await last; } while (last !== queue);
  },
  pointerInput: function () { return pointerInput.container; },
  gridPointerInput: function () { return pointerInput.grid; },
  model: function () { return model; },
  moving: function () { return ticking || moving(); },
  transcript: transcript,
  pick: function (name) { document.getElementById("template").value = name; return pick(); },
};

start().catch(function (e) { console.error("playground: " + e.message); });
})();
