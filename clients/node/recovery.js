// Recovery: the bookkeeping that lets a session outlive its worker
// (clients/README.md, "Recovery"). The Client calls it at three seams: `sent`
// where request lines are written, `received` where a reply line is read, and
// `restart` when the worker exits or its pipe breaks.
//
// Per live session it keeps the latest snapshot (`base`, the text the worker
// wrote: never parsed, sent back verbatim) and the successful
// calls replied since (`calls`); after `snapshotEvery` such calls it asks the
// worker for a fresh `session.snapshot` (an id of its own, sent after the
// next request lines), so a journal holds about N calls at most. A new worker
// gets, in this order: `session.create`/`destroy` pairs that bring its
// generated-id counter (`s<n>`) to where the dead worker's was, the
// `session.defineTemplate` calls, each session's `session.restore` (or the
// call that created it) and journal in creation order, and last the request
// lines that had no reply, byte for byte. Requests run in order and the
// engine is deterministic, so the re-sent lines get the replies the dead
// worker would have written. Replay requests carry string ids (`"~r<n>"`)
// that the client's own integer ids never equal, so their replies are
// recognised and dropped.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Calls journaled per session before a fresh snapshot is asked for. */
export const DEFAULT_SNAPSHOT_EVERY = 1024;
/** The most `snapshotEvery` may be (at least 1). */
export const MAX_SNAPSHOT_EVERY = 4096;

const PREFIX = '~r';
// A reply to the recovery's own request starts so; a result's member follows its id.
const OWN_REPLY = '{"jsonrpc":"2.0","id":"~r';
const RESULT = ',"result":';
const CREATING = new Set(['session.create', 'grid.create', 'session.restore']);
// Generated ids bumped past on a new worker: a client that let the worker
// name more sessions than this has its counter restored only this far.
const MAX_ID_BUMP = 100_000;
// A throwaway session: the smallest create the worker accepts.
const DUMMY = { viewport: { width: 1, height: 1 }, children: [] };

// The result of a reply line as the worker wrote it (docs/protocol.md:
// `result` is the line's last member), never parsed.
function rawResult(line) {
  return line.slice(line.indexOf(RESULT) + RESULT.length, line.lastIndexOf('}'));
}

export function checkSnapshotEvery(n) {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SNAPSHOT_EVERY) {
    throw new RangeError(`snapshotEvery must be an integer from 1 to ${MAX_SNAPSHOT_EVERY}`);
  }
  return n;
}

function requestLine(id, method, params) {
  const msg = { jsonrpc: '2.0', id, method };
  if (params !== undefined && params !== null) msg.params = params;
  return JSON.stringify(msg) + '\n';
}

export class Recovery {
  constructor(args, snapshotEvery = DEFAULT_SNAPSHOT_EVERY) {
    this.args = [...args];
    this.every = checkSnapshotEvery(snapshotEvery);
    this.sessions = new Map(); // id -> {base, calls, snapshotting}, in creation order
    this.templates = [];
    this.nextGenerated = 1;
    /** Set once `shutdown` or `exit` is sent: a worker ending then is not revived. */
    this.stopping = false;
    // The log: every line written whose reply has not come, in write order
    // (`_out`), and per line what it asked (`_slots`: a call, a batch's
    // {batch: Map id -> call}, a session for the recovery's own snapshot
    // request, whose line is '' and never re-sent; null once answered) and
    // its first id (`_slotIds`). The worker answers lines in order, so the
    // reply read next answers line `_head`: no lookup per reply.
    this._out = [];
    this._slots = [];
    this._slotIds = [];
    this._head = 0;
    this._resent = 0;
    this._internal = new Map(); // replay / snapshot id -> its session (or null)
    this._queued = [];
    this._ids = 0;
    // What the last death left: the oldest unanswered line, and whether the
    // worker was a restarted one that died before answering all it was sent.
    this._lastHead = undefined;
    this._lastFailed = false;
    this._replay = null; // what the current worker was sent by `restart`
    this._replies = [];
    this._answered = 0; // lines the current worker answered
  }

  /**
   * Records request lines about to be written; returns the string to write
   * after them (queued snapshot requests; '' mostly: after, so the worker
   * answers the lines before it takes the snapshot, which then holds them too). `ids` and `requests`
   * (calls or request objects: a method and params) are per request: one
   * per line, or a batch's on its one line. The log keeps the requests and
   * lines as they are, nothing copied or encoded again.
   */
  sent(lines, ids, requests, asBatch) {
    if (asBatch) {
      this._sentBatch(lines[0], ids, requests);
    } else {
      for (let i = 0; i < requests.length; i++) {
        const method = requests[i].method;
        if (method === 'shutdown' || method === 'exit') this.stopping = true;
        if (ids[i] !== undefined) this._log(lines[i], requests[i], ids[i]);
      }
    }
    let queued = '';
    if (this._queued.length) for (const sid of this._queued.splice(0)) queued += this._snapshotLine(sid);
    return queued;
  }

  _sentBatch(data, ids, requests) {
    const batch = new Map();
    for (let i = 0; i < requests.length; i++) {
      if (requests[i].method === 'shutdown' || requests[i].method === 'exit') this.stopping = true;
      if (ids[i] !== undefined) batch.set(ids[i], requests[i]);
    }
    // A batch of notifications only gets no reply.
    if (batch.size) this._log(data, { batch }, batch.keys().next().value);
  }

  _log(line, slot, id) {
    this._out.push(line);
    this._slots.push(slot);
    this._slotIds.push(id);
  }

  /** The slot of the line the reply read now answers (undefined: none is waiting). */
  _take() {
    const h = this._head;
    if (h >= this._slots.length) return undefined;
    const slot = this._slots[h];
    this._slots[h] = null;
    this._head = h + 1;
    // Answered lines are cut off the front in bulk, not once per reply.
    if (h >= 1024 && h * 2 >= this._slots.length) {
      this._out.splice(0, h + 1);
      this._slots.splice(0, h + 1);
      this._slotIds.splice(0, h + 1);
      this._head = 0;
    }
    return slot;
  }

  /**
   * Observes a reply to the recovery's own request (its id `"~r<n>"`), read
   * off its text, never parsed: a snapshot's result is kept as the worker
   * wrote it and sent back verbatim.
   */
  internal(raw) {
    this._answered += 1;
    if (this._replay !== null && this._replies.length < this._replay.length) this._replies.push(raw);
    const end = raw.indexOf('"', OWN_REPLY.length);
    const id = raw.slice(OWN_REPLY.length - PREFIX.length, end);
    this._internalReply(id, raw.startsWith(RESULT, end + 1) ? rawResult(raw) : undefined);
  }

  /** Observes one reply line (already parsed) before the client dispatches it. */
  received(raw, msg) {
    this._answered += 1;
    if (this._replay !== null && this._replies.length < this._replay.length) this._replies.push(raw);
    if (Array.isArray(msg)) {
      this._receivedBatch(msg);
    } else {
      this._receivedItem(msg);
    }
  }

  _receivedItem(item) {
    if (item === null || typeof item !== 'object') return;
    const id = item.id;
    if (typeof id === 'string') {
      if (id.startsWith(PREFIX)) this._internalReply(id, 'result' in item ? JSON.stringify(item.result) : undefined);
      return;
    }
    if (typeof id !== 'number' && id !== null) return;
    const slot = this._take();
    // A call answered with an error changed nothing: not kept.
    if (slot != null && slot.method !== undefined && 'result' in item) this._journal(slot, item.result);
  }

  _receivedBatch(items) {
    const slot = this._take();
    if (slot == null || slot.batch === undefined) return;
    for (const item of items) {
      if (item === null || typeof item !== 'object' || !('result' in item)) continue;
      const request = slot.batch.get(item.id);
      if (request !== undefined) this._journal(request, item.result);
    }
  }

  /**
   * The string for a new worker; throws a WorkerDied error (made by `died(detail,
   * transcript)`) on a second death on the same call: the oldest unanswered
   * line was that at the previous death too. Two restarted workers in a row
   * that die before answering all they were sent (a worker that dies at
   * start, a replay that crashes it) end it too.
   */
  restart(died) {
    // The lines still unanswered, but the recovery's own snapshot requests.
    const kept = [];
    for (let i = this._head; i < this._out.length; i++) if (this._out[i] !== '') kept.push(i);
    const head = kept.length ? this._slotIds[kept[0]] : undefined;
    const failed = this._replay !== null && (this._answered === 0 || this._answered < this._replay.length);
    if ((head !== undefined && head === this._lastHead) || (failed && this._lastFailed)) {
      const path = this.writeTranscript();
      throw died(`the worker died again on the same call; transcript of the crash: ${path}`, path);
    }
    this._lastHead = head;
    this._lastFailed = failed;
    this._internal.clear();
    this._queued = [];
    const lines = [];
    for (let k = 1; k < Math.min(this.nextGenerated, MAX_ID_BUMP); k++) {
      lines.push(this._internalLine('session.create', DUMMY));
      lines.push(this._internalLine('session.destroy', { session: `s${k}` }));
    }
    for (const t of this.templates) lines.push(this._internalLine(t.method, t.params));
    for (const s of this.sessions.values()) {
      s.snapshotting = false;
      if (s.base !== null) lines.push(this._restoreLine(s.base));
      for (const c of s.calls) lines.push(this._internalLine(c.method, c.params));
    }
    this._out = kept.map((i) => this._out[i]);
    this._slots = kept.map((i) => this._slots[i]);
    this._slotIds = kept.map((i) => this._slotIds[i]);
    this._head = 0;
    this._resent = kept.length;
    lines.push(...this._out);
    this._replay = lines;
    this._replies = [];
    this._answered = 0;
    return lines.join('');
  }

  /** Request lines re-sent by the last `restart`. */
  get resent() { return this._resent; }

  _journal(request, result) {
    const { method, params } = request;
    const sid = params && typeof params === 'object' ? params.session : undefined;
    if (typeof sid === 'string') {
      if (method === 'session.destroy') {
        this.sessions.delete(sid);
        return;
      }
      const s = this.sessions.get(sid);
      if (s === undefined) return;
      if (method === 'session.snapshot') { // the caller's own snapshot is as good as ours
        s.base = JSON.stringify(result);
        s.calls = [];
        return;
      }
      s.calls.push(request);
      if (s.calls.length >= this.every && !s.snapshotting) {
        s.snapshotting = true;
        this._queued.push(sid);
      }
    } else if (CREATING.has(method) && params && typeof params === 'object' && result && typeof result.session === 'string') {
      const id = result.session;
      this.sessions.delete(id);
      // Replayed with the id the worker gave, so it names the same session.
      this.sessions.set(id, { base: null, calls: [{ method, params: { ...params, id } }], snapshotting: false });
      if (method !== 'session.restore' && params.id === undefined && /^s\d+$/.test(id)) {
        this.nextGenerated = Math.max(this.nextGenerated, Number(id.slice(1)) + 1);
      }
    } else if (method === 'session.defineTemplate') {
      this.templates.push(request);
    }
  }

  _internalLine(method, params, session = null) {
    const id = `${PREFIX}${++this._ids}`;
    this._internal.set(id, session);
    return requestLine(id, method, params);
  }

  // A snapshot request of the recovery's own, logged in its place (a line of
  // its own, answered in order, never re-sent).
  _snapshotLine(sid) {
    const s = this.sessions.get(sid);
    if (s === undefined) return '';
    this._log('', s, undefined);
    return this._internalLine('session.snapshot', { session: sid }, s);
  }

  _internalReply(id, result) {
    const s = this._internal.get(id);
    this._internal.delete(id);
    if (!s) return; // a replayed call's reply: dropped
    if (this._slots[this._head] === s) this._take(); // a snapshot request answers the line at the log's head
    s.snapshotting = false;
    // Replies come in request order: every call journaled so far was sent
    // before the snapshot request, so the snapshot holds them all.
    if (result !== undefined) {
      s.base = result;
      s.calls = [];
    }
  }

  /** A session.restore of a snapshot kept as the worker wrote it: sent back verbatim. */
  _restoreLine(snapshot) {
    const id = `${PREFIX}${++this._ids}`;
    this._internal.set(id, null);
    return `{"jsonrpc":"2.0","id":"${id}","method":"session.restore","params":{"snapshot":${snapshot}}}\n`;
  }

  /**
   * A conformance transcript (protocol/conformance/) of what the last worker
   * was sent, up to the line it never answered: from a fresh worker it
   * reproduces the crash (`omniscroll trace`).
   */
  writeTranscript() {
    const path = join(mkdtempSync(join(tmpdir(), 'omniscroll-crash-')), 'transcript.jsonl');
    let text = JSON.stringify({ args: this.args }) + '\n';
    for (let i = 0; i < (this._replay ?? []).length; i++) {
      const expect = i < this._replies.length ? this._replies[i] : null;
      text += JSON.stringify({ send: this._replay[i].slice(0, -1), expect }) + '\n';
      if (expect === null) break;
    }
    writeFileSync(path, text);
    return path;
  }
}
