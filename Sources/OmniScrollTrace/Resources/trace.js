// The trace page's own script (docs/trace.md): stepping by the slider, the
// arrow keys or a click on the timeline, and the details of the chosen step.
// The drawing it shares with the playground is draw.js, loaded before it.
// `#step=N` opens step N; `#selftest` steps through every step with the arrow
// key and writes the measurements of every drawn box (see draw.js) into the
// page's selftest element.
(function () {
"use strict";
const D = OmniScrollDraw;
const el = D.el, num = D.num, compact = D.compact;
const data = JSON.parse(document.getElementById("trace-data").textContent);
const steps = data.steps;
const TICK_PX = 30;
const DRAWN_LAYOUT = ["children", "tiles", "events", "tracks"];

function results(reply) {
  if (reply === undefined || reply === null) return [];
  return Array.isArray(reply) ? reply : [reply];
}
function eventsOf(step) {
  // A reply cut at the page's byte bound (docs/trace.md, "Bounds") brings its events along.
  if (Array.isArray(step.replyEvents)) return step.replyEvents;
  const out = [];
  for (const r of results(step.replyValue)) {
    if (r && r.result && Array.isArray(r.result.events)) out.push(...r.result.events);
  }
  return out;
}

// A text cut at the page's byte bound, with what was left out said at its end.
function cutText(text, more) {
  return more ? text + "… (" + more + " bytes more)" : text;
}
// The note under a list of children the trace left out (docs/trace.md, "Bounds").
function omittedNote(step) {
  const n = step.view && step.view.omittedChildren;
  return n ? el("div", "omitted muted", "… " + n + " more children") : null;
}

// A session.pointer request's finger, which the drawing shows in the viewport.
function fingerOf(r) {
  if (!r || typeof r.method !== "string" || !/\.pointer$/.test(r.method) || !r.params) return undefined;
  return { phase: r.params.phase, x: r.params.x, y: r.params.y };
}

for (const s of steps) {
  s.replyValue = D.parse(s.reply);
  s.requestValue = D.parse(s.request);
  s.layout = s.view && s.view.layout ? s.view.layout : null;
  s.snapshot = s.view && s.view.snapshot ? s.view.snapshot : null;
  s.events = eventsOf(s);
  s.finger = fingerOf(s.requestValue);
}

for (const s of steps) {
  if (s.layout && Array.isArray(s.layout.children)) s.layout.children.forEach(function (c) { D.colorOf(c.id); });
}

for (const s of steps) s.pinned = D.pinnedBars(s);
// One content extent per session over every step, so the drawing holds still while stepping.
const extents = new Map();
for (const s of steps) {
  if (D.isStack(s.layout)) extents.set(s.view.session, D.growExtent(extents.get(s.view.session), s));
}

function method(step) {
  const r = step.requestValue;
  if (Array.isArray(r)) return "batch of " + r.length;
  if (typeof step.method === "string") return step.method;
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
  for (const e of step.events) events.appendChild(D.eventChip(e));

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
  D.drawChildren(step, children);
  const omitted = omittedNote(step);
  if (omitted) {
    const tr = el("tr");
    const td = el("td");
    td.colSpan = 2;
    td.appendChild(omitted);
    tr.appendChild(td);
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
    : step.reply === null ? "(no reply: a notification)" : cutText(step.reply, step.replyMore);
  document.getElementById("request").textContent = cutText(step.request, step.requestMore);
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
    const y = D.offsetY(s.layout);
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
    const py = 6 + (r.hi > r.lo ? (D.offsetY(s.layout) - r.lo) / (r.hi - r.lo) : 0) * (height - 12);
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
      mark.style.background = D.colorOf(e.child);
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
  D.drawViewport(steps[current], document.getElementById("viewport-panel"));
  const step = steps[current];
  D.drawContent(step, document.getElementById("content-panel"), step.view && extents.get(step.view.session));
  const omitted = omittedNote(step);
  if (omitted) document.getElementById("content-panel").appendChild(omitted);
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
